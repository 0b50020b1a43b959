import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { PublicTag } from '@toque/contracts/calls';
import { accountApi } from '@toque/contracts/account';
import { tagMsg } from '@toque/contracts/messages';
import { adminApi, productsApi } from '@toque/contracts/routes';
import {
  BLOOD_TYPES,
  emptyMedicalCard,
  HEALTH_PLAN_MAX,
  MEDICAL_TEXT_MAX,
  medicalCardApi,
  medicalMsg,
  PARAMEDIC_NOTE_MAX,
  type MedicalCard,
  type MedicalCardBody,
} from '@toque/contracts/medical-card';
import { tagMedicalCards, tags } from '../src/db/schema';
import { build, dbLabel, signUp } from './helpers';
import { ownedTag, userId } from './calls-support';
import { signUpAdmin } from './condo-support';
import { badBoolean, badString, bodies, catalogue, hostileSegment, type Fields } from './hostile-support';

/**
 * FIND-11: a wristband's medical card. Each field reaches the finder only when its switch is on
 * (searched for in the raw JSON of the public view, not just its parsed fields); only a wristband has
 * one; its lengths are bounded and its blood type is one of eight; only the owner reads and changes
 * it; it is deleted with the tag. (The server-rendered page: finder-page.test.ts.)
 */
const { app } = await build({ RATE_CODE_PER_IP: '1000000' });
const db = app.db;

let ips = 0;
const freshIp = () => `198.51.100.${(++ips % 250) + 1}`;
const view = async (code: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/public/tags/${code}`, remoteAddress: freshIp() });
  expect(res.statusCode, res.body).toBe(200);
  return { raw: res.body, tag: res.json<PublicTag>() };
};
const put = (code: string, auth: Record<string, string> | undefined, payload: unknown) =>
  app.inject({ method: 'PUT', url: `/api${medicalCardApi.card(code)}`, ...(auth ? { headers: auth } : {}), payload: payload as object });
const get = (code: string, auth: Record<string, string> | undefined) =>
  app.inject({ method: 'GET', url: `/api${medicalCardApi.card(code)}`, ...(auth ? { headers: auth } : {}) });
const stored = async (code: string) => (await db.select().from(tagMedicalCards).where(eq(tagMedicalCards.tagCode, code)))[0];

/** Every field filled with a text of its own, so a leak of any one is found by its words. */
const full: MedicalCardBody = {
  needsCare: true,
  conditions: 'Epilepsia controlada',
  showConditions: true,
  allergies: 'Alergia grave a dipirona',
  showAllergies: true,
  medication: 'Carbamazepina 200 mg',
  showMedication: true,
  bloodType: 'AB-',
  showBloodType: true,
  healthPlan: 'Unimed BH',
  showHealthPlan: true,
  paramedicNote: 'Responde melhor a voz calma; não conter à força',
  showParamedicNote: true,
};
const values = ['Epilepsia', 'dipirona', 'Carbamazepina', 'AB-', 'Unimed', 'voz calma'];
const switches = ['showConditions', 'showAllergies', 'showMedication', 'showBloodType', 'showHealthPlan', 'showParamedicNote'] as const;

async function wristband() {
  return ownedTag(app, 1, 1);
}

describe(`FIND-11 the medical card ${dbLabel}`, () => {
  test('[FIND-11] the owner saves the card and reads it back; a wristband without one reads empty, every switch off', async () => {
    const { owner, code } = await wristband();
    const empty = await get(code, owner.auth);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json<MedicalCard>()).toEqual({ ...emptyMedicalCard, updatedAt: null });

    const saved = await put(code, owner.auth, { ...full, conditions: '  Epilepsia controlada  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    const card = saved.json<MedicalCard>();
    expect(card).toMatchObject(full);
    expect(Date.parse(card.updatedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await get(code, owner.auth)).json<MedicalCard>()).toEqual(card);
    // Saved again, the one row is replaced, not doubled.
    expect((await put(code, owner.auth, { ...full, bloodType: null })).json<MedicalCard>().bloodType).toBeNull();
    expect((await db.select({ n: count() }).from(tagMedicalCards).where(eq(tagMedicalCards.tagCode, code)))[0]!.n).toBe(1);
  });

  test('[FIND-11] [SEC-10] each field reaches the public view only when switched on: switched off, its words are nowhere in the raw JSON', async () => {
    const { owner, code } = await wristband();
    // Nothing saved: no card, no mark.
    const before = await view(code);
    expect(before.tag.medical).toBeUndefined();
    expect(before.tag.needs_care).toBeUndefined();

    expect((await put(code, owner.auth, full)).statusCode).toBe(200);
    const all = await view(code);
    expect(all.tag.needs_care).toBe(true);
    expect(all.tag.medical).toEqual({
      conditions: full.conditions,
      allergies: full.allergies,
      medication: full.medication,
      blood_type: 'AB-',
      health_plan: full.healthPlan,
      paramedic_note: full.paramedicNote,
    });

    // One switch off at a time: that field's words leave the answer, the others stay.
    for (const [i, key] of switches.entries()) {
      expect((await put(code, owner.auth, { ...full, [key]: false })).statusCode).toBe(200);
      const { raw } = await view(code);
      expect(raw, key).not.toContain(values[i]);
      for (const [j, other] of values.entries()) if (j !== i) expect(raw, `${key} hides ${other}`).toContain(other);
    }

    // Every switch off, not in need of care: nothing of the card at all.
    const off = Object.fromEntries(switches.map((k) => [k, false]));
    expect((await put(code, owner.auth, { ...full, ...off, needsCare: false })).statusCode).toBe(200);
    const none = await view(code);
    expect(none.tag.medical).toBeUndefined();
    expect(none.tag.needs_care).toBeUndefined();
    for (const v of values) expect(none.raw).not.toContain(v);
    // A field switched on but left blank is not sent either.
    expect((await put(code, owner.auth, { ...emptyMedicalCard, showAllergies: true, allergies: '   ', needsCare: true })).statusCode).toBe(200);
    const blank = await view(code);
    expect(blank.tag.medical).toBeUndefined();
    expect(blank.tag.needs_care).toBe(true);
  });

  test('[FIND-11] only wristbands: another tag cannot have a card (400), and a card planted in the database under one never reaches its finder', async () => {
    for (const productId of [2, 3, 4]) {
      const { owner, code } = await ownedTag(app, productId);
      const res = await put(code, owner.auth, full);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: medicalMsg.onlyWristband });
      expect((await get(code, owner.auth)).json()).toEqual({ message: medicalMsg.onlyWristband });
      expect(await stored(code)).toBeUndefined();
      // Written behind the API's back: the finder's view still shows nothing of it.
      await db.insert(tagMedicalCards).values({ tagCode: code, ...full });
      const { raw, tag } = await view(code);
      expect(tag.medical).toBeUndefined();
      expect(tag.needs_care).toBeUndefined();
      for (const v of values) expect(raw, `product ${productId}`).not.toContain(v);
    }
  });

  test('[FIND-11] bounded lengths and a blood type from the list: 400 with the Portuguese message, nothing written', async () => {
    const { owner, code } = await wristband();
    const cases: [Partial<MedicalCardBody> | Record<string, unknown>, string][] = [
      [{ conditions: 'x'.repeat(MEDICAL_TEXT_MAX + 1) }, medicalMsg.conditionsTooLong],
      [{ allergies: 'x'.repeat(MEDICAL_TEXT_MAX + 1) }, medicalMsg.allergiesTooLong],
      [{ medication: 'x'.repeat(MEDICAL_TEXT_MAX + 1) }, medicalMsg.medicationTooLong],
      [{ healthPlan: 'x'.repeat(HEALTH_PLAN_MAX + 1) }, medicalMsg.healthPlanTooLong],
      [{ paramedicNote: 'x'.repeat(PARAMEDIC_NOTE_MAX + 1) }, medicalMsg.paramedicNoteTooLong],
      [{ bloodType: 'C+' }, medicalMsg.bloodTypeInvalid],
      [{ bloodType: 'ab-' }, medicalMsg.bloodTypeInvalid],
      [{ bloodType: '' }, medicalMsg.bloodTypeInvalid],
    ];
    for (const [change, message] of cases) {
      const res = await put(code, owner.auth, { ...full, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await stored(code)).toBeUndefined();
    // At the limit each is accepted; every blood type of the list is.
    const atLimit = { ...full, conditions: 'x'.repeat(MEDICAL_TEXT_MAX), healthPlan: 'y'.repeat(HEALTH_PLAN_MAX), paramedicNote: 'z'.repeat(PARAMEDIC_NOTE_MAX) };
    expect((await put(code, owner.auth, atLimit)).statusCode).toBe(200);
    for (const bloodType of BLOOD_TYPES) expect((await put(code, owner.auth, { ...full, bloodType })).statusCode, bloodType).toBe(200);
    // The database refuses any other blood type too.
    await expect(db.update(tagMedicalCards).set({ bloodType: 'Z' }).where(eq(tagMedicalCards.tagCode, code))).rejects.toThrow();
  });

  test("[FIND-11] the owner's alone: a member is refused (403), a stranger finds no tag (404), no session is 401", async () => {
    const { owner, code, members } = await wristband();
    expect((await put(code, owner.auth, full)).statusCode).toBe(200);
    const stranger = await signUp(app, { name: 'Estranho Curioso' });
    expect((await get(code, members[0]!.auth)).statusCode).toBe(403);
    expect((await get(code, members[0]!.auth)).json()).toEqual({ message: medicalMsg.onlyOwner });
    expect((await put(code, members[0]!.auth, { ...full, needsCare: false })).statusCode).toBe(403);
    for (const res of [await get(code, stranger.auth), await put(code, stranger.auth, emptyMedicalCard)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: tagMsg.tagNotFound });
    }
    expect((await get(code, undefined)).statusCode).toBe(401);
    expect((await put(code, undefined, full)).statusCode).toBe(401);
    expect((await stored(code))?.needsCare).toBe(true);
    expect((await get(code, owner.auth)).body).not.toContain(userId(owner.token));
  });

  test('[FIND-11] [ACC-03] deleted with the tag: the owner deleting it, an administrator releasing or transferring it, the owner deleting the account', async () => {
    // The owner deletes the tag.
    const a = await wristband();
    expect((await put(a.code, a.owner.auth, full)).statusCode).toBe(200);
    const deleted = await app.inject({ method: 'DELETE', url: `/api${productsApi.disable}`, headers: a.owner.auth, payload: { code: a.code } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await stored(a.code)).toBeUndefined();
    expect((await get(a.code, a.owner.auth)).statusCode).toBe(404);

    // An administrator releases one, and transfers another to someone else.
    const admin = await signUpAdmin(app);
    const b = await wristband();
    const c = await wristband();
    for (const t of [b, c]) expect((await put(t.code, t.owner.auth, full)).statusCode).toBe(200);
    const released = await app.inject({ method: 'POST', url: `/api${adminApi.releaseTag(b.code)}`, headers: admin.auth });
    expect(released.statusCode, released.body).toBe(200);
    expect(await stored(b.code)).toBeUndefined();
    const heir = await signUp(app, { name: 'Nova Dona' });
    const moved = await app.inject({ method: 'POST', url: `/api${adminApi.transferTag(c.code)}`, headers: admin.auth, payload: { email: heir.email } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await stored(c.code)).toBeUndefined();
    expect((await get(c.code, heir.auth)).json<MedicalCard>()).toEqual({ ...emptyMedicalCard, updatedAt: null });

    // The owner deletes the account: the retired tag keeps no card.
    const d = await wristband();
    expect((await put(d.code, d.owner.auth, full)).statusCode).toBe(200);
    const gone = await app.inject({ method: 'POST', url: `/api${accountApi.delete}`, headers: d.owner.auth, payload: { password: d.owner.password } });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await stored(d.code)).toBeUndefined();
    expect((await db.select().from(tags).where(eq(tags.code, d.code)))[0]!.ownerId).toBeNull();
  });
});

describe(`SEC-03 the medical card's hostile inputs ${dbLabel}`, () => {
  const allowed = new Set([...catalogue, ...Object.values(medicalMsg)]);
  function expectClientError(res: LightMyRequestResponse, what: string) {
    const where = `${res.statusCode} ${res.body.slice(0, 200)} for ${what.slice(0, 300)}`;
    expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, where).toBeLessThan(500);
    const body = res.json<Record<string, unknown>>();
    expect(Object.keys(body), where).toEqual(['message']);
    expect(allowed.has(body.message as string), where).toBe(true);
  }

  const text = (max: number) => ({ required: true, invalid: badString(0, max) });
  const flag = { required: true, invalid: badBoolean };
  const fields: Fields = {
    needsCare: flag,
    conditions: text(MEDICAL_TEXT_MAX),
    showConditions: flag,
    allergies: text(MEDICAL_TEXT_MAX),
    showAllergies: flag,
    medication: text(MEDICAL_TEXT_MAX),
    showMedication: flag,
    bloodType: { required: true, invalid: fc.oneof(fc.string({ maxLength: 5 }).filter((s) => !(BLOOD_TYPES as readonly string[]).includes(s)), fc.constantFrom(0, true, {}, ['A+'])) },
    showBloodType: flag,
    healthPlan: text(HEALTH_PLAN_MAX),
    showHealthPlan: flag,
    paramedicNote: text(PARAMEDIC_NOTE_MAX),
    showParamedicNote: flag,
  };

  test('[SEC-03] [FIND-11] malformed card bodies: 4xx {message} in Portuguese, no card written', async () => {
    const { owner, code } = await wristband();
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(bodies(() => ({ ...full }), fields), async (sent) => {
        runs += 1;
        const res = await app.inject({
          method: 'PUT',
          url: `/api${medicalCardApi.card(code)}`,
          headers: { ...owner.auth, ...(sent.contentType ? { 'content-type': sent.contentType } : {}) },
          ...(sent.payload !== undefined ? { payload: sent.payload } : {}),
        });
        expectClientError(res, `${sent.contentType} ${sent.payload}`);
      }),
      { numRuns: 200 },
    );
    expect(runs).toBeGreaterThanOrEqual(200);
    expect(await stored(code)).toBeUndefined();
  });

  test('[SEC-03] [FIND-11] hostile codes in the path (GET and PUT): 4xx {message}, nothing written', async () => {
    const { owner } = await wristband();
    const before = (await db.select({ n: count() }).from(tagMedicalCards))[0]!.n;
    await fc.assert(
      fc.asyncProperty(hostileSegment, fc.constantFrom('GET', 'PUT'), async (segment, method) => {
        const url = `/api/products/${encodeURIComponent(segment)}/medical-card`;
        const res = await app.inject({ method, url, headers: owner.auth, ...(method === 'PUT' ? { payload: full } : {}) });
        expectClientError(res, `${method} ${url}`);
      }),
      { numRuns: 200 },
    );
    expect((await db.select({ n: count() }).from(tagMedicalCards))[0]!.n).toBe(before);
  });
});
