import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { adminApi, condoApi, productsApi } from '@toque/contracts/routes';
import { parseUnitNumber, type Unit } from '@toque/contracts/condominium';
import { auditLog, tagBatches, unitResidents, users } from '../src/db/schema';
import { build, dbLabel, signUp } from './helpers';
import { activate, post, send, signUpAdmin } from './condo-support';

const { app } = await build();

async function idOf(email: string): Promise<string> {
  const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/**
 * While `work` runs, the database itself refuses this actor's audit rows of one action: a real
 * failed write, nothing mocked. The CHECK is NOT VALID (rows already there are not checked) and
 * names one actor, so other files sharing the PostgreSQL database are not touched.
 */
async function auditRefused<T>(actorId: string, action: string, work: () => Promise<T>): Promise<T> {
  const name = `refuse_audit_${randomUUID().replaceAll('-', '')}`;
  await app.db.execute(
    sql.raw(`alter table audit_log add constraint ${name} check (actor_id <> '${actorId}' or action <> '${action}') not valid`),
  );
  try {
    return await work();
  } finally {
    await app.db.execute(sql.raw(`alter table audit_log drop constraint ${name}`));
  }
}

const auditRows = async (actorId: string, action: string) =>
  (await app.db.select({ n: count() }).from(auditLog).where(sql`${auditLog.actorId} = ${actorId} and ${auditLog.action} = ${action}`))[0]!.n;

describe(`an administrative write and its audit row are one transaction ${dbLabel}`, () => {
  test('[DEV-01] [ADM-05] [ADM-07] a batch whose audit row the database refuses is not minted either', async () => {
    const admin = await signUpAdmin(app);
    const adminId = await idOf(admin.email);
    const batchesOf = async () => (await app.db.select({ n: count() }).from(tagBatches).where(eq(tagBatches.createdBy, adminId)))[0]!.n;

    const refused = await auditRefused(adminId, 'batch.mint', () => send(app, 'POST', adminApi.batches, admin.token, { productId: 1, count: 3 }));
    expect(refused.statusCode).toBe(500);
    expect(await batchesOf()).toBe(0);
    expect(await auditRows(adminId, 'batch.mint')).toBe(0);

    // The same request with the audit write allowed: the batch and its row, together.
    expect((await send(app, 'POST', adminApi.batches, admin.token, { productId: 1, count: 3 })).statusCode).toBe(201);
    expect(await batchesOf()).toBe(1);
    expect(await auditRows(adminId, 'batch.mint')).toBe(1);
  });

  test('[DEV-01] [CONDO-04] [ADM-07] an administrator removing a resident whose audit row the database refuses removes nobody', async () => {
    const admin = await signUpAdmin(app);
    const adminId = await idOf(admin.email);
    const sindico = await signUp(app);
    const { plate } = await activate(app, admin, sindico, 1);
    const [unit] = (await post(app, condoApi.ownerQrCode, sindico.token, { qrCode: plate })).json<Unit[]>();
    const resident = await signUp(app);
    const joined = await app.inject({
      method: 'PUT',
      url: `/api${productsApi.associate}`,
      headers: resident.auth,
      payload: { code: parseUnitNumber(unit!.unit_number).code },
    });
    expect(joined.statusCode).toBe(200);
    const memberId = (await post(app, condoApi.ownerQrCode, sindico.token, { qrCode: plate })).json<Unit[]>()[0]!.residents[0]!.member_id;
    const residentRows = async () => (await app.db.select({ n: count() }).from(unitResidents).where(eq(unitResidents.id, memberId)))[0]!.n;
    const remove = () => send(app, 'DELETE', condoApi.deleteMember, admin.token, { memberId, unit_number: unit!.unit_number });

    expect((await auditRefused(adminId, 'resident.remove', remove)).statusCode).toBe(500);
    expect(await residentRows()).toBe(1);
    expect(await auditRows(adminId, 'resident.remove')).toBe(0);

    expect((await remove()).statusCode).toBe(200);
    expect(await residentRows()).toBe(0);
    expect(await auditRows(adminId, 'resident.remove')).toBe(1);
  });
});
