import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Conn, Tx } from '../../db/client';
import { charges, condominiums, pixReceipts, planReminders, tags, units, users } from '../../db/schema';

/** A tag's plan as every reader here takes it; `units` is a plate's unit count (its price is per unit). */
const planColumns = {
  code: tags.code,
  name: tags.name,
  productId: tags.productId,
  interval: tags.planInterval,
  dueAt: tags.planDueAt,
  units:
    sql<number>`(select count(*) from ${units} u join ${condominiums} c on c.id = u.condominium_id where c.tag_code = ${tags.code})`.mapWith(
      Number,
    ),
};

/** FIN-02: the plans of the tags an account owns. */
export const financeRepository = {
  /** FIN-05: claimed, not deleted tags whose plan falls due in (after, upTo], with the owner's address. */
  plansDueBetween(db: Conn, after: Date, upTo: Date) {
    return db
      .select({ ...planColumns, email: users.email, ownerName: users.name })
      .from(tags)
      .innerJoin(users, eq(users.id, tags.ownerId))
      .where(
        and(isNull(tags.disabledAt), isNotNull(tags.planDueAt), gt(tags.planDueAt, after), lte(tags.planDueAt, upTo)),
      );
  },

  /** FIN-05: records a reminder once per tag, due date and kind; false when it was already sent. */
  recordReminder(tx: Tx, tagCode: string, dueAt: Date, kind: string) {
    return tx
      .insert(planReminders)
      .values({ tagCode, dueAt, kind })
      .onConflictDoNothing()
      .returning({ code: planReminders.tagCode })
      .then((r) => r.length > 0);
  },

  /**
   * The caller's own tags (never a member's or a resident's), with a plate's unit count. FIN-07: a tag
   * switched off by support (`is_active` false) has no plan to pay while it is off.
   */
  ownedPlans(db: Conn, ownerId: string) {
    return db
      .select({
        ...planColumns,
        // FIN-07: a paid charge of this owner has covered the tag (else its current period is the trial).
        paid: sql<boolean>`exists (select 1 from ${charges} c where c.user_id = ${tags.ownerId} and c.status = 'paid' and ${tags.code} = any(c.tag_codes))`.mapWith(
          Boolean,
        ),
      })
      .from(tags)
      .where(and(eq(tags.ownerId, ownerId), isNull(tags.disabledAt), eq(tags.isActive, true)))
      .orderBy(asc(tags.planDueAt), asc(tags.code));
  },

  /**
   * FIN-03: the owner's plans of these tags, locked (a charge and a payment of the same tags serialise).
   * A new charge takes only tags switched on (FIN-07); a payment grants what it paid for even to a tag
   * support switched off meanwhile (`includeInactive`).
   */
  lockOwnedPlans(tx: Tx, ownerId: string, codes: string[], { includeInactive = false } = {}) {
    return tx
      .select({ code: tags.code, productId: tags.productId, interval: tags.planInterval, dueAt: tags.planDueAt })
      .from(tags)
      .where(
        and(
          eq(tags.ownerId, ownerId),
          isNull(tags.disabledAt),
          includeInactive ? undefined : eq(tags.isActive, true),
          inArray(tags.code, codes),
        ),
      )
      .orderBy(asc(tags.code))
      .for('update');
  },

  /** FIN-07: the names of these tags now, for a charge's lines. */
  tagNames(db: Conn, codes: string[]) {
    if (codes.length === 0) return Promise.resolve(new Map<string, string>());
    return db
      .select({ code: tags.code, name: tags.name })
      .from(tags)
      .where(inArray(tags.code, codes))
      .then((rows) => new Map(rows.map((r) => [r.code, r.name])));
  },

  unitCounts(db: Conn, codes: string[]) {
    return db
      .select({ code: condominiums.tagCode, n: sql<number>`count(${units.id})`.mapWith(Number) })
      .from(condominiums)
      .innerJoin(units, eq(units.condominiumId, condominiums.id))
      .where(inArray(condominiums.tagCode, codes))
      .groupBy(condominiums.tagCode);
  },

  chargeOfPeriod(db: Conn, userId: string, periodKey: string) {
    return db
      .select()
      .from(charges)
      .where(
        and(
          eq(charges.userId, userId),
          eq(charges.periodKey, periodKey),
          or(eq(charges.status, 'pending'), eq(charges.status, 'paid'), eq(charges.status, 'review')),
        ),
      )
      .orderBy(desc(charges.id))
      .limit(1)
      .then((r) => r[0]);
  },

  insertCharge(tx: Tx, values: typeof charges.$inferInsert) {
    return tx
      .insert(charges)
      .values(values)
      .returning()
      .then((r) => r[0]!);
  },

  expire(db: Conn, id: number) {
    return db
      .update(charges)
      .set({ status: 'expired' })
      .where(and(eq(charges.id, id), eq(charges.status, 'pending')));
  },

  chargesOf(db: Conn, userId: string) {
    return db.select().from(charges).where(eq(charges.userId, userId)).orderBy(desc(charges.id)).limit(50);
  },

  findChargeByTxid(db: Conn, txid: string) {
    return db
      .select({ id: charges.id, userId: charges.userId, tagCodes: charges.tagCodes })
      .from(charges)
      .where(eq(charges.txid, txid))
      .then((r) => r[0]);
  },

  findCharge(db: Conn, id: number) {
    return db
      .select({ id: charges.id, userId: charges.userId, tagCodes: charges.tagCodes })
      .from(charges)
      .where(eq(charges.id, id))
      .then((r) => r[0]);
  },

  lockCharge(tx: Tx, id: number) {
    return tx
      .select()
      .from(charges)
      .where(eq(charges.id, id))
      .for('update')
      .then((r) => r[0]);
  },

  /** FIN-04: the charges (any status: a paid one is a duplicate line) of these txids. */
  chargesByTxids(db: Conn, txids: string[]) {
    if (txids.length === 0) return Promise.resolve([]);
    return db
      .select({ id: charges.id, txid: charges.txid, amountCents: charges.amountCents, status: charges.status })
      .from(charges)
      .where(inArray(charges.txid, txids));
  },

  /** SEC-08: the charge an end-to-end id was applied to, whatever became of it. */
  receiptOf(db: Conn, endToEndId: string) {
    return db
      .select({ chargeId: pixReceipts.chargeId })
      .from(pixReceipts)
      .where(eq(pixReceipts.endToEndId, endToEndId))
      .then((r) => r[0]);
  },

  /** SEC-08: records an end-to-end id once; false when it was already there (a concurrent one waits, then is refused). */
  recordReceipt(tx: Tx, values: typeof pixReceipts.$inferInsert) {
    return tx
      .insert(pixReceipts)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: pixReceipts.endToEndId })
      .then((r) => r.length > 0);
  },

  /** FIN-07: which of these tags a paid charge of the owner has covered. */
  paidCodes(db: Conn, userId: string, codes: string[]) {
    return db
      .selectDistinct({ code: sql<string>`unnest(${charges.tagCodes})` })
      .from(charges)
      .where(and(eq(charges.userId, userId), eq(charges.status, 'paid'), sql`${charges.tagCodes} && ${sql.param(codes)}::text[]`))
      .then((rows) => rows.map((r) => r.code).filter((code) => codes.includes(code)));
  },

  /**
   * FIN-07 / SEC-08: the owner's open charges sharing a tag with these, expired — a new charge replaces
   * them (one open charge per tag), and a plan change leaves them pricing the wrong terms.
   */
  expireOverlapping(tx: Tx, userId: string, codes: string[]) {
    return tx
      .update(charges)
      .set({ status: 'expired' })
      .where(
        and(eq(charges.userId, userId), eq(charges.status, 'pending'), sql`${charges.tagCodes} && ${sql.param(codes)}::text[]`),
      )
      .returning({ id: charges.id });
  },


  settle(
    tx: Tx,
    id: number,
    values: { status: string; paidAt: Date; paidCents: number; endToEndId: string; confirmedBy: string },
  ) {
    return tx.update(charges).set(values).where(eq(charges.id, id));
  },

  setDueAt(tx: Tx, code: string, dueAt: Date) {
    return tx.update(tags).set({ planDueAt: dueAt }).where(eq(tags.code, code));
  },

  /** FIN-04: the administrator's open charges (pending or held for review), by txid, name or CPF. */
  openCharges(db: Conn, query: string) {
    const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = query.replace(/\D/g, '');
    return db
      .select({
        id: charges.id,
        txid: charges.txid,
        amountCents: charges.amountCents,
        status: charges.status,
        createdAt: charges.createdAt,
        expiresAt: charges.expiresAt,
        tagCodes: charges.tagCodes,
        paidCents: charges.paidCents,
        name: users.name,
        email: users.email,
      })
      .from(charges)
      .leftJoin(users, eq(users.id, charges.userId))
      .where(
        and(
          or(eq(charges.status, 'pending'), eq(charges.status, 'review')),
          query
            ? or(
                sql`${charges.txid} ilike ${like}`,
                sql`${users.name} ilike ${like}`,
                sql`${users.email} ilike ${like}`,
                digits.length >= 3 ? sql`${users.cpfCnpj} like ${`%${digits}%`}` : sql`false`,
              )
            : undefined,
        ),
      )
      .orderBy(desc(charges.id))
      .limit(100);
  },

  /** FIN-06: paid charges since `since`, with what each paid for. */
  paidSince(db: Conn, since: Date) {
    return db
      .select({ paidAt: charges.paidAt, items: charges.items })
      .from(charges)
      .where(and(eq(charges.status, 'paid'), sql`${charges.paidAt} >= ${since}`));
  },

  /** FIN-06: claimed tags past their due date, oldest first. */
  overdue(db: Conn, now: Date) {
    return db
      .select({
        code: tags.code,
        name: tags.name,
        productId: tags.productId,
        dueAt: tags.planDueAt,
        ownerName: users.name,
        ownerEmail: users.email,
      })
      .from(tags)
      .innerJoin(users, eq(users.id, tags.ownerId))
      .where(and(isNull(tags.disabledAt), sql`${tags.planDueAt} < ${now}`))
      .orderBy(asc(tags.planDueAt))
      .limit(500);
  },

  setInterval(db: Conn, code: string, ownerId: string, interval: string) {
    return db
      .update(tags)
      .set({ planInterval: interval })
      .where(and(eq(tags.code, code), eq(tags.ownerId, ownerId), isNull(tags.disabledAt)))
      .returning({ code: tags.code });
  },

  /**
   * FIN-04 / SEC-09: the charges of a bank statement's txids, looked up at once — one array
   * parameter (`= any($1)`), not a query a line nor a placeholder a txid.
   */
  chargesByTxidList(db: Conn, txids: string[]) {
    if (txids.length === 0) return Promise.resolve([]);
    return db
      .select({ id: charges.id, txid: charges.txid, amountCents: charges.amountCents, status: charges.status })
      .from(charges)
      .where(sql`${charges.txid} = any(${sql.param(txids)}::text[])`);
  },
};
