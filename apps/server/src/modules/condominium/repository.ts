import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { rowsOf, type Conn, type Tx } from '../../db/client';
import { condominiums, unitResidents, units, users } from '../../db/schema';
import { tagsRepository } from '../../db/repositories/tags';

export interface UnitRow {
  unit_id: number;
  name: string | null;
  association_code: string;
  condominium_name: string;
}

export const condominiumRepository = {
  /** CONDO-11: the units the user lives in, with their building and plate. */
  unitsOfResident(db: Conn, userId: string) {
    return db
      .select({ unitId: units.id, unitName: units.name, condominium: condominiums.name, plateCode: condominiums.tagCode })
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
      .where(exceptId === undefined ? eq(condominiums.tagCode, tagCode) : and(eq(condominiums.tagCode, tagCode), ne(condominiums.id, exceptId)))
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
        select u.id as unit_id, u.name, u.association_code, c.name as condominium_name
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
