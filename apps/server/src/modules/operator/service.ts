import { CONDOMINIUM_PRODUCT_ID, DAY_MS, PRODUCT_IDS } from '@toque/contracts/constants';
import { cpfFromBase } from '@toque/contracts/cpf';
import { backupHeldPglite } from '../../db/backup';
import type { Conn, Db } from '../../db/client';
import { usersRepository } from '../../db/repositories/users';
import { newTagCode } from '../../lib/codes';
import { hashPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/pg-errors';
import { operatorRepository as repo } from './repository';

/** The product types a person owns (every type but the condominium plate). */
const PERSONAL_PRODUCT_IDS = PRODUCT_IDS.filter((id) => id !== CONDOMINIUM_PRODUCT_ID);

/** Operator commands (ADM-05 and the CLI). Each takes the database and returns printable data. */
export const operatorService = {
  /** OPS-07: a consistent copy of the embedded database this process holds, into a new file. */
  backupEmbedded(db: Db, file: string) {
    return backupHeldPglite(db, file);
  },

  async createAdmin(db: Db, input: { email: string; password: string; name: string }) {
    const email = input.email.trim().toLowerCase();
    const passwordHash = await hashPassword(input.password);
    return repo.upsertAdmin(db, { email, name: input.name, passwordHash });
  },

  /**
   * Mints `count` new unclaimed codes of a product type in one batch; codes never collide. Given a
   * transaction, the batch is part of it (the administrator's mint writes its audit row alongside).
   */
  async mint(db: Conn, input: { productId: number; count: number; createdBy?: string | undefined }) {
    if (!(PRODUCT_IDS as readonly number[]).includes(input.productId)) {
      throw new Error(`productId must be one of ${PRODUCT_IDS.join(', ')}`);
    }
    if (!Number.isInteger(input.count) || input.count < 1 || input.count > 10_000) {
      throw new Error('count must be an integer from 1 to 10000');
    }
    return db.transaction(async (tx) => {
      const batchId = await repo.insertBatch(tx, { productId: input.productId, count: input.count, createdBy: input.createdBy });
      const codes: string[] = [];
      while (codes.length < input.count) {
        const wanted = Array.from({ length: input.count - codes.length }, newTagCode);
        codes.push(...(await repo.insertFreeCodes(tx, wanted, input.productId, batchId)));
      }
      return { batchId, codes };
    });
  },

  listOutbox(db: Db, limit = 20) {
    return repo.listOutbox(db, limit);
  },

  async isEmpty(db: Db) {
    return (await repo.countUsers(db)) === 0;
  },

  /**
   * Demo data for a new database: an admin, a customer with one tag of each type, a condominium
   * plate with units, and a few unclaimed codes to try onboarding with.
   */
  async seedDemo(db: Db) {
    const accounts = await demoAccounts(db);
    const owned = await demoCustomerTags(db, accounts.customerId);
    const customerUnits = await demoCustomerCondominium(db, accounts.customerId, owned);
    const jacaranda = await demoSindicoCondominium(db, accounts);
    const unclaimed = await demoUnclaimedCodes(db);
    const { password, admin, customer, sindico, resident } = demo;
    return {
      password,
      admin,
      customer,
      sindico,
      resident,
      owned,
      units: customerUnits,
      sindicoPlate: jacaranda.plate,
      sindicoUnits: jacaranda.units,
      unclaimed,
    };
  },

  /** ADM-06 from the command line: switches a tag on or off. An inactive tag cannot be called and its finder page says so. */
  async setActive(db: Db, input: { code: string; active: boolean }) {
    const code = input.code.trim().toUpperCase();
    const row = await repo.setTagActive(db, code, input.active);
    if (!row) throw new Error(`No tag has the code ${code}`);
    return row;
  },

  /** CONDO-13: puts a unit in a block (or in none), found by its association code. */
  async setBlock(db: Db, input: { unitCode: string; block: string | null }) {
    const code = input.unitCode.trim().toUpperCase();
    const row = await repo.setUnitBlock(db, code, input.block);
    if (!row) throw new Error(`No unit has the code ${code}`);
    return row;
  },

  /** FIN-05: sets a tag's plan due date to `days` from now (support, demos and tests of suspension). */
  async setDue(db: Db, input: { code: string; days: number }) {
    const code = input.code.trim().toUpperCase();
    const row = await repo.setTagDue(db, code, new Date(Date.now() + input.days * DAY_MS));
    if (!row) throw new Error(`No tag has the code ${code}`);
    return row;
  },

  /** Unclaimed, active codes (for the start banner). */
  unclaimedCodes(db: Db, limit = 8) {
    return repo.unclaimedCodes(db, PERSONAL_PRODUCT_IDS, limit);
  },
};

/** The demo's people; every account's password is `password`. */
const demo = {
  password: 'toque123',
  admin: { email: 'admin@toque.app.br', name: 'Ana Administradora' },
  customer: { email: 'cliente@toque.app.br', name: 'Carlos Cliente' },
  sindico: { email: 'sindico@toque.app.br', name: 'Sílvia Síndica' },
  resident: { email: 'morador@toque.app.br', name: 'Rui Morador' },
};

/** The customer's tags, one of each type, by product id. */
const demoTagNames: Record<number, string> = {
  1: 'Pulseira da Júlia',
  2: 'Campainha de casa',
  3: 'Coleira do Thor',
  4: 'Mochila do trabalho',
  [CONDOMINIUM_PRODUCT_ID]: 'Portaria Edifício Ipê',
};

interface DemoAccounts {
  customerId: string;
  sindicoId: string;
  residentId: string;
}

async function idOf(db: Db, email: string): Promise<string> {
  return (await usersRepository.findUserByEmail(db, email))!.id;
}

/** Step 1: the four accounts, with valid CPFs (ADM-08) made for the demo, not anybody's. */
async function demoAccounts(db: Db): Promise<DemoAccounts> {
  const passwordHash = await hashPassword(demo.password);
  try {
    await repo.insertUsers(db, [
      { ...demo.admin, passwordHash, isToqueAdmin: true, phone: '31999990000', cpfCnpj: cpfFromBase('111222333') },
      { ...demo.customer, passwordHash, phone: '31988887777', cpfCnpj: cpfFromBase('555666777') },
      { ...demo.sindico, passwordHash, phone: '31977776666', cpfCnpj: cpfFromBase('444555666') },
      { ...demo.resident, passwordHash, phone: '31966665555', cpfCnpj: cpfFromBase('777888999') },
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw new Error('Demo data is already there (the demo accounts exist).');
    throw error;
  }
  return {
    customerId: await idOf(db, demo.customer.email),
    sindicoId: await idOf(db, demo.sindico.email),
    residentId: await idOf(db, demo.resident.email),
  };
}

/** Step 2: the customer owns one named tag of each type (the plate last); answers their codes. */
async function demoCustomerTags(db: Db, customerId: string): Promise<string[]> {
  const owned: string[] = [];
  for (const productId of PRODUCT_IDS) {
    const { codes } = await operatorService.mint(db, { productId, count: 1 });
    const code = codes[0]!;
    await repo.giveTag(db, code, customerId, demoTagNames[productId] ?? '');
    owned.push(code);
  }
  return owned;
}

/** Step 3: the customer is the síndico of Edifício Ipê (their plate), with four units, living in the first. */
async function demoCustomerCondominium(db: Db, customerId: string, owned: string[]) {
  const plate = owned[PRODUCT_IDS.indexOf(CONDOMINIUM_PRODUCT_ID)]!;
  const condominiumId = await repo.insertCondominium(db, { name: 'Edifício Ipê', tagCode: plate, adminUserId: customerId });
  const unitRows = await repo.insertUnits(
    db,
    condominiumId,
    ['101', '102', '201', '202'].map((name) => ({ name, associationCode: newTagCode() })),
  );
  await repo.insertResidents(db, [{ unitId: unitRows[0]!.id, userId: customerId }]);
  return unitRows;
}

/** Step 4: a síndico's condominium (CONDO-01…08): units with two residents, with one, and with none. */
async function demoSindicoCondominium(db: Db, accounts: DemoAccounts) {
  const plate = (await operatorService.mint(db, { productId: CONDOMINIUM_PRODUCT_ID, count: 1 })).codes[0]!;
  await repo.giveTag(db, plate, accounts.sindicoId, 'Portaria Residencial Jacarandá');
  const condominiumId = await repo.insertCondominium(db, { name: 'Residencial Jacarandá', tagCode: plate, adminUserId: accounts.sindicoId });
  const unitRows = await repo.insertUnits(
    db,
    condominiumId,
    ['Apto 101', 'Apto 102', null].map((name) => ({ name, associationCode: newTagCode() })),
  );
  await repo.insertResidents(db, [
    { unitId: unitRows[0]!.id, userId: accounts.residentId },
    { unitId: unitRows[0]!.id, userId: accounts.customerId },
    { unitId: unitRows[1]!.id, userId: accounts.residentId },
  ]);
  return { plate, units: unitRows };
}

/** Step 5: two unclaimed codes of each personal type, to try onboarding with. */
async function demoUnclaimedCodes(db: Db) {
  const unclaimed: { productId: number; code: string }[] = [];
  for (const productId of PERSONAL_PRODUCT_IDS) {
    const { codes } = await operatorService.mint(db, { productId, count: 2 });
    unclaimed.push(...codes.map((code) => ({ productId, code })));
  }
  return unclaimed;
}
