import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Conn, Tx } from '../../db/client';
import {
  condominiums,
  conversationMessages,
  conversationReads,
  conversationRecordings,
  conversations,
  tagMembers,
  tags,
  units,
  users,
} from '../../db/schema';
import { unitResidentsRepository } from '../../db/repositories/unit-residents';

export type ConversationRow = typeof conversations.$inferSelect;
export type ConversationMessageRow = typeof conversationMessages.$inferSelect;

/** FIND-06: the conversations' own SQL (docs/decisions/0044). */
export const conversationsRepository = {

  unitOfPlate(db: Conn, code: string, unitId: number) {
    return db
      .select({ id: units.id, name: units.name })
      .from(units)
      .innerJoin(condominiums, eq(condominiums.id, units.condominiumId))
      .where(and(eq(units.id, unitId), eq(condominiums.tagCode, code)))
      .limit(1)
      .then((r) => r[0]);
  },

  /** Who answers a conversation now: a unit's residents, else the tag's owner and members. */
  async recipientIds(db: Conn, c: { tagCode: string; unitId: number | null; ownerId: string | null }) {
    if (c.unitId !== null) {
      return unitResidentsRepository.ids(db, c.unitId);
    }
    const members = await db.select({ userId: tagMembers.userId }).from(tagMembers).where(eq(tagMembers.tagCode, c.tagCode));
    return [...new Set([c.ownerId, ...members.map((m) => m.userId)].filter((id): id is string => id !== null))];
  },

  insertConversation(tx: Tx, values: typeof conversations.$inferInsert) {
    return tx
      .insert(conversations)
      .values(values)
      .returning()
      .then((r) => r[0]!);
  },

  /**
   * CALL-17: the thread of an answered call, whose token hash is the call's own (derived): a second
   * open of the same call — a member racing the owner, another process — inserts nothing and finds it.
   */
  async insertOrFind(tx: Tx, values: typeof conversations.$inferInsert & { tokenHash: string }) {
    const [inserted] = await tx.insert(conversations).values(values).onConflictDoNothing({ target: conversations.tokenHash }).returning();
    return inserted ?? (await tx.select().from(conversations).where(eq(conversations.tokenHash, values.tokenHash)).limit(1))[0]!;
  },

  insertMessage(tx: Tx, values: typeof conversationMessages.$inferInsert) {
    return tx
      .insert(conversationMessages)
      .values(values)
      .returning()
      .then((r) => r[0]!);
  },

  /** FIND-12: a recording's bytes, stored beside its message (deleted with it). */
  insertRecording(tx: Tx, values: typeof conversationRecordings.$inferInsert) {
    return tx.insert(conversationRecordings).values(values);
  },

  /** FIND-12: a recording of this conversation (the caller checked who reads it). */
  recording(db: Conn, conversationId: string, messageId: number) {
    return db
      .select({ mime: conversationRecordings.mime, bytes: conversationRecordings.bytes })
      .from(conversationRecordings)
      .where(and(eq(conversationRecordings.conversationId, conversationId), eq(conversationRecordings.messageId, messageId)))
      .limit(1)
      .then((r) => r[0]);
  },

  touch(tx: Tx, id: string, at: Date) {
    return tx.update(conversations).set({ lastMessageAt: at }).where(eq(conversations.id, id));
  },

  byTokenHash(db: Conn, tokenHash: string) {
    return db
      .select()
      .from(conversations)
      .where(eq(conversations.tokenHash, tokenHash))
      .limit(1)
      .then((r) => r[0]);
  },

  byId(db: Conn, id: string) {
    return db
      .select({ conversation: conversations, tagName: tags.name, productId: tags.productId, ownerId: tags.ownerId, unitName: units.name })
      .from(conversations)
      .innerJoin(tags, eq(tags.code, conversations.tagCode))
      .leftJoin(units, eq(units.id, conversations.unitId))
      .where(eq(conversations.id, id))
      .limit(1)
      .then((r) => r[0]);
  },

  /**
   * The thread, oldest first, with each author's name (the caller keeps only the first name) and,
   * for a recording (FIND-12), its kind and length — never its bytes.
   */
  messages(db: Conn, conversationId: string) {
    return db
      .select({
        message: conversationMessages,
        authorName: users.name,
        recordingKind: conversationRecordings.kind,
        recordingMs: conversationRecordings.durationMs,
      })
      .from(conversationMessages)
      .leftJoin(users, eq(users.id, conversationMessages.authorId))
      .leftJoin(conversationRecordings, eq(conversationRecordings.messageId, conversationMessages.id))
      .where(eq(conversationMessages.conversationId, conversationId))
      .orderBy(asc(conversationMessages.id));
  },

  /**
   * Every conversation this user answers: of tags they own or are a member of (not a plate's
   * unit conversation), and of the units they live in. Newest first.
   */
  forUser(db: Conn, userId: string, limit: number) {
    const mine = or(
      and(isNull(conversations.unitId), eq(tags.ownerId, userId)),
      and(isNull(conversations.unitId), sql`exists (select 1 from tag_members m where m.tag_code = ${conversations.tagCode} and m.user_id = ${userId})`),
      and(isNotNull(conversations.unitId), sql`exists (select 1 from unit_residents r where r.unit_id = ${conversations.unitId} and r.user_id = ${userId})`),
    );
    return db
      .select({
        conversation: conversations,
        tagName: tags.name,
        productId: tags.productId,
        unitName: units.name,
        unread: sql<number>`(select count(*) from conversation_messages cm where cm.conversation_id = ${conversations.id} and cm.from_finder and cm.id > coalesce((select cr.last_read_id from conversation_reads cr where cr.conversation_id = ${conversations.id} and cr.user_id = ${userId}), 0))`.mapWith(Number),
        lastMessage: sql<string>`coalesce((select cm.body from conversation_messages cm where cm.conversation_id = ${conversations.id} order by cm.id desc limit 1), '')`,
      })
      .from(conversations)
      .innerJoin(tags, eq(tags.code, conversations.tagCode))
      .leftJoin(units, eq(units.id, conversations.unitId))
      .where(mine)
      .orderBy(desc(conversations.lastMessageAt))
      .limit(limit);
  },

  markRead(db: Conn, conversationId: string, userId: string, lastReadId: number) {
    return db
      .insert(conversationReads)
      .values({ conversationId, userId, lastReadId })
      .onConflictDoUpdate({
        target: [conversationReads.conversationId, conversationReads.userId],
        set: { lastReadId: sql`greatest(${conversationReads.lastReadId}, excluded.last_read_id)` },
      });
  },

  setClosed(db: Conn, id: string, at: Date) {
    return db.update(conversations).set({ closedAt: at }).where(and(eq(conversations.id, id), isNull(conversations.closedAt)));
  },

  setBlocked(db: Conn, id: string, at: Date) {
    return db.update(conversations).set({ blockedAt: at }).where(and(eq(conversations.id, id), isNull(conversations.blockedAt)));
  },

  /** Claims this conversation's e-mail slot: true once per interval (an atomic UPDATE, safe across processes). */
  claimMail(db: Conn, id: string, now: Date, intervalMs: number) {
    const cutoff = new Date(now.getTime() - intervalMs);
    return db
      .update(conversations)
      .set({ lastMailedAt: now })
      .where(and(eq(conversations.id, id), or(isNull(conversations.lastMailedAt), lt(conversations.lastMailedAt, cutoff))))
      .returning({ id: conversations.id })
      .then((r) => r.length > 0);
  },

  emailsOf(db: Conn, userIds: string[]) {
    if (userIds.length === 0) return Promise.resolve([]);
    return db.select({ email: users.email }).from(users).where(inArray(users.id, userIds));
  },

  /**
   * SEC-07 / LEG-01: the finder's position and address past their retention are cleared, like the
   * calls'; conversations whose last message is older than `deleteBefore` are deleted with their messages.
   */
  async purge(db: Conn, o: { locationBefore: Date; ipBefore: Date; deleteBefore: Date }) {
    const located = await db
      .update(conversations)
      .set({ latitude: null, longitude: null })
      .where(and(lt(conversations.createdAt, o.locationBefore), or(isNotNull(conversations.latitude), isNotNull(conversations.longitude))))
      .returning({ id: conversations.id });
    const messages = await db
      .update(conversationMessages)
      .set({ latitude: null, longitude: null })
      .where(and(lt(conversationMessages.createdAt, o.locationBefore), isNotNull(conversationMessages.latitude)))
      .returning({ id: conversationMessages.id });
    const addressed = await db
      .update(conversations)
      .set({ callerAddress: null })
      .where(and(lt(conversations.createdAt, o.ipBefore), isNotNull(conversations.callerAddress)))
      .returning({ id: conversations.id });
    const deleted = await db.delete(conversations).where(lt(conversations.lastMessageAt, o.deleteBefore)).returning({ id: conversations.id });
    return { location: located.length + messages.length, ip: addressed.length, deleted: deleted.length };
  },
};
