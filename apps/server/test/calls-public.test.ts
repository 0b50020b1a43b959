import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import { callMsg } from '@toque/contracts/messages';
import { doorWords, finderMessage, finderTextAt } from '@toque/contracts/finder-text';
import type { CreateCallResponse, PublicTag } from '@toque/contracts/calls';
import { callRecipients, calls, tags, unitResidents, units, users } from '../src/db/schema';
import { newTagCode } from '../src/lib/codes';
import { build, dbLabel, mint, signUp } from './helpers';
import { ownedTag, plate, userId } from './calls-support';

const { app, config } = await build();

const view = (code: string) => app.inject({ method: 'GET', url: `/api/public/tags/${code}` });
let nextIp = 1;
/** Each test calls from addresses of its own, so the per-address limit is only what the limit test meets. */
const freshIp = () => `10.1.${Math.floor(nextIp / 250)}.${nextIp++ % 250}`;
const call = (payload: Record<string, unknown>, ip = freshIp()) =>
  app.inject({ method: 'POST', url: '/api/calls', payload, remoteAddress: ip });

describe(`the finder's view of a tag ${dbLabel}`, () => {
  test('[CALL-01] [CALL-02] an active tag shows type, name, the owner\'s first name, and the info only when the owner shows it', async () => {
    const { owner, code } = await ownedTag(app, 3);
    await app.db.update(tags).set({ name: 'Rex', importantInfo: 'Alérgico a frango', showInfoToFinder: false }).where(eq(tags.code, code));
    const hidden = await view(code.toLowerCase());
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ code, state: 'active', product_id: 3, type: 'Pet', name: 'Rex', owner_first_name: 'Joana', units: [] });
    await app.db.update(tags).set({ showInfoToFinder: true }).where(eq(tags.code, code));
    expect((await view(code)).json<PublicTag>().important_info).toBe('Alérgico a frango');
    expect(owner.name).toBe('Joana Prado Lima');
  });

  test('[CALL-02] no phone, e-mail, CPF or last name of the owner or a member appears anywhere in the answer', async () => {
    const { owner, code, members } = await ownedTag(app, 1, 1);
    await app.db.update(tags).set({ name: 'Pulseira do vovô', importantInfo: 'Diabético', showInfoToFinder: true }).where(eq(tags.code, code));
    const body = (await view(code)).body;
    expect(JSON.parse(body)).toMatchObject({ state: 'active', owner_first_name: 'Joana' });
    for (const person of [owner, members[0]!]) {
      const [row] = await app.db.select().from(users).where(eq(users.id, userId(person.token)));
      for (const secret of [row!.email, row!.phone, row!.cpfCnpj, row!.id, 'Prado', 'Lima', 'Sobrenome', row!.passwordHash]) {
        expect(body).not.toContain(secret);
      }
    }
    expect(Object.keys(JSON.parse(body) as object).sort()).toEqual(
      ['code', 'important_info', 'name', 'owner_first_name', 'product_id', 'state', 'type', 'units'].sort(),
    );
  });

  test('[CALL-01] [ADM-06] inactive, disabled and unclaimed tags say so and reveal nothing of an owner; unknown codes are 404', async () => {
    const inactive = await ownedTag(app, 2);
    await app.db.update(tags).set({ isActive: false, name: 'Casa' }).where(eq(tags.code, inactive.code));
    const disabled = await ownedTag(app, 4);
    await app.db.update(tags).set({ disabledAt: new Date() }).where(eq(tags.code, disabled.code));
    const [unclaimed] = await mint(app, 1);
    const expected = (code: string, state: string, product_id: number, type: string) =>
      ({ code, state, product_id, type, name: '', owner_first_name: '', units: [] });
    expect((await view(inactive.code)).json()).toEqual(expected(inactive.code, 'inactive', 2, 'Campainha'));
    expect((await view(disabled.code)).json()).toEqual(expected(disabled.code, 'disabled', 4, 'Objeto'));
    expect((await view(unclaimed!)).json()).toEqual(expected(unclaimed!, 'unclaimed', 1, 'Pulseira'));
    for (const unknown of ['ZZZZZZZZ', 'abc', 'ABCD-1234']) {
      const res = await view(unknown);
      expect([res.statusCode, res.json()]).toEqual([404, { message: callMsg.tagNotFound }]);
    }
  });

  test('[CALL-02] [CONDO-10] a condominium plate lists its units to choose from; it names the building, not the síndico', async () => {
    const p = await plate(app, 1);
    const body = (await view(p.code)).json<PublicTag>();
    expect(body).toMatchObject({ state: 'active', product_id: 5, type: 'Condomínio', name: 'Edifício Aurora', owner_first_name: '' });
    expect(body.units).toEqual([{ unit_id: p.unit.id, name: '101', block: null, reachable: true }]);
  });

  test('[CONDO-19] the public view of a plate never sends a unit nobody answers (not its id, name or block): one flag says only that some are not listed', async () => {
    const p = await plate(app, 1);
    const [condominiumId] = (await app.db.select({ id: units.condominiumId }).from(units).where(eq(units.id, p.unit.id))).map((r) => r.id);
    const [emptyNamed] = await app.db
      .insert(units)
      .values({ condominiumId: condominiumId!, name: 'Cobertura 1901', block: 'Torre Vazia', associationCode: newTagCode() })
      .returning();
    const res = await view(p.code);
    const body = res.json<PublicTag>();
    expect(body.units.map((u) => u.unit_id)).toEqual([p.unit.id]);
    expect(body.units.every((u) => u.reachable)).toBe(true);
    expect(body.units_unlisted).toBe(true);
    for (const secret of ['Cobertura 1901', 'Torre Vazia', callMsg.temporaryUnit]) expect(res.body).not.toContain(secret);
    for (const id of [p.empty.id, emptyNamed!.id]) expect(res.body).not.toMatch(new RegExp(`"unit_id":${id}\\b`));

    // Once everyone has someone to answer, nothing is unlisted.
    for (const unit of [p.empty, emptyNamed!]) {
      const r = await signUp(app, { name: 'Morador Novo Silva' });
      await app.db.insert(unitResidents).values({ unitId: unit.id, userId: userId(r.token) });
    }
    const full = (await view(p.code)).json<PublicTag>();
    expect(full.units).toHaveLength(3);
    expect(full).not.toHaveProperty('units_unlisted');
  });

  test('[CONDO-19] an unclaimed or suspended plate or doorbell refuses a call in the door\'s words (the residents, not the owner); a pet keeps its own', async () => {
    const door = doorWords['pt-BR'].server;
    const refused = async (code: string) => {
      const res = await call({ code });
      expect(res.statusCode, res.body).toBe(409);
      return res.json<{ message: string }>().message;
    };
    const [unclaimedPlate] = await mint(app, 5);
    const [unclaimedBell] = await mint(app, 2);
    const [unclaimedPet] = await mint(app, 3);
    expect(await refused(unclaimedPlate!)).toBe(door.unclaimed);
    expect(await refused(unclaimedBell!)).toBe(door.unclaimed);
    expect(await refused(unclaimedPet!)).toBe(callMsg.unclaimed);
    expect(door.unclaimed).not.toBe(callMsg.unclaimed);

    const p = await plate(app, 1);
    const bell = await ownedTag(app, 2);
    const pet = await ownedTag(app, 3);
    const longAgo = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    for (const code of [p.code, bell.code, pet.code]) await app.db.update(tags).set({ planDueAt: longAgo }).where(eq(tags.code, code));
    expect(await refused(p.code)).toBe(door.suspended);
    expect(await refused(bell.code)).toBe(door.suspended);
    expect(await refused(pet.code)).toBe(callMsg.suspended);
    expect(door.suspended).toContain('moradores');
    expect(door.suspended).not.toContain('dono');
    // The finder's page reads the door's words in the finder's language.
    expect(finderMessage(finderTextAt('en', 'building'), door.suspended)).toBe(doorWords.en.server.suspended);
    expect(finderMessage(finderTextAt('es', 'home'), door.unclaimed)).toBe(doorWords.es.server.unclaimed);
  });

  test('[CONDO-13] a plate\'s units come with their block, ordered by block (none first), then by name as a person counts', async () => {
    const p = await plate(app, 1);
    const [condominiumId] = (await app.db.select({ id: units.condominiumId }).from(units).where(eq(units.id, p.unit.id))).map((r) => r.id);
    const add = async (name: string, block: string | null, residents = 0) => {
      const [row] = await app.db.insert(units).values({ condominiumId: condominiumId!, name, block, associationCode: newTagCode() }).returning();
      for (let i = 0; i < residents; i++) {
        const r = await signUp(app, { name: `Morador ${name} Silva` });
        await app.db.insert(unitResidents).values({ unitId: row!.id, userId: userId(r.token) });
      }
      return row!.id;
    };
    // Created out of order on purpose: the answer is ordered, not the insertion.
    const b1001 = await add('1001', 'Bloco B', 1);
    const a102 = await add('102', 'Bloco A');
    const b101 = await add('101', 'Bloco B');
    const t10 = await add('2', 'Torre 10', 1);
    const t2 = await add('1', 'Torre 2', 1);
    const a11 = await add('11', 'Bloco A', 1);
    const b102 = await add('102', 'Bloco B', 1);
    const body = (await view(p.code)).json<PublicTag>();
    // CONDO-19: the units nobody answers (the temporary one, Bloco A 102, Bloco B 101) are not sent.
    expect([a102, b101, p.empty.id].some((id) => body.units.some((u) => u.unit_id === id))).toBe(false);
    expect(body.units.map((u) => [u.block, u.name, u.unit_id, u.reachable])).toEqual([
      [null, '101', p.unit.id, true],
      ['Bloco A', '11', a11, true],
      ['Bloco B', '102', b102, true],
      ['Bloco B', '1001', b1001, true],
      ['Torre 2', '1', t2, true],
      ['Torre 10', '2', t10, true],
    ]);
    // The block is part of every unit of the answer, and nothing else was added to it.
    for (const unit of body.units) expect(Object.keys(unit).sort()).toEqual(
      ['block', 'name', 'reachable', 'unit_id', ...(unit.temporary ? ['temporary'] : [])].sort(),
    );
  });
});

describe(`starting a call ${dbLabel}`, () => {
  test('[CALL-02] [CALL-03] [CALL-08] a call rings the owner and members, with a 128-bit room id and a short-lived caller token', async () => {
    const { owner, code, members } = await ownedTag(app, 3, 2);
    const res = await call({ code: code.toLowerCase(), latitude: -19.9, longitude: -43.9 });
    expect(res.statusCode).toBe(201);
    const body = res.json<CreateCallResponse>();
    expect(body.roomId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(body.roomId, 'base64url')).toHaveLength(16);
    expect(body.ringTimeoutMs).toBe(60_000);
    expect(body.iceServers).toEqual([{ urls: ['stun:stun.l.google.com:19302'] }]);
    const claims = jwt.verify(body.callerToken, config.jwtSecret, { audience: 'toque-caller' }) as Record<string, number | string>;
    expect(claims).toMatchObject({ call: body.roomId, role: 'caller' });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60);
    const [row] = await app.db.select().from(calls).where(eq(calls.id, body.roomId));
    expect(row).toMatchObject({ tagCode: code, status: 'ringing', latitude: -19.9, longitude: -43.9, unitId: null });
    const recipients = await app.db.select().from(callRecipients).where(eq(callRecipients.callId, body.roomId));
    expect(recipients.map((r) => r.userId).sort()).toEqual([owner, ...members].map((u) => userId(u.token)).sort());
    // The caller token is no session: it opens no account route.
    const me = await app.inject({ method: 'GET', url: '/api/products/listProducts', headers: { authorization: `Bearer ${body.callerToken}` } });
    expect(me.statusCode).toBe(401);
  });

  test('[ADM-06] [CALL-08] an inactive, disabled or unclaimed tag cannot be called; an unknown one is 404', async () => {
    const inactive = await ownedTag(app);
    await app.db.update(tags).set({ isActive: false }).where(eq(tags.code, inactive.code));
    const disabled = await ownedTag(app);
    await app.db.update(tags).set({ disabledAt: new Date() }).where(eq(tags.code, disabled.code));
    const [unclaimed] = await mint(app, 3);
    for (const [code, message] of [
      [inactive.code, callMsg.inactive],
      [disabled.code, callMsg.disabled],
      [unclaimed!, callMsg.unclaimed],
    ] as const) {
      const res = await call({ code });
      expect([res.statusCode, res.json()]).toEqual([409, { message }]);
      expect(await app.db.select().from(calls).where(eq(calls.tagCode, code))).toEqual([]);
    }
    const unknown = await call({ code: 'ZZZZZZZZ' });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: callMsg.tagNotFound }]);
  });

  test('[CALL-02] a plate needs one of its own units; the unit\'s residents are the recipients, not the síndico', async () => {
    const p = await plate(app, 2);
    const other = await plate(app, 1);
    for (const unitId of [undefined, other.unit.id, 999_999]) {
      const res = await call({ code: p.code, ...(unitId ? { unitId } : {}) });
      expect([res.statusCode, res.json()]).toEqual([400, { message: callMsg.unitRequired }]);
    }
    // Out of the database's integer range: a 400, not a database error.
    for (const unitId of [2 ** 31, 1e20]) expect((await call({ code: p.code, unitId })).statusCode).toBe(400);
    const empty = await call({ code: p.code, unitId: p.empty.id });
    expect([empty.statusCode, empty.json()]).toEqual([409, { message: callMsg.unitEmpty }]);
    const ok = await call({ code: p.code, unitId: p.unit.id });
    expect(ok.statusCode).toBe(201);
    const { roomId } = ok.json<CreateCallResponse>();
    const recipients = await app.db.select().from(callRecipients).where(eq(callRecipients.callId, roomId));
    expect(recipients.map((r) => r.userId).sort()).toEqual(p.residents.map((r) => userId(r.token)).sort());
    const [row] = await app.db.select().from(calls).where(eq(calls.id, roomId));
    expect(row!.unitId).toBe(p.unit.id);
  });

  test('[CALL-08] [SEC-05] a tag takes 5 calls per window from one address; the 6th is 429 while other addresses and tags still ring', async () => {
    const target = await ownedTag(app);
    const another = await ownedTag(app);
    const ip = freshIp();
    for (let i = 0; i < config.calls.perTag; i++) expect((await call({ code: target.code }, ip)).statusCode).toBe(201);
    const refused = await call({ code: target.code }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toHaveProperty('message');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call({ code: another.code }, ip)).statusCode).toBe(201);
    expect((await call({ code: target.code })).statusCode).toBe(201);
  });

  test('[CALL-08] one address makes at most 10 calls per window, whatever the tags', async () => {
    const ip = freshIp();
    const tagsToCall = [await ownedTag(app), await ownedTag(app), await ownedTag(app)];
    let made = 0;
    for (const t of tagsToCall.slice(0, 2)) {
      for (let i = 0; i < 5; i++) if ((await call({ code: t.code }, ip)).statusCode === 201) made++;
    }
    expect(made).toBe(config.calls.perIp);
    expect((await call({ code: tagsToCall[2]!.code }, ip)).statusCode).toBe(429);
    expect((await call({ code: tagsToCall[2]!.code })).statusCode).toBe(201);
  });

  test('[CALL-02] a body that is not a tag code or has coordinates out of range is a 400', async () => {
    const { code } = await ownedTag(app);
    expect((await call({ code: 'abc' })).statusCode).toBe(400);
    expect((await call({ code, latitude: 91, longitude: 0 })).statusCode).toBe(400);
  });
});

describe(`/call checks the call before it rings ${dbLabel}`, () => {
  const status = (roomId: string, headers?: Record<string, string>) =>
    app.inject({ method: 'GET', url: `/api/calls/${encodeURIComponent(roomId)}/status`, ...(headers ? { headers } : {}) });

  test('[CALL-08] [ACC-04] a recipient learns a call is ringing (and whose tag it is), then over; a made-up room, a stranger and no session learn nothing', async () => {
    const { owner, code, members } = await ownedTag(app, 3, 1);
    const { roomId } = (await call({ code })).json<CreateCallResponse>();
    const tag = await app.db.query.tags.findFirst({ where: (t, { eq: is }) => is(t.code, code) });
    const ringing = { status: 'ringing', tagName: tag!.name, productId: 3, unitName: null };
    expect((await status(roomId, owner.auth)).json()).toEqual(ringing);
    expect((await status(roomId, members[0]!.auth)).json()).toEqual(ringing);

    const stranger = await signUp(app);
    for (const [room, headers] of [
      ['anything', owner.auth],
      [roomId, stranger.auth],
    ] as const) {
      const res = await status(room, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: callMsg.callNotFound });
    }
    expect((await status(roomId)).statusCode).toBe(401);

    await app.db.update(calls).set({ status: 'missed' }).where(eq(calls.id, roomId));
    expect((await status(roomId, owner.auth)).json()).toEqual({ ...ringing, status: 'missed' });
  });
});
