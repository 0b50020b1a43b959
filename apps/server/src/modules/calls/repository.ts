import { and, asc, sql, count, desc, eq, gt, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Conn, Db, Tx } from '../../db/client';
import { callRecipients, calls, condominiums, tagMembers, tags, units, users, visitorPasses } from '../../db/schema';

const PURGE_BATCH = 1000;
export type CallStatus = (typeof calls.$inferSelect)['status'];

/** What a ringing screen and a notification show of a call: the call, its tag's name and type, the unit, the pass's visitor. */
const summaryFields = {
  call: calls,
  tagName: tags.name,
  productId: tags.productId,
  unitName: units.name,
  visitorName: visitorPasses.visitorName,
  passUntil: visitorPasses.validUntil,
};

export const callsRepository = {
  condominiumOfPlate(db: Conn, code: string) {
    return db
      .select({ id: condominiums.id, name: condominiums.name })
      .from(condominiums)
      .where(eq(condominiums.tagCode, code))
      .orderBy(asc(condominiums.id))
      .limit(1)
      .then((r) => r[0]);
  },

  /** A plate's units, with how many residents each has (CONDO-10: nobody to ring → not offered). */
  unitsOf(db: Conn, condominiumId: number) {
    return db
      .select({ id: units.id, name: units.name, block: units.block, residents: sql<number>`(select count(*) from unit_residents r where r.unit_id = "units"."id")`.mapWith(Number) })
      .from(units)
      .where(eq(units.condominiumId, condominiumId))
      .orderBy(asc(units.id));
  },

  /** The unit, only when it belongs to the condominium of this plate. */
  unitOfPlate(db: Conn, code: string, unitId: number) {
    return db
      .select({ id: units.id, name: units.name })
      .from(units)
      .innerJoin(condominiums, eq(condominiums.id, units.condominiumId))
      .where(and(eq(units.id, unitId), eq(condominiums.tagCode, code)))
      .limit(1)
      .then((r) => r[0]);
  },

  memberIds(db: Conn, code: string) {
    return db
      .select({ userId: tagMembers.userId })
      .from(tagMembers)
      .where(eq(tagMembers.tagCode, code))
      .then((r) => r.map((x) => x.userId));
  },

  insertCall(tx: Tx, values: typeof calls.$inferInsert, recipientIds: string[]) {
    return tx
      .insert(calls)
      .values(values)
      .then(() => tx.insert(callRecipients).values(recipientIds.map((userId) => ({ callId: values.id, userId }))));
  },

  findCall(db: Conn, roomId: string) {
    return db
      .select()
      .from(calls)
      .where(eq(calls.id, roomId))
      .limit(1)
      .then((r) => r[0]);
  },

  /** The call with what a notification shows: tag name and type, unit name. */
  summary(db: Conn, roomId: string) {
    return db
      .select(summaryFields)
      .from(calls)
      .innerJoin(tags, eq(tags.code, calls.tagCode))
      .leftJoin(units, eq(units.id, calls.unitId))
      .leftJoin(visitorPasses, eq(visitorPasses.id, calls.passId))
      .where(eq(calls.id, roomId))
      .limit(1)
      .then((r) => r[0]);
  },

  recipients(db: Conn, roomId: string) {
    return db
      .select({ userId: callRecipients.userId, email: users.email, declinedAt: callRecipients.declinedAt })
      .from(callRecipients)
      .innerJoin(users, eq(users.id, callRecipients.userId))
      .where(eq(callRecipients.callId, roomId));
  },

  isRecipient(db: Conn, roomId: string, userId: string) {
    return db
      .select({ n: count() })
      .from(callRecipients)
      .where(and(eq(callRecipients.callId, roomId), eq(callRecipients.userId, userId)))
      .then((r) => (r[0]?.n ?? 0) > 0);
  },

  /**
   * Moves the call from one of `from` to `values.status`, atomically: of two processes (or two
   * recipients) racing, exactly one gets the row back and does the notifying.
   */
  transition(db: Conn, roomId: string, from: CallStatus[], values: Partial<typeof calls.$inferInsert>) {
    return db
      .update(calls)
      .set(values)
      .where(and(eq(calls.id, roomId), inArray(calls.status, from)))
      .returning()
      .then((r) => r[0]);
  },

  decline(db: Conn, roomId: string, userId: string) {
    return db
      .update(callRecipients)
      .set({ declinedAt: new Date() })
      .where(and(eq(callRecipients.callId, roomId), eq(callRecipients.userId, userId), isNull(callRecipients.declinedAt)));
  },

  undeclinedCount(db: Conn, roomId: string) {
    return db
      .select({ n: count() })
      .from(callRecipients)
      .where(and(eq(callRecipients.callId, roomId), isNull(callRecipients.declinedAt)))
      .then((r) => r[0]?.n ?? 0);
  },

  /** One message per call, and only for a call nobody answered. */
  setMessage(db: Conn, roomId: string, values: { message: string; conversationId?: string; latitude?: number; longitude?: number }) {
    return db
      .update(calls)
      .set(values)
      .where(and(eq(calls.id, roomId), isNull(calls.answeredAt), isNull(calls.message)))
      .returning()
      .then((r) => r[0]);
  },

  /** CALL-17: the thread the owner opened after the call (only when none is linked yet). */
  linkConversation(db: Conn, roomId: string, conversationId: string) {
    return db.update(calls).set({ conversationId }).where(and(eq(calls.id, roomId), isNull(calls.conversationId)));
  },

  /** CALL-15: the finder's position, once, when it arrives after the call was made without one. */
  setLocation(db: Conn, roomId: string, values: { latitude: number; longitude: number }) {
    return db
      .update(calls)
      .set(values)
      .where(and(eq(calls.id, roomId), isNull(calls.latitude), isNull(calls.longitude)))
      .returning({ id: calls.id, status: calls.status })
      .then((r) => r[0]);
  },

  /** CALL-15: one way to be called back per call, and only for a call nobody answered. */
  setCallbackContact(db: Conn, roomId: string, contact: string) {
    return db
      .update(calls)
      .set({ callbackContact: contact })
      .where(and(eq(calls.id, roomId), isNull(calls.answeredAt), isNull(calls.callbackContact)))
      .returning({ id: calls.id, status: calls.status })
      .then((r) => r[0]);
  },

  history(db: Conn, userId: string, limit: number) {
    return db
      .select({ call: calls, tagName: tags.name, productId: tags.productId, unitName: units.name })
      .from(callRecipients)
      .innerJoin(calls, eq(calls.id, callRecipients.callId))
      .innerJoin(tags, eq(tags.code, calls.tagCode))
      .leftJoin(units, eq(units.id, calls.unitId))
      .where(eq(callRecipients.userId, userId))
      .orderBy(desc(calls.startedAt), desc(calls.id))
      .limit(limit);
  },

  /**
   * SEC-05: the calls of this tag still ringing (started after `since`: one the sweeper has not
   * reached yet has stopped ringing all the same), and when the oldest of them started.
   */
  ringingOn(db: Conn, code: string, since: Date) {
    return db
      .select({ count: count(), oldest: sql<string | null>`min(${calls.startedAt})` })
      .from(calls)
      .where(and(eq(calls.tagCode, code), eq(calls.status, 'ringing'), gt(calls.startedAt, since)))
      .then((r) => ({ count: Number(r[0]?.count ?? 0), oldest: r[0]?.oldest ? new Date(r[0].oldest) : null }));
  },

  /**
   * REL-04 / REL-05: the calls still ringing, started after `since`, for these users — each pair of a
   * call and a recipient who has not declined it and whose turn it is (FIND-08: while the owner's
   * turn lasts, `next_step_at` is set and only the tag's owner rings). What a reconnected socket,
   * or a process whose link to the others came back, rings again: the ring lives in the database,
   * not in the memory of the process that started the call.
   */
  ringingFor(db: Conn, userIds: string[], since: Date) {
    if (userIds.length === 0) return Promise.resolve([]);
    return db
      .select({ userId: callRecipients.userId, ...summaryFields })
      .from(callRecipients)
      .innerJoin(calls, eq(calls.id, callRecipients.callId))
      .innerJoin(tags, eq(tags.code, calls.tagCode))
      .leftJoin(units, eq(units.id, calls.unitId))
      .leftJoin(visitorPasses, eq(visitorPasses.id, calls.passId))
      .where(
        and(
          inArray(callRecipients.userId, userIds),
          isNull(callRecipients.declinedAt),
          eq(calls.status, 'ringing'),
          gt(calls.startedAt, since),
          or(isNull(calls.nextStepAt), eq(tags.ownerId, callRecipients.userId)),
        ),
      )
      .limit(1000);
  },

  ringingSince(db: Conn, before: Date) {
    return db
      .select({ id: calls.id })
      .from(calls)
      .where(and(eq(calls.status, 'ringing'), lt(calls.startedAt, before)))
      .limit(500)
      .then((r) => r.map((x) => x.id));
  },

  /**
   * SEC-07: clears the finder's location from calls started before `locationBefore` and the finder's
   * IP address from those before `ipBefore`, in batches so that no statement locks the whole table.
   */
  async purgeFinderData(db: Db, cutoffs: { locationBefore: Date; ipBefore: Date }) {
    const batch = async (where: ReturnType<typeof and>, set: Partial<typeof calls.$inferInsert>) => {
      let total = 0;
      for (;;) {
        const ids = db.select({ id: calls.id }).from(calls).where(where).limit(PURGE_BATCH);
        const done = await db.update(calls).set(set).where(inArray(calls.id, ids)).returning({ id: calls.id });
        total += done.length;
        if (done.length < PURGE_BATCH) return total;
      }
    };
    // CALL-15: the finder's callback contact is finder data too, gone with the position.
    const location = await batch(
      and(
        lt(calls.startedAt, cutoffs.locationBefore),
        or(isNotNull(calls.latitude), isNotNull(calls.longitude), isNotNull(calls.callbackContact)),
      ),
      { latitude: null, longitude: null, callbackContact: null },
    );
    const ip = await batch(and(lt(calls.startedAt, cutoffs.ipBefore), isNotNull(calls.callerAddress)), { callerAddress: null });
    return { location, ip };
  },
};
