import { count, desc, eq, isNull, and, inArray } from 'drizzle-orm';
import { PRODUCT_IDS } from '@toque/contracts/constants';
import { cpfFromBase } from '@toque/contracts/cpf';
import { PGlite } from '@electric-sql/pglite';
import { dumpPglite, writeNewFile } from '../../db/backup';
import type { Db } from '../../db/client';
import { condominiums, outbox, tagBatches, tags, unitResidents, units, users } from '../../db/schema';
import { newTagCode } from '../../lib/codes';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/pg-errors';

/** Operator commands (ADM-05 and the CLI). Each takes the database and returns printable data. */
export const operatorService = {
  /** OPS-07: a consistent copy of the embedded database this process holds, into a new file. */
  async backupEmbedded(db: Db, file: string) {
    const client = (db as unknown as { $client: unknown }).$client;
    if (!(client instanceof PGlite)) throw new Error('PostgreSQL is backed up with pg_dump, not through the server');
    const data = await dumpPglite(client);
    writeNewFile(file, data);
    return { file, bytes: data.length };
  },

  async createAdmin(db: Db, input: { email: string; password: string; name: string }) {
    const email = input.email.trim().toLowerCase();
    const passwordHash = await hashPassword(input.password);
    const [row] = await db
      .insert(users)
      .values({ email, name: input.name, passwordHash, isToqueAdmin: true })
      .onConflictDoUpdate({ target: users.email, set: { isToqueAdmin: true } })
      .returning({ id: users.id, email: users.email });
    return row!;
  },

  /** Mints `count` new unclaimed codes of a product type in one batch; codes never collide. */
  async mint(db: Db, input: { productId: number; count: number; createdBy?: string | undefined }) {
    if (!(PRODUCT_IDS as readonly number[]).includes(input.productId)) {
      throw new Error(`productId must be one of ${PRODUCT_IDS.join(', ')}`);
    }
    if (!Number.isInteger(input.count) || input.count < 1 || input.count > 10_000) {
      throw new Error('count must be an integer from 1 to 10000');
    }
    return db.transaction(async (tx) => {
      const [batch] = await tx
        .insert(tagBatches)
        .values({ productId: input.productId, count: input.count, createdBy: input.createdBy })
        .returning({ id: tagBatches.id });
      const codes: string[] = [];
      while (codes.length < input.count) {
        const wanted = Array.from({ length: input.count - codes.length }, newTagCode);
        const inserted = await tx
          .insert(tags)
          .values(wanted.map((code) => ({ code, productId: input.productId, batchId: batch!.id })))
          .onConflictDoNothing()
          .returning({ code: tags.code });
        codes.push(...inserted.map((r) => r.code));
      }
      return { batchId: batch!.id, codes };
    });
  },

  listOutbox(db: Db, limit = 20) {
    return db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
  },

  async isEmpty(db: Db) {
    const [row] = await db.select({ n: count() }).from(users);
    return (row?.n ?? 0) === 0;
  },

  /**
   * Demo data for a new database: an admin, a customer with one tag of each type, a condominium
   * plate with units, and a few unclaimed codes to try onboarding with.
   */
  async seedDemo(db: Db) {
    const password = 'toque123';
    const passwordHash = await hashPassword(password);
    const admin = { email: 'admin@toque.app.br', name: 'Ana Administradora' };
    const customer = { email: 'cliente@toque.app.br', name: 'Carlos Cliente' };
    const sindico = { email: 'sindico@toque.app.br', name: 'Sílvia Síndica' };
    const resident = { email: 'morador@toque.app.br', name: 'Rui Morador' };
    try {
      // Valid CPFs (ADM-08) made for the demo, not anybody's.
      await db.insert(users).values([
        { ...admin, passwordHash, isToqueAdmin: true, phone: '31999990000', cpfCnpj: cpfFromBase('111222333') },
        { ...customer, passwordHash, phone: '31988887777', cpfCnpj: cpfFromBase('555666777') },
        { ...sindico, passwordHash, phone: '31977776666', cpfCnpj: cpfFromBase('444555666') },
        { ...resident, passwordHash, phone: '31966665555', cpfCnpj: cpfFromBase('777888999') },
      ]);
    } catch (error) {
      if (isUniqueViolation(error)) throw new Error('Demo data is already there (the demo accounts exist).');
      throw error;
    }
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, customer.email));
    const names: Record<number, string> = {
      1: 'Pulseira da Júlia',
      2: 'Campainha de casa',
      3: 'Coleira do Thor',
      4: 'Mochila do trabalho',
      5: 'Portaria Edifício Ipê',
    };
    const owned: string[] = [];
    for (const productId of PRODUCT_IDS) {
      const { codes } = await operatorService.mint(db, { productId, count: 1 });
      const code = codes[0]!;
      await db
        .update(tags)
        .set({ ownerId: owner!.id, name: names[productId] ?? '' })
        .where(eq(tags.code, code));
      owned.push(code);
    }
    const [condo] = await db
      .insert(condominiums)
      .values({ name: 'Edifício Ipê', tagCode: owned[4], adminUserId: owner!.id })
      .returning({ id: condominiums.id });
    const unitRows = await db
      .insert(units)
      .values(
        ['101', '102', '201', '202'].map((name) => ({ condominiumId: condo!.id, name, associationCode: newTagCode() })),
      )
      .returning({ id: units.id, name: units.name, associationCode: units.associationCode });
    await db.insert(unitResidents).values({ unitId: unitRows[0]!.id, userId: owner!.id });

    // A síndico's condominium (CONDO-01…08): units with two residents, with one, and with none.
    const [sindicoRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, sindico.email));
    const [residentRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, resident.email));
    const plate = (await operatorService.mint(db, { productId: 5, count: 1 })).codes[0]!;
    await db.update(tags).set({ ownerId: sindicoRow!.id, name: 'Portaria Residencial Jacarandá' }).where(eq(tags.code, plate));
    const [jacaranda] = await db
      .insert(condominiums)
      .values({ name: 'Residencial Jacarandá', tagCode: plate, adminUserId: sindicoRow!.id })
      .returning({ id: condominiums.id });
    const sindicoUnits = await db
      .insert(units)
      .values(
        ['Apto 101', 'Apto 102', null].map((name) => ({ condominiumId: jacaranda!.id, name, associationCode: newTagCode() })),
      )
      .returning({ id: units.id, name: units.name, associationCode: units.associationCode });
    await db.insert(unitResidents).values([
      { unitId: sindicoUnits[0]!.id, userId: residentRow!.id },
      { unitId: sindicoUnits[0]!.id, userId: owner!.id },
      { unitId: sindicoUnits[1]!.id, userId: residentRow!.id },
    ]);
    const unclaimed: { productId: number; code: string }[] = [];
    for (const productId of [1, 2, 3, 4]) {
      const { codes } = await operatorService.mint(db, { productId, count: 2 });
      unclaimed.push(...codes.map((code) => ({ productId, code })));
    }
    return { password, admin, customer, sindico, resident, owned, units: unitRows, sindicoPlate: plate, sindicoUnits, unclaimed };
  },

  /**
   * ADM-06 until the administration page exists: switches a tag on or off. An inactive tag cannot
   * be called and its finder page says so.
   */
  async setActive(db: Db, input: { code: string; active: boolean }) {
    const code = input.code.trim().toUpperCase();
    const [row] = await db.update(tags).set({ isActive: input.active }).where(eq(tags.code, code)).returning({ code: tags.code, isActive: tags.isActive });
    if (!row) throw new Error(`No tag has the code ${code}`);
    return row;
  },

  /** Unclaimed, active codes (for the start banner). */
  unclaimedCodes(db: Db, limit = 8) {
    return db
      .select({ code: tags.code, productId: tags.productId })
      .from(tags)
      .where(and(isNull(tags.ownerId), eq(tags.isActive, true), isNull(tags.disabledAt), inArray(tags.productId, [1, 2, 3, 4])))
      .limit(limit);
  },
};
