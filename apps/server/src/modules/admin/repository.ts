import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ClientsQuery } from '@toque/contracts/admin';
import { CONDOMINIUM_PRODUCT_ID, DAY_MS } from '@toque/contracts/constants';
import { cpfDigits } from '@toque/contracts/cpf';
import { alias } from 'drizzle-orm/pg-core';
import type { Conn, Db, Tx } from '../../db/client';
import { auditLog, condominiums, conversations, tagBatches, tagMedicalCards, tagPhotos, tags, unitResidents, units, users } from '../../db/schema';

/** FIND-09: a released tag's finder-page switches as a new tag's. */
const finderDefaults = { showOwnerName: true, showPhoto: true, showReward: true, showCity: false, lostCity: null, lostSince: null };

/** `%`, `_` and `\` typed by the admin are matched literally. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * ADM-03 / ADM-08: a search is CPF digits when it is made of digits and punctuation only
 * ('123.456', '789-09'), else part of a name or e-mail.
 */
function clientFilter(search: string): SQL | undefined {
  const text = search.trim();
  if (!text) return undefined;
  if (/^[\d.\-/\s]+$/.test(text)) {
    const digits = cpfDigits(text);
    return digits ? like(users.cpfCnpj, `%${digits}%`) : undefined;
  }
  const pattern = `%${likeEscape(text)}%`;
  return or(ilike(users.name, pattern), ilike(users.email, pattern));
}

/** The tags these users own, leaving out disabled plates. */
function ownedTags(db: Conn, ownerIds: string[]) {
  return db
    .select({
      ownerId: tags.ownerId,
      code: tags.code,
      isActive: tags.isActive,
      productId: tags.productId,
      name: tags.name,
    })
    .from(tags)
    .where(and(inArray(tags.ownerId, ownerIds), isNull(tags.disabledAt)));
}

const batchColumns = {
  id: tagBatches.id,
  productId: tagBatches.productId,
  count: tagBatches.count,
  createdAt: tagBatches.createdAt,
  email: users.email,
  // ADM-11: how many of the batch's codes have an owner.
  claimed:
    sql<number>`(select count(*) from ${tags} where ${tags.batchId} = ${tagBatches.id} and ${tags.ownerId} is not null)`.mapWith(
      Number,
    ),
};

/** The administrator's own queries (ADM-03…ADM-08); the audit row itself is db/repositories/audit.ts. */
/** The key of an audit entry's target of this kind (`user:<uuid>`, `unit:<id>`…), typed; null for another kind. */
function targetKey(prefix: 'tag:' | 'user:' | 'unit:' | 'condominium:', type: 'bpchar' | 'uuid' | 'bigint') {
  // bpchar: a tag's code is char(8), so its primary key is what the comparison uses.
  const shape = { bpchar: '.{1,8}', uuid: '[0-9a-fA-F-]{36}', bigint: '[0-9]{1,18}' }[type];
  const key = sql`substring(${auditLog.target} from ${sql.raw(String(prefix.length + 1))})`;
  return sql`(case when ${auditLog.target} ~ ${`^${prefix}${shape}$`} then ${key}::${sql.raw(type)} end)`;
}

export const adminRepository = {
  /** One page of clients matching the search, its total, and the page's tags (ADM-08). */
  async clients(db: Db, query: ClientsQuery) {
    const owns = (condition: SQL) =>
      sql`exists (select 1 from ${tags} where ${tags.ownerId} = ${users.id} and ${tags.disabledAt} is null and ${condition})`;
    const where = and(
      clientFilter(query.search),
      // ADM-09: owns a plate; has a tag switched off; signed up between two days (both included, UTC).
      query.hasCondominium ? owns(sql`${tags.productId} = ${CONDOMINIUM_PRODUCT_ID}`) : undefined,
      query.hasInactiveTag ? owns(sql`${tags.isActive} = false`) : undefined,
      query.signedUpFrom ? gte(users.createdAt, new Date(`${query.signedUpFrom}T00:00:00Z`)) : undefined,
      query.signedUpTo
        ? lt(users.createdAt, new Date(Date.parse(`${query.signedUpTo}T00:00:00Z`) + DAY_MS))
        : undefined,
    );
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).where(where);
    const page = await db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        cpf: users.cpfCnpj,
        blockedAt: users.blockedAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    const owned = page.length
      ? await ownedTags(
          db,
          page.map((u) => u.id),
        ).orderBy(asc(tags.productId), asc(tags.createdAt), asc(tags.code))
      : [];
    return { total: Number(total), page, owned };
  },

  /**
   * ADM-04 / PERF-04: every client with their tags, EXPORT's page of `batch` users at a time, read
   * by keyset (users' id). The next page is read only when the consumer asks for it, so a consumer
   * that waits on a backed-up download holds one page in memory, whatever the number of clients.
   */
  async *clientPages(db: Db, batch: number) {
    let after: string | undefined;
    for (;;) {
      const page = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          cpf: users.cpfCnpj,
          phone: users.phone,
          blockedAt: users.blockedAt,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(after ? gt(users.id, after) : undefined)
        .orderBy(asc(users.id))
        .limit(batch);
      if (page.length === 0) return;
      const owned = await ownedTags(
        db,
        page.map((u) => u.id),
      ).orderBy(asc(tags.code));
      yield { page, owned };
      if (page.length < batch) return;
      after = page[page.length - 1]!.id;
    }
  },

  /**
   * ADM-12: every tag with its owner (none for a code not yet claimed), in keyset pages of `batch`
   * by code, for the spreadsheet's sheet of tags.
   */
  async *tagPages(db: Db, batch: number) {
    let after: string | undefined;
    for (;;) {
      const page = await db
        .select({
          code: tags.code,
          productId: tags.productId,
          name: tags.name,
          isActive: tags.isActive,
          lost: sql<boolean>`${tags.lostMessage} is not null`,
          batchId: tags.batchId,
          createdAt: tags.createdAt,
          disabledAt: tags.disabledAt,
          ownerName: users.name,
          ownerEmail: users.email,
          ownerCpf: users.cpfCnpj,
          planInterval: tags.planInterval,
          planDueAt: tags.planDueAt,
        })
        .from(tags)
        .leftJoin(users, eq(users.id, tags.ownerId))
        .where(after ? gt(tags.code, after) : undefined)
        .orderBy(asc(tags.code))
        .limit(batch);
      if (page.length === 0) return;
      yield page;
      if (page.length < batch) return;
      after = page[page.length - 1]!.code;
    }
  },

  /** ADM-03 / ADM-06: the active switch. */
  setActive(tx: Tx, code: string, isActive: boolean) {
    return tx.update(tags).set({ isActive }).where(eq(tags.code, code));
  },

  /** ADM-07: back to unclaimed, with its name and info cleared; a plate's condominium loses its síndico. */
  async release(tx: Tx, code: string) {
    await tx
      .update(tags)
      .set({ ownerId: null, name: '', importantInfo: '', showInfoToFinder: false, planDueAt: null, ...finderDefaults })
      .where(eq(tags.code, code));
    // FIND-09: the former owner's photo does not go to the next one.
    await tx.delete(tagPhotos).where(eq(tagPhotos.tagCode, code));
    // FIND-11: nor does the medical card (health data of the person who wore it).
    await tx.delete(tagMedicalCards).where(eq(tagMedicalCards.tagCode, code));
    // FIND-06: nor do the conversations finders had with the former owner (a unit's stay with its residents).
    await tx.delete(conversations).where(and(eq(conversations.tagCode, code), isNull(conversations.unitId)));
    await tx.update(condominiums).set({ adminUserId: null }).where(eq(condominiums.tagCode, code));
  },

  /** ADM-07: a new owner; a plate's condominium gets them as its síndico. */
  async transfer(tx: Tx, code: string, ownerId: string, reissue = false) {
    await tx
      .update(tags)
      .set(reissue ? { ownerId, disabledAt: null } : { ownerId })
      .where(eq(tags.code, code));
    // FIND-06: the new owner does not read what finders wrote to the former one.
    await tx.delete(conversations).where(and(eq(conversations.tagCode, code), isNull(conversations.unitId)));
    // FIND-11: nor the medical card the former owner filled (health data of someone else).
    await tx.delete(tagMedicalCards).where(eq(tagMedicalCards.tagCode, code));
    await tx.update(condominiums).set({ adminUserId: ownerId }).where(eq(condominiums.tagCode, code));
  },

  blockedAt(db: Conn, userId: string) {
    return db
      .select({ blockedAt: users.blockedAt })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1)
      .then((r) => r[0]);
  },

  /** ADM-07: blocking moves the token version on, so every session of the user ends. */
  setBlocked(tx: Tx, userId: string, blockedAt: Date | null) {
    return tx
      .update(users)
      .set(blockedAt ? { blockedAt, tokenVersion: sql`${users.tokenVersion} + 1` } : { blockedAt: null })
      .where(eq(users.id, userId));
  },

  /** Any unit resident, by membership id; answers the removed row, or undefined. */
  removeResident(tx: Tx, memberId: number) {
    return tx
      .delete(unitResidents)
      .where(eq(unitResidents.id, memberId))
      .returning({ unitId: unitResidents.unitId, userId: unitResidents.userId })
      .then((r) => r[0]);
  },

  /** ADM-07: the audit log, newest first, one page at a time, with the actor's e-mail. */
  /**
   * ADM-07 / ADM-10: the log, newest first, with the names it reads in words (the actor's; the owner of
   * a tag or the account a `user:` entry names), filtered by actor e-mail, target (a code or an e-mail,
   * in part) and action.
   */
  async auditPage(
    db: Db,
    query: {
      page: number;
      pageSize: number;
      actor?: string | undefined;
      target?: string | undefined;
      action?: string | undefined;
    },
  ) {
    const tagOwner = alias(users, 'tag_owner');
    const account = alias(users, 'account');
    // ADM-10: a `condominium:` or `unit:` entry reads with the building's (and the unit's) name.
    const targetUnit = alias(units, 'target_unit');
    const targetCondo = alias(condominiums, 'target_condo');
    const part = (text: string) => `%${likeEscape(text)}%`;
    const where = and(
      query.actor ? ilike(users.email, part(query.actor)) : undefined,
      query.target
        ? or(
            ilike(auditLog.target, part(query.target)),
            ilike(tagOwner.email, part(query.target)),
            ilike(account.email, part(query.target)),
          )
        : undefined,
      query.action ? eq(auditLog.action, query.action) : undefined,
    );
    const base = () =>
      db
        .select({
          id: auditLog.id,
          actorId: auditLog.actorId,
          actorEmail: users.email,
          actorName: users.name,
          targetOwnerName: sql<string | null>`coalesce(${tagOwner.name}, ${account.name})`,
          targetUnitName: targetUnit.name,
          targetUnitBlock: targetUnit.block,
          targetCondominiumName: targetCondo.name,
          action: auditLog.action,
          target: auditLog.target,
          before: auditLog.before,
          after: auditLog.after,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        // Each target's key is cut out of the entry and looked up by the other table's primary key: a
        // join on `'user:' || users.id::text` compared every entry with every row (seconds at 10,000
        // accounts, past the statement deadline of REL-06).
        .leftJoin(tags, sql`${tags.code} = ${targetKey('tag:', 'bpchar')}`)
        .leftJoin(tagOwner, eq(tagOwner.id, tags.ownerId))
        .leftJoin(account, sql`${account.id} = ${targetKey('user:', 'uuid')}`)
        .leftJoin(targetUnit, sql`${targetUnit.id} = ${targetKey('unit:', 'bigint')}`)
        .leftJoin(targetCondo, sql`${targetCondo.id} = coalesce(${targetKey('condominium:', 'bigint')}, ${targetUnit.condominiumId})`)
        .where(where);
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(base().as('filtered'));
    const rows = await base()
      .orderBy(desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return { total: Number(total), rows };
  },

  /** ADM-05: the latest 50 batches, with who minted them. */
  batches(db: Db) {
    return db
      .select(batchColumns)
      .from(tagBatches)
      .leftJoin(users, eq(users.id, tagBatches.createdBy))
      .orderBy(desc(tagBatches.id))
      .limit(50);
  },

  batch(db: Db, batchId: number) {
    return db
      .select(batchColumns)
      .from(tagBatches)
      .leftJoin(users, eq(users.id, tagBatches.createdBy))
      .where(eq(tagBatches.id, batchId))
      .limit(1)
      .then((r) => r[0]);
  },

  batchCodes(db: Db, batchId: number) {
    return db
      .select({ code: tags.code, ownerId: tags.ownerId })
      .from(tags)
      .where(eq(tags.batchId, batchId))
      .orderBy(asc(tags.code));
  },
};
