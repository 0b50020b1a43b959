import { describe, expect, test } from 'vitest';
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { chargesApi, type Charge } from '@toque/contracts/billing';
import type { Unit } from '@toque/contracts/condominium';
import { condoMsg } from '@toque/contracts/messages';
import { condoApi } from '@toque/contracts/routes';
import { bulkMsg, type BulkUnitsResponse } from '@toque/contracts/units-bulk';
import { charges, units } from '../src/db/schema';
import { build, dbLabel, errorBody, signUp } from './helpers';
import { activate, post, send, signUpAdmin } from './condo-support';

/**
 * CONDO-19: a new unit that reads as an existing one ('101' beside 'Apto 101') is that unit — named in
 * the preview, not created again, and a rename cannot take another unit's name. FIN-07: the preview
 * says what the plate's monthly price becomes, and adding units expires the plate's open charges.
 */
const SECRET = 'segredo-do-webhook-unidades-0123456789';
const { app } = await build({ PIX_WEBHOOK_SECRET: SECRET, PIX_KEY: 'financeiro@toque.app.br' });
const admin = await signUpAdmin(app);

type Preview = BulkUnitsResponse & {
  matched: { line: number; name: string; existing: string }[];
  matched_total: number;
  current_monthly_cents: number;
  new_monthly_cents: number;
};

/** A condominium whose units are 'Apto 101', 'Apto 102', … (ADM-02). */
async function building(unitCount = 2) {
  const sindico = await signUp(app, { name: 'Sílvia Síndica' });
  const { plate, condominiumId, unitIds } = await activate(app, admin, sindico, unitCount);
  return { sindico, plate, condominiumId, unitIds };
}
const bulk = (token: string, payload: Record<string, unknown>) => post(app, condoApi.bulkUnits, token, payload);
const unitCount = async (condominiumId: number) =>
  (await app.db.select({ n: count() }).from(units).where(eq(units.condominiumId, condominiumId)))[0]!.n;
const unitNames = async (token: string, plate: string) =>
  (await post(app, condoApi.ownerQrCode, token, { qrCode: plate }))
    .json<Unit[]>()
    .map((u) => `${u.block ? `${u.block}/` : ''}${u.unit_number.slice(0, u.unit_number.lastIndexOf('-'))}`);
const endToEnd = () => `E${randomBytes(16).toString('hex').slice(0, 31)}`;
const reais = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

describe(`[CONDO-19] units compared as people read them ${dbLabel}`, () => {
  test('[CONDO-19] pasting 101-104 beside "Apto 101" and "Apto 102" previews 2 new units and names the 2 that exist; the confirmation creates only the new ones', async () => {
    const { sindico, plate, condominiumId } = await building(2);
    const preview = await bulk(sindico.token, { qrCode: plate, text: '101-104' });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json<Preview>();
    expect(body.units.map((u) => u.name)).toEqual(['103', '104']);
    expect(body.refused).toEqual([]);
    expect(body.matched).toEqual([
      { line: 1, name: '101', existing: 'Apto 101' },
      { line: 1, name: '102', existing: 'Apto 102' },
    ]);
    expect(body.matched_total).toBe(2);
    expect(await unitCount(condominiumId)).toBe(2);

    const done = await bulk(sindico.token, { qrCode: plate, text: '101-104', confirm: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<Preview>()).toMatchObject({ created: 2, message: bulkMsg.created(2) });
    expect(await unitNames(sindico.token, plate)).toEqual(['Apto 101', 'Apto 102', '103', '104']);

    // Pasted again: nothing new, said plainly; the confirmation has nothing to create.
    const again = (await bulk(sindico.token, { qrCode: plate, text: '101–104' })).json<Preview>();
    expect([again.units.length, again.matched_total]).toEqual([0, 4]);
    const none = await bulk(sindico.token, { qrCode: plate, text: '101–104', confirm: true });
    expect([none.statusCode, errorBody(none)]).toEqual([400, bulkMsg.nothing]);
    expect(await unitCount(condominiumId)).toBe(4);
  });

  // A name has at most 15 characters (UNIT_NAME_MAX): 'apartamento 0101' is one too many, so padding is shown with 'Apto'.
  test('[CONDO-19] "apartamento 101", "Apto 0102" and "UNIDADE 103" are the existing units; "1010" is new, and "101" in another block is new', async () => {
    const { sindico, plate } = await building(3);
    const body = (
      await bulk(sindico.token, { qrCode: plate, text: 'apartamento 101\nApto 0102\nUNIDADE 103\n1010' })
    ).json<Preview>();
    expect(body.units.map((u) => u.name)).toEqual(['1010']);
    expect(body.matched).toEqual([
      { line: 1, name: 'apartamento 101', existing: 'Apto 101' },
      { line: 2, name: 'Apto 0102', existing: 'Apto 102' },
      { line: 3, name: 'UNIDADE 103', existing: 'Apto 103' },
    ]);
    const other = (await bulk(sindico.token, { qrCode: plate, text: '101', block: 'Bloco B' })).json<Preview>();
    expect(other.units.map((u) => [u.block, u.name])).toEqual([['Bloco B', '101']]);
    expect(other.matched).toEqual([]);
    // Within one list too: '101' and 'Apto 0101' are one unit.
    const list = (await bulk(sindico.token, { qrCode: plate, text: '301\nApto 0301', block: 'Bloco C' })).json<Preview>();
    expect(list.refused.map((r) => [r.line, r.reason])).toEqual([[2, bulkMsg.duplicateInList]]);
  });

  test('[CONDO-19] a line with e-mails that names an existing unit is refused with its reason: residents are added on the unit itself', async () => {
    const { sindico, plate, condominiumId } = await building(2);
    const text = '103\n101; ana@exemplo.com.br';
    const body = (await bulk(sindico.token, { qrCode: plate, text })).json<Preview>();
    expect(body.units.map((u) => u.name)).toEqual(['103']);
    expect(body.refused).toEqual([{ line: 2, text: '101; ana@exemplo.com.br', reason: bulkMsg.existsWithEmails('Apto 101') }]);
    const refused = await bulk(sindico.token, { qrCode: plate, text, confirm: true });
    expect([refused.statusCode, errorBody(refused)]).toEqual([409, bulkMsg.hasRefused]);
    expect(await unitCount(condominiumId)).toBe(2);
  });

  test('[CONDO-19] a rename into another unit’s name (as read) is a Portuguese 409 and changes nothing; one unit at a time is refused the same way', async () => {
    const { sindico, plate, condominiumId, unitIds } = await building(2);
    for (const nameOfUnit of ['101', 'apartamento 101', 'APTO. 0101']) {
      const res = await send(app, 'PUT', condoApi.updateUnitName, sindico.token, { unitId: unitIds[1], nameOfUnit });
      expect([nameOfUnit, res.statusCode, errorBody(res)]).toEqual([nameOfUnit, 409, condoMsg.unitNameTaken('Apto 101')]);
    }
    expect(await unitNames(sindico.token, plate)).toEqual(['Apto 101', 'Apto 102']);
    // Its own name written another way, and a name of its own, are fine.
    for (const nameOfUnit of ['102', '1010']) {
      const res = await send(app, 'PUT', condoApi.updateUnitName, sindico.token, { unitId: unitIds[1], nameOfUnit });
      expect([nameOfUnit, res.statusCode]).toEqual([nameOfUnit, 200]);
    }
    const created = await post(app, condoApi.createUnit, admin.token, {
      condominiumId,
      qrCode: plate,
      nameOfUnit: 'UNIDADE 101',
      emailAdminCond: sindico.email,
    });
    expect([created.statusCode, errorBody(created)]).toEqual([409, condoMsg.unitNameTaken('Apto 101')]);
    expect(await unitCount(condominiumId)).toBe(2);
  });
});

describe(`[FIN-07] the bulk preview says the new monthly price; new units expire the plate's open charges ${dbLabel}`, () => {
  test('[FIN-07] the preview carries the monthly price now and with the new units, in centavos; the answer to the confirmation too', async () => {
    const { sindico, plate } = await building(2);
    const body = (await bulk(sindico.token, { qrCode: plate, text: '101-105' })).json<Preview>();
    expect([body.current_monthly_cents, body.new_monthly_cents]).toEqual([2 * 1990, 5 * 1990]);
    const done = (await bulk(sindico.token, { qrCode: plate, text: '101-105', confirm: true })).json<Preview>();
    expect([done.current_monthly_cents, done.new_monthly_cents]).toEqual([2 * 1990, 5 * 1990]);
    const nothingNew = (await bulk(sindico.token, { qrCode: plate, text: '101-105' })).json<Preview>();
    expect([nothingNew.current_monthly_cents, nothingNew.new_monthly_cents]).toEqual([5 * 1990, 5 * 1990]);
  });

  test('[FIN-07] an open charge of the plate, made for 2 units, is expired when units are added; a Pix for it is held for review; the next charge prices every unit', async () => {
    const { sindico, plate } = await building(2);
    const old = await post(app, chargesApi.charges, sindico.token, { codes: [plate] });
    expect(old.statusCode, old.body).toBe(201);
    const charge = old.json<Charge>();
    expect(charge.amount_cents).toBe(2 * 1990);
    expect((await bulk(sindico.token, { qrCode: plate, text: '103', confirm: true })).statusCode).toBe(200);
    const [row] = await app.db.select().from(charges).where(eq(charges.id, charge.id));
    expect(row!.status).toBe('expired');
    const pix = await app.inject({
      method: 'POST',
      url: `/api${chargesApi.webhook(SECRET)}`,
      payload: { pix: [{ endToEndId: endToEnd(), txid: charge.txid, valor: reais(charge.amount_cents), horario: new Date().toISOString() }] },
    });
    expect(pix.statusCode).toBe(200);
    const [after] = await app.db.select().from(charges).where(eq(charges.id, charge.id));
    expect(after!.status).toBe('review');
    const fresh = await post(app, chargesApi.charges, sindico.token, { codes: [plate] });
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(fresh.json<Charge>().amount_cents).toBe(3 * 1990);
  });

  test('[FIN-07] one unit at a time (the activation) expires the plate’s open charge too', async () => {
    const { sindico, plate, condominiumId } = await building(1);
    const charge = (await post(app, chargesApi.charges, sindico.token, { codes: [plate] })).json<Charge>();
    const created = await post(app, condoApi.createUnit, admin.token, {
      condominiumId,
      qrCode: plate,
      nameOfUnit: 'Apto 102',
      emailAdminCond: sindico.email,
    });
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await app.db.select().from(charges).where(eq(charges.id, charge.id));
    expect(row!.status).toBe('expired');
  });
});
