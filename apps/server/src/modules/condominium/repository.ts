import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { rowsOf, type Conn, type Tx } from '../../db/client';
import { charges, condominiums, unitResidents, units, users } from '../../db/schema';
import { tagsRepository } from '../../db/repositories/tags';

export interface UnitRow {
  unit_id: number;
  name: string | null;
  block: string | null;
  association_code: string;
  condominium_name: string;
}

export const condominiumRepository = {
  /** CONDO-11: the units the user lives in, with their building and plate. */
  unitsOfResident(db: Conn, userId: string) {
    return db
      .select({
        unitId: units.id,
        unitName: units.name,
        condominium: condominiums.name,
        plateCode: condominiums.tagCode,
      })
      .from(unitResidents)
      .innerJoin(units, eq(units.id, unitResidents.unitId))
      .innerJoin(condominiums, eq(condominiums.id, units.condominiumId))
      .where(eq(unitResidents.userId, userId))
      .orderBy(asc(condominiums.name), asc(units.id));
  },

  insertCondominium(db: Conn, name: string) {
    return db
      .insert(condominiums)
      .values({ name })
      .returning({ id: condominiums.id })
      .then((r) => r[0]!);
  },

  lockUnit(tx: Tx, id: number) {
    return tx
      .select()
      .from(units)
      .where(eq(units.id, id))
      .for('update')
      .then((r) => r[0]);
  },

  lockCondominium(tx: Tx, id: number) {
    return tx
      .select()
      .from(condominiums)
      .where(eq(condominiums.id, id))
      .for('update')
      .then((r) => r[0]);
  },

  /** The condominium, other than `exceptId`, that already carries this plate. */
  condominiumOfPlate(db: Conn, tagCode: string, exceptId?: number) {
    return db
      .select({ id: condominiums.id })
      .from(condominiums)
      .where(
        exceptId === undefined
          ? eq(condominiums.tagCode, tagCode)
          : and(eq(condominiums.tagCode, tagCode), ne(condominiums.id, exceptId)),
      )
      .limit(1)
      .then((r) => r[0]);
  },

  attachPlate(tx: Tx, id: number, tagCode: string, adminUserId: string) {
    return tx.update(condominiums).set({ tagCode, adminUserId }).where(eq(condominiums.id, id));
  },

  insertUnit(tx: Tx, values: { condominiumId: number; name: string | null; associationCode: string }) {
    return tx
      .insert(units)
      .values(values)
      .returning({ id: units.id })
      .then((r) => r[0]!);
  },

  /** CONDO-12: the condominium that carries this plate, locked: bulk creations of one building serialise. */
  lockCondominiumOfPlate(tx: Tx, tagCode: string) {
    return tx
      .select()
      .from(condominiums)
      .where(eq(condominiums.tagCode, tagCode))
      .for('update')
      .then((r) => r[0]);
  },

  condominiumByPlate(db: Conn, tagCode: string) {
    return db
      .select({ id: condominiums.id, name: condominiums.name })
      .from(condominiums)
      .where(eq(condominiums.tagCode, tagCode))
      .limit(1)
      .then((r) => r[0]);
  },

  /** The block and name of every unit of a condominium (to refuse one that already exists). */
  unitNames(db: Conn, condominiumId: number) {
    return db
      .select({ id: units.id, block: units.block, name: units.name })
      .from(units)
      .where(eq(units.condominiumId, condominiumId));
  },

  insertUnits(
    tx: Tx,
    values: { condominiumId: number; name: string; block: string | null; associationCode: string }[],
  ) {
    return tx.insert(units).values(values).returning({ id: units.id, name: units.name, block: units.block });
  },

  addResidents(tx: Tx, values: { unitId: number; userId: string }[]) {
    if (values.length === 0) return Promise.resolve([]);
    return tx.insert(unitResidents).values(values).onConflictDoNothing().returning({ id: unitResidents.id });
  },

  /** The accounts among these e-mails (lower-case), by e-mail. */
  usersByEmails(db: Conn, emails: string[]) {
    if (emails.length === 0) return Promise.resolve([]);
    return db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  },

  /** Which of these codes are taken, as tags or as association codes. */
  async codesInUse(db: Conn, codes: string[]): Promise<Set<string>> {
    if (codes.length === 0) return new Set();
    const rows = await rowsOf<{ code: string }>(
      db.execute(sql`
        select code from tags where code in (${sql.join(
          codes.map((c) => sql`${c}`),
          sql`, `,
        )})
        union select association_code as code from ${units} where association_code in (${sql.join(
          codes.map((c) => sql`${c}`),
          sql`, `,
        )})`),
    );
    return new Set(rows.map((r) => r.code.trim()));
  },

  /** Whether a code is already in use, as a tag or as a unit's association code (the add-tag modal takes both). */
  async codeInUse(db: Conn, code: string) {
    if (await tagsRepository.findTag(db, code)) return true;
    const [unit] = await db.select({ id: units.id }).from(units).where(eq(units.associationCode, code)).limit(1);
    return !!unit;
  },

  /** Units under a plate, sorted by unit_id (CONDO-02). */
  unitsOfPlate(db: Conn, tagCode: string) {
    return rowsOf<UnitRow>(
      db.execute(sql`
        select u.id as unit_id, u.name, u.block, u.association_code, c.name as condominium_name
        from ${units} u join ${condominiums} c on c.id = u.condominium_id
        where c.tag_code = ${tagCode}
        order by u.id`),
    );
  },

  /** A unit with its plate, or undefined. */
  unitWithPlate(db: Conn, unitId: number) {
    return db
      .select({
        unitId: units.id,
        name: units.name,
        block: units.block,
        condominiumId: units.condominiumId,
        associationCode: units.associationCode,
        tagCode: condominiums.tagCode,
      })
      .from(units)
      .innerJoin(condominiums, eq(condominiums.id, units.condominiumId))
      .where(eq(units.id, unitId))
      .limit(1)
      .then((r) => r[0]);
  },

  residentsOf(db: Conn, unitIds: number[]) {
    if (unitIds.length === 0) return Promise.resolve([]);
    return db
      .select({ memberId: unitResidents.id, unitId: unitResidents.unitId, userId: users.id, name: users.name })
      .from(unitResidents)
      .innerJoin(users, eq(users.id, unitResidents.userId))
      .where(inArray(unitResidents.unitId, unitIds))
      .orderBy(asc(unitResidents.id));
  },

  residentWithUnit(db: Conn, memberId: number) {
    return db
      .select({
        memberId: unitResidents.id,
        userId: unitResidents.userId,
        unitId: units.id,
        associationCode: units.associationCode,
        tagCode: condominiums.tagCode,
      })
      .from(unitResidents)
      .innerJoin(units, eq(units.id, unitResidents.unitId))
      .innerJoin(condominiums, eq(condominiums.id, units.condominiumId))
      .where(eq(unitResidents.id, memberId))
      .limit(1)
      .then((r) => r[0]);
  },

  deleteResident(db: Conn, memberId: number) {
    return db.delete(unitResidents).where(eq(unitResidents.id, memberId)).returning({ id: unitResidents.id });
  },

  /**
   * FIN-07: the open charges (anyone's) that include this plate, expired — its units changed, so they
   * price a count that is no longer the plate's. A Pix that arrives anyway is held for review (SEC-08).
   */
  expireOpenChargesOfPlate(tx: Tx, tagCode: string) {
    return tx
      .update(charges)
      .set({ status: 'expired' })
      .where(and(eq(charges.status, 'pending'), sql`${tagCode} = any(${charges.tagCodes})`))
      .returning({ id: charges.id });
  },

  renameUnit(db: Conn, unitId: number, name: string) {
    return db.update(units).set({ name }).where(eq(units.id, unitId));
  },

  setAssociationCode(db: Conn, unitId: number, associationCode: string) {
    return db.update(units).set({ associationCode }).where(eq(units.id, unitId));
  },

  /** CONDO-09: the caller's residencies in every unit under this plate. */
  leaveUnitsOfPlate(db: Conn, tagCode: string, userId: string) {
    return rowsOf<{ id: number }>(
      db.execute(sql`
        delete from ${unitResidents} r
        using ${units} u, ${condominiums} c
        where r.unit_id = u.id and u.condominium_id = c.id and c.tag_code = ${tagCode} and r.user_id = ${userId}
        returning r.id`),
    );
  },
};
