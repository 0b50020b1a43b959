import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { preparedRows, type Conn, type Db, type PreparedQuery, type Tx } from '../../db/client';
import { tagMembers, tags, unitResidents, units, users } from '../../db/schema';

// Table names are written out: a prepared statement's text is fixed (schema.ts names them).
const LIST_FOR_USER: PreparedQuery = {
  name: 'products_list_for_user',
  text: `
    select t.code, t.product_id, t.name, t.important_info, t.show_info_to_finder, t.is_active, t.scan_alerts, t.lost_message, t.lost_reward, t.lost_reward_cents, t.plan_due_at, bool_or(v.is_owner) as is_owner,
      t.show_owner_name, t.show_photo, t.show_reward, t.show_city, t.lost_city, p.hash as photo_hash, p.width as photo_width, p.height as photo_height
    from (
      select code as tag_code, true as is_owner from tags where owner_id = $1
      union all
      select tag_code, false from tag_members where user_id = $1
      union all
      select c.tag_code, false from unit_residents r
        join units u on u.id = r.unit_id
        join condominiums c on c.id = u.condominium_id
        where r.user_id = $1 and c.tag_code is not null
    ) v
    join tags t on t.code = v.tag_code
    left join tag_photos p on p.tag_code = t.code
    where t.disabled_at is null
    group by t.code, p.tag_code
    order by t.product_id, t.created_at, t.code`,
};

export const productsRepository = {
  /**
   * Every tag the user sees: owned, shared with them (member), and the condominium plates of the
   * units they live in — one query, the hot read of PERF-01 (a prepared statement; see preparedRows).
   */
  listForUser(db: Db, userId: string) {
    return preparedRows<{
      code: string;
      product_id: number;
      name: string;
      important_info: string;
      show_info_to_finder: boolean;
      is_active: boolean;
      scan_alerts: boolean;
      lost_message: string | null;
      lost_reward: string | null;
      lost_reward_cents: number | null;
      plan_due_at: Date | string | null;
      is_owner: boolean;
      show_owner_name: boolean;
      show_photo: boolean;
      show_reward: boolean;
      show_city: boolean;
      lost_city: string | null;
      photo_hash: string | null;
      photo_width: number | null;
      photo_height: number | null;
    }>(db, LIST_FOR_USER, [userId]);
  },

  isMember(db: Conn, code: string, userId: string) {
    return db
      .select({ n: count() })
      .from(tagMembers)
      .where(and(eq(tagMembers.tagCode, code), eq(tagMembers.userId, userId)))
      .then((r) => (r[0]?.n ?? 0) > 0);
  },

  lockUnitByCode(tx: Tx, associationCode: string) {
    return tx
      .select()
      .from(units)
      .where(eq(units.associationCode, associationCode))
      .for('update')
      .then((r) => r[0]);
  },

  addResident(tx: Tx, unitId: number, userId: string) {
    return tx.insert(unitResidents).values({ unitId, userId });
  },

  disable(db: Conn, code: string) {
    return db
      .update(tags)
      .set({ disabledAt: new Date() })
      .where(and(eq(tags.code, code), isNull(tags.disabledAt)));
  },

  updateDetails(db: Conn, code: string, values: Partial<Pick<typeof tags.$inferInsert, 'name' | 'importantInfo' | 'showInfoToFinder' | 'scanAlerts' | 'lostMessage' | 'lostReward' | 'lostRewardCents' | 'showOwnerName' | 'showPhoto' | 'showReward' | 'showCity' | 'lostCity'>> & { lostSince?: 'from-now' | null }) {
    const { lostSince, ...rest } = values;
    // FIND-10: 'from-now' dates lost mode from now unless it is already dated (saving again keeps the date).
    const since = lostSince === undefined ? {} : { lostSince: lostSince === null ? null : sql`coalesce(${tags.lostSince}, now())` };
    return db.update(tags).set({ ...rest, ...since }).where(eq(tags.code, code));
  },

  members(db: Conn, code: string) {
    return db
      .select({ userId: users.id, name: users.name, email: users.email })
      .from(tagMembers)
      .innerJoin(users, eq(users.id, tagMembers.userId))
      .where(eq(tagMembers.tagCode, code))
      .orderBy(asc(tagMembers.createdAt));
  },

  addMember(tx: Tx, code: string, userId: string) {
    return tx.insert(tagMembers).values({ tagCode: code, userId });
  },

  removeMember(db: Conn, code: string, userId: string) {
    return db
      .delete(tagMembers)
      .where(and(eq(tagMembers.tagCode, code), eq(tagMembers.userId, userId)))
      .returning({ userId: tagMembers.userId });
  },
};
