import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { msg, condoMsg, tagMsg } from '@toque/contracts/messages';
import { condoApi, productsApi } from '@toque/contracts/routes';
import { parseUnitNumber, type Unit } from '@toque/contracts/condominium';
import { auditLog, condominiums, tags, unitResidents, units } from '../src/db/schema';
import { bearer, build, dbLabel, errorBody, mint, signUp } from './helpers';
import { activate, post, send, signUpAdmin } from './condo-support';

const { app } = await build();

async function unitsOf(token: string, plate: string): Promise<Unit[]> {
  const res = await post(app, condoApi.ownerQrCode, token, { qrCode: plate });
  expect(res.statusCode).toBe(200);
  return res.json<Unit[]>();
}

async function join(token: string, associationCode: string) {
  return app.inject({ method: 'PUT', url: '/api/products/associateQrCode', headers: bearer(token), payload: { code: associationCode } });
}

describe(`condominium activation ${dbLabel}`, () => {
  test('[ADM-02] [CONDO-07] an admin creates a condominium and its units for a síndico, who becomes the plate\'s owner', async () => {
    const admin = await signUpAdmin(app);
    const sindico = await signUp(app, { name: 'Sílvia Síndica' });
    const { plate, condominiumId, unitIds } = await activate(app, admin, sindico, 3, ['Apto 101', '', 'Cobertura']);
    expect(unitIds).toHaveLength(3);
    expect([...unitIds].sort((a, b) => a - b)).toEqual(unitIds);

    const [tag] = await app.db.select().from(tags).where(eq(tags.code, plate));
    expect(tag?.ownerId).toBeDefined();
    const [condo] = await app.db.select().from(condominiums).where(eq(condominiums.id, condominiumId));
    expect(condo).toMatchObject({ name: 'Edifício Aroeira', tagCode: plate, adminUserId: tag!.ownerId });

    // The síndico sees the plate as its owner, and its units with the section 7 shape.
    const products = await app.inject({ method: 'GET', url: `/api${productsApi.list}`, headers: sindico.auth });
    expect(products.json<{ code: string; product_id: number; isOwner: boolean }[]>()).toContainEqual(
      expect.objectContaining({ code: plate, product_id: 5, isOwner: true }),
    );
    const list = await post(app, condoApi.listUnits, sindico.token, { qrCode: plate });
    expect(list.statusCode).toBe(200);
    const listed = list.json<Unit[]>();
    expect(listed.map((u) => u.unit_id)).toEqual(unitIds);
    expect(listed[0]).toEqual({
      unit_id: unitIds[0],
      unit_number: expect.stringMatching(/^Apto 101-[A-Z0-9]{8}$/) as string,
      condominium_name: 'Edifício Aroeira',
      residents: [],
      block: null,
      invitations: [],
    });
    // CONDO-03: an empty name is temporary: 'undefined-CODE'.
    expect(listed[1]!.unit_number).toMatch(/^undefined-[A-Z0-9]{8}$/);
    expect(parseUnitNumber(listed[1]!.unit_number).name).toBeNull();
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.target, `condominium:${condominiumId}`));
    expect(audit).toHaveLength(1);
  });

  test('[ADM-02] 404 when the síndico\'s e-mail has no account; nothing is created', async () => {
    const admin = await signUpAdmin(app);
    const [plate] = await mint(app, 5, 1);
    const created = await post(app, condoApi.createCondominium, admin.token, { nameCondominium: 'Sem Síndico' });
    const condominiumId = created.json<{ id: number }>().id;
    const res = await post(app, condoApi.createUnit, admin.token, {
      condominiumId,
      qrCode: plate,
      nameOfUnit: 'Apto 1',
      emailAdminCond: 'ninguem.aqui@exemplo.com.br',
    });
    expect(res.statusCode).toBe(404);
    expect(errorBody(res)).toBe(condoMsg.adminEmailNotFound);
    expect(await app.db.select().from(units).where(eq(units.condominiumId, condominiumId))).toHaveLength(0);
    const [tag] = await app.db.select().from(tags).where(eq(tags.code, plate!));
    expect(tag?.ownerId).toBeNull();
  });

  test('[ADM-02] the plate must be a product-5 code that is unclaimed or already the síndico\'s', async () => {
    const admin = await signUpAdmin(app);
    const sindico = await signUp(app);
    const stranger = await signUp(app);
    const created = await post(app, condoApi.createCondominium, admin.token, { nameCondominium: 'Edifício Cedro' });
    const condominiumId = created.json<{ id: number }>().id;
    const unitBody = (qrCode: string) => ({ condominiumId, qrCode, nameOfUnit: 'Apto 1', emailAdminCond: sindico.email });

    const [bracelet] = await mint(app, 1, 1);
    const notPlate = await post(app, condoApi.createUnit, admin.token, unitBody(bracelet!));
    expect(notPlate.statusCode).toBe(409);
    expect(errorBody(notPlate)).toBe(condoMsg.notAPlate);

    const [taken] = await mint(app, 5, 1);
    expect((await join(stranger.token, taken!)).statusCode).toBe(200);
    const takenRes = await post(app, condoApi.createUnit, admin.token, unitBody(taken!));
    expect(takenRes.statusCode).toBe(409);
    expect(errorBody(takenRes)).toBe(condoMsg.plateTaken);

    const unknown = await post(app, condoApi.createUnit, admin.token, unitBody('ZZZZ2222'));
    expect(unknown.statusCode).toBe(404);
    expect(errorBody(unknown)).toBe(condoMsg.plateNotFound);

    const noCondo = await post(app, condoApi.createUnit, admin.token, { ...unitBody(taken!), condominiumId: 2_000_000_000 });
    expect(noCondo.statusCode).toBe(404);
    expect(errorBody(noCondo)).toBe(condoMsg.condominiumNotFound);

    // A plate the síndico already owns is accepted.
    const [own] = await mint(app, 5, 1);
    expect((await join(sindico.token, own!)).statusCode).toBe(200);
    expect((await post(app, condoApi.createUnit, admin.token, unitBody(own!))).statusCode).toBe(201);
    // …and this condominium now has that plate: another one is refused.
    const [other] = await mint(app, 5, 1);
    const otherPlate = await post(app, condoApi.createUnit, admin.token, unitBody(other!));
    expect(otherPlate.statusCode).toBe(409);
    expect(errorBody(otherPlate)).toBe(condoMsg.condominiumHasOtherPlate);
  });

  test('[ADM-02] [REL-01] a plate activated concurrently for two condominiums ends in exactly one', async () => {
    const admin = await signUpAdmin(app);
    const sindico = await signUp(app);
    const [plate] = await mint(app, 5, 1);
    const ids = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (i) => {
        const res = await post(app, condoApi.createCondominium, admin.token, { nameCondominium: `Corrida ${i}` });
        return res.json<{ id: number }>().id;
      }),
    );
    const results = await Promise.all(
      ids.map((condominiumId) =>
        post(app, condoApi.createUnit, admin.token, { condominiumId, qrCode: plate, nameOfUnit: 'Apto 1', emailAdminCond: sindico.email }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(errorBody(r)).toBe(condoMsg.plateInOtherCondominium);
    expect(await app.db.select().from(condominiums).where(eq(condominiums.tagCode, plate!))).toHaveLength(1);
  });

  test('[ADM-02] [SEC-03] bad bodies are 400 {message}; ids out of range are 400, never 5xx', async () => {
    const admin = await signUpAdmin(app);
    const bodies: unknown[] = [
      {},
      { nameCondominium: '' },
      { nameCondominium: 'x'.repeat(81) },
      { nameCondominium: 12 },
    ];
    for (const body of bodies) {
      const res = await post(app, condoApi.createCondominium, admin.token, body);
      expect(res.statusCode).toBe(400);
      errorBody(res);
    }
    for (const condominiumId of [0, -1, 2 ** 31, 1e20, 'abc', 1.5]) {
      const res = await post(app, condoApi.createUnit, admin.token, {
        condominiumId,
        qrCode: 'ABCD2345',
        nameOfUnit: 'A',
        emailAdminCond: 'a@b.com',
      });
      expect(res.statusCode).toBe(400);
    }
    const longName = await post(app, condoApi.createUnit, admin.token, {
      condominiumId: 1,
      qrCode: 'ABCD2345',
      nameOfUnit: 'x'.repeat(16),
      emailAdminCond: 'a@b.com',
    });
    expect(errorBody(longName)).toBe(msg.unitNameMax);
  });
});

describe(`the síndico's units ${dbLabel}`, () => {
  test('[CONDO-02] [CONDO-06] units are sorted by unit_id and list residents who joined with the code', async () => {
    const admin = await signUpAdmin(app);
    const sindico = await signUp(app);
    const { plate, unitIds } = await activate(app, admin, sindico, 2);
    const [first] = await unitsOf(sindico.token, plate);
    const code = parseUnitNumber(first!.unit_number).code;
    const ana = await signUp(app, { name: 'Ana Beatriz Lima' });
    expect((await join(ana.token, code)).json()).toMatchObject({ kind: 'unit' });
    const after = await unitsOf(sindico.token, plate);
    expect(after.map((u) => u.unit_id)).toEqual(unitIds);
    expect(after[0]!.residents).toEqual([
      { user: { first_name: 'Ana', user_id: expect.any(String) as string }, member_id: expect.any(Number) as number },
    ]);
    // The resident sees the plate as a member, and cannot manage its units.
    const products = await app.inject({ method: 'GET', url: `/api${productsApi.list}`, headers: ana.auth });
    expect(products.json<{ code: string; isOwner: boolean }[]>()).toContainEqual(expect.objectContaining({ code: plate, isOwner: false }));
  });

  test('[CONDO-01] [SEC-02] only the plate\'s owner (or an admin) reads and changes its units', async () => {
    const admin = await signUpAdmin(app);
    const sindico = await signUp(app);
    const { plate, unitIds } = await activate(app, admin, sindico, 1);
    const [u] = await unitsOf(sindico.token, plate);
    const resident = await signUp(app);
    await join(resident.token, parseUnitNumber(u!.unit_number).code);
    const [withResident] = await unitsOf(sindico.token, plate);
    const memberId = withResident!.residents[0]!.member_id;
    const customer = await signUp(app);

    const calls = [
      () => post(app, condoApi.ownerQrCode, undefined, { qrCode: plate }),
      () => post(app, condoApi.listUnits, undefined, { qrCode: plate }),
      () => send(app, 'PUT', condoApi.updateUnitName, undefined, { unitId: unitIds[0], nameOfUnit: 'X' }),
      () => send(app, 'DELETE', condoApi.deleteMember, undefined, { memberId, unit_number: withResident!.unit_number }),
      () => post(app, condoApi.regenerateCode, undefined, { unitId: unitIds[0] }),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(401);

    for (const who of [customer, resident]) {
      const tries = [
        await post(app, condoApi.ownerQrCode, who.token, { qrCode: plate }),
        await post(app, condoApi.listUnits, who.token, { qrCode: plate }),
        await send(app, 'PUT', condoApi.updateUnitName, who.token, { unitId: unitIds[0], nameOfUnit: 'Invadido' }),
        await send(app, 'DELETE', condoApi.deleteMember, who.token, { memberId, unit_number: withResident!.unit_number }),
        await post(app, condoApi.regenerateCode, who.token, { unitId: unitIds[0] }),
      ];
      for (const res of tries) {
        expect(res.statusCode).toBe(403);
        expect(errorBody(res)).toBe(msg.condoNoPermission);
      }
    }
    // Nothing changed.
    const [still] = await unitsOf(sindico.token, plate);
    expect(still).toEqual(withResident);
    // The admin may read them.
    expect((await post(app, condoApi.listUnits, admin.token, { qrCode: plate })).statusCode).toBe(200);
    // Admin-only creation refuses the síndico.
    const res = await post(app, condoApi.createCondominium, sindico.token, { nameCondominium: 'Meu' });
    expect(res.statusCode).toBe(403);
    // A bad body from a stranger is refused before it is read (401, not 400).
    expect((await post(app, condoApi.createCondominium, undefined, { nope: 1 })).statusCode).toBe(401);
  });

  test('[CONDO-02] an unknown plate is 404 and a code that is not a plate is 409', async () => {
    const sindico = await signUp(app);
    const unknown = await post(app, condoApi.ownerQrCode, sindico.token, { qrCode: 'ZZZZ3333' });
    expect(unknown.statusCode).toBe(404);
    const [pet] = await mint(app, 3, 1);
    const notPlate = await post(app, condoApi.ownerQrCode, sindico.token, { qrCode: pet });
    expect(notPlate.statusCode).toBe(409);
    expect(errorBody(notPlate)).toBe(condoMsg.notAPlate);
  });

  test('[CONDO-04] renaming a unit: not empty, at most 15; unknown units are 404', async () => {
    const admin = await signUpAdmin(app);
    const sindico = await signUp(app);
    const { plate, unitIds } = await activate(app, admin, sindico, 1, ['']);
    const ok = await send(app, 'PUT', condoApi.updateUnitName, sindico.token, { unitId: unitIds[0], nameOfUnit: '  Apto 301  ' });
    expect(ok.statusCode).toBe(200);
    expect((await unitsOf(sindico.token, plate))[0]!.unit_number).toMatch(/^Apto 301-/);
    const empty = await send(app, 'PUT', condoApi.updateUnitName, sindico.token, { unitId: unitIds[0], nameOfUnit: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(errorBody(empty)).toBe(msg.unitNameEmpty);
    const long = await send(app, 'PUT', condoApi.updateUnitName, sindico.token, { unitId: unitIds[0], nameOfUnit: 'x'.repeat(16) });
    expect(errorBody(long)).toBe(msg.unitNameMax);
    const exactly15 = await send(app, 'PUT', condoApi.updateUnitName, sindico.token, { unitId: unitIds[0], nameOfUnit: 'y'.repeat(15) });
    expect(exactly15.statusCode).toBe(200);
    const unknown = await send(app, 'PUT', condoApi.updateUnitName, sindico.token, { unitId: 2_000_000_000, nameOfUnit: 'A' });
    expect(unknown.statusCode).toBe(404);
    expect(errorBody(unknown)).toBe(condoMsg.unitNotFound);
    const outOfRange = await send(app, 'PUT', condoApi.updateUnitName, sindico.token, { unitId: 2 ** 31, nameOfUnit: 'A' });
    expect(outOfRange.statusCode).toBe(400);
  });

  test('[CONDO-04] removing a Morador frees the place; a unit_number of another unit is refused', async () => {
    const admin = await signUpAdmin(app);
    const sindico = await signUp(app);
    const { plate } = await activate(app, admin, sindico, 2);
    const [a, b] = await unitsOf(sindico.token, plate);
    const codeA = parseUnitNumber(a!.unit_number).code;
    const residents = await Promise.all([1, 2, 3].map(() => signUp(app)));
    for (const r of residents) expect((await join(r.token, codeA)).statusCode).toBe(200);
    const fourth = await signUp(app);
    expect((await join(fourth.token, codeA)).statusCode).toBe(409);

    const full = (await unitsOf(sindico.token, plate))[0]!;
    expect(full.residents).toHaveLength(3);
    const memberId = full.residents[0]!.member_id;
    const wrongUnit = await send(app, 'DELETE', condoApi.deleteMember, sindico.token, { memberId, unit_number: b!.unit_number });
    expect(wrongUnit.statusCode).toBe(404);
    expect(errorBody(wrongUnit)).toBe(condoMsg.memberNotFound);
    const removed = await send(app, 'DELETE', condoApi.deleteMember, sindico.token, { memberId, unit_number: full.unit_number });
    expect(removed.statusCode).toBe(200);
    expect((await unitsOf(sindico.token, plate))[0]!.residents).toHaveLength(2);
    // The unit is no longer full: the fourth person now joins.
    expect((await join(fourth.token, codeA)).statusCode).toBe(200);
    const again = await send(app, 'DELETE', condoApi.deleteMember, sindico.token, { memberId, unit_number: full.unit_number });
    expect(again.statusCode).toBe(404);
    const outOfRange = await send(app, 'DELETE', condoApi.deleteMember, sindico.token, { memberId: 2 ** 31, unit_number: 'x-y' });
    expect(outOfRange.statusCode).toBe(400);
  });

  test('[CONDO-08] a regenerated code works at once and the old one stops working', async () => {
    const admin = await signUpAdmin(app);
    const sindico = await signUp(app);
    const { plate, unitIds } = await activate(app, admin, sindico, 1);
    const oldCode = parseUnitNumber((await unitsOf(sindico.token, plate))[0]!.unit_number).code;
    const res = await post(app, condoApi.regenerateCode, sindico.token, { unitId: unitIds[0] });
    expect(res.statusCode).toBe(200);
    const newCode = parseUnitNumber(res.json<{ unit_number: string }>().unit_number).code;
    expect(newCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(newCode).not.toBe(oldCode);
    const late = await signUp(app);
    expect((await join(late.token, oldCode)).statusCode).toBe(404);
    expect((await join(late.token, newCode)).statusCode).toBe(200);
  });

  test('[CONDO-09] a resident leaves the units under a plate, and a member leaves a shared tag; an owner cannot leave', async () => {
    const admin = await signUpAdmin(app);
    const sindico = await signUp(app);
    const { plate } = await activate(app, admin, sindico, 1);
    const code = parseUnitNumber((await unitsOf(sindico.token, plate))[0]!.unit_number).code;
    const resident = await signUp(app);
    await join(resident.token, code);
    const left = await send(app, 'DELETE', condoApi.leave, resident.token, { code: plate });
    expect(left.statusCode).toBe(200);
    expect((await unitsOf(sindico.token, plate))[0]!.residents).toHaveLength(0);
    const products = await app.inject({ method: 'GET', url: `/api${productsApi.list}`, headers: resident.auth });
    expect(products.json<{ code: string }[]>().map((p) => p.code)).not.toContain(plate);
    expect((await send(app, 'DELETE', condoApi.leave, resident.token, { code: plate })).statusCode).toBe(404);

    // A shared tag.
    const owner = await signUp(app);
    const [pet] = await mint(app, 3, 1);
    await join(owner.token, pet!);
    const member = await signUp(app);
    await send(app, 'POST', productsApi.member, owner.token, { code: pet, email: member.email });
    expect((await send(app, 'DELETE', condoApi.leave, member.token, { code: pet })).statusCode).toBe(200);
    const ownerLeaves = await send(app, 'DELETE', condoApi.leave, owner.token, { code: pet });
    expect(ownerLeaves.statusCode).toBe(409);
    expect(errorBody(ownerLeaves)).toBe(condoMsg.ownerCannotLeave);
    expect((await send(app, 'DELETE', condoApi.leave, undefined, { code: pet })).statusCode).toBe(401);
    const units_ = await app.db.select({ id: units.id }).from(units).innerJoin(condominiums, eq(condominiums.id, units.condominiumId)).where(eq(condominiums.tagCode, plate));
    const residentsLeft = await app.db.select().from(unitResidents).where(eq(unitResidents.unitId, units_[0]!.id));
    expect(residentsLeft).toHaveLength(0);
  });

  test('[CONDO-10] a plate is not shared: its calls go to the units\' residents', async () => {
    const admin = await signUpAdmin(app);
    const sindico = await signUp(app);
    const { plate } = await activate(app, admin, sindico, 1);
    const friend = await signUp(app);
    const res = await send(app, 'POST', productsApi.member, sindico.token, { code: plate, email: friend.email });
    expect(res.statusCode).toBe(409);
    expect(errorBody(res)).toBe(tagMsg.plateNotShared);
  });
});
