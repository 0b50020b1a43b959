import { afterEach, describe, expect, test, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { callSettingsApi, localParts, quietMsg, type QuietHours } from '@toque/contracts/quiet-hours';
import { callMsg } from '@toque/contracts/messages';
import { calls, tags, units } from '../src/db/schema';
import { build, dbLabel, signUp } from './helpers';
import { ownedTag, plate } from './calls-support';

const { app } = await build({ RATE_CALL_PER_IP: '1000000', RATE_CALL_PER_TAG: '1000000' });
const SP = 'America/Sao_Paulo';
let ip = 0;
const nextIp = () => `10.7.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

const hhmm = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
/** Every day, from an hour before now until an hour after (on São Paulo's wall clock). */
function around(now = new Date()): QuietHours {
  const l = localParts(now, SP);
  const m = l.hour * 60 + l.minute;
  return { days: [0, 1, 2, 3, 4, 5, 6], from: hhmm(m - 60), until: hhmm(m + 60), timeZone: SP };
}
/** Every day, a window that starts in two hours. */
function later(now = new Date()): QuietHours {
  const l = localParts(now, SP);
  const m = l.hour * 60 + l.minute;
  return { days: [0, 1, 2, 3, 4, 5, 6], from: hhmm(m + 120), until: hhmm(m + 180), timeZone: SP };
}

const call = (code: string, extra: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url: '/api/calls', payload: { code, ...extra }, remoteAddress: nextIp() });
const setTag = (auth: Record<string, string>, code: string, payload: unknown) =>
  app.inject({ method: 'PUT', url: `/api${callSettingsApi.tag(code)}`, headers: auth, payload: payload as object });
const callsOf = (code: string) => app.db.select().from(calls).where(eq(calls.tagCode, code));

afterEach(() => {
  vi.useRealTimers();
});

describe(`FIND-07 quiet hours ${dbLabel}`, () => {
  test('[FIND-07] the owner sets quiet hours; a call inside them does not ring: 409 with quiet_until, and nothing is stored', async () => {
    const { owner, code } = await ownedTag(app);
    const quiet = around();
    const saved = await setTag(owner.auth, code, { quietHours: quiet, ringOrderSeconds: null });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ quietHours: quiet, ringOrderSeconds: null, hasMembers: false });

    const res = await call(code);
    expect(res.statusCode).toBe(409);
    const body = res.json<{ message: string; quiet_until: string; quiet_until_time: string }>();
    expect(body.quiet_until_time).toBe(quiet.until);
    expect(body.message).toBe(quietMsg.quiet(quiet.until));
    const until = new Date(body.quiet_until).getTime();
    expect(until).toBeGreaterThan(Date.now() + 58 * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    expect(await callsOf(code)).toHaveLength(0);

    // The finder's page can say it before the tap.
    const view = (await app.inject({ method: 'GET', url: `/api/public/tags/${code}` })).json<Record<string, unknown>>();
    expect(view.quiet_until).toBe(body.quiet_until);
    expect(view.quiet_until_time).toBe(quiet.until);

    // Writing instead is allowed while the tag is quiet (CALL-15's message path).
    const written = await app.inject({
      method: 'POST',
      url: `/api/public/tags/${code}/message`,
      payload: { message: 'Achei sua mochila na praça.' },
      remoteAddress: nextIp(),
    });
    expect(written.statusCode).toBeLessThan(300);
    expect((await callsOf(code)).map((c) => c.kind)).toEqual(['message']);
  });

  test('[FIND-07] outside the window the call rings, and a message on an active tag is still refused', async () => {
    const { owner, code } = await ownedTag(app);
    expect((await setTag(owner.auth, code, { quietHours: later(), ringOrderSeconds: null })).statusCode).toBe(200);
    expect((await call(code)).statusCode).toBe(201);
    const view = (await app.inject({ method: 'GET', url: `/api/public/tags/${code}` })).json<Record<string, unknown>>();
    expect(view.quiet_until).toBeUndefined();
    const written = await app.inject({
      method: 'POST',
      url: `/api/public/tags/${code}/message`,
      payload: { message: 'Oi' },
      remoteAddress: nextIp(),
    });
    expect(written.statusCode).toBe(409);
    expect(written.json()).toEqual({ message: callMsg.tagMessageNotAllowed });
  });

  test('[FIND-07] a tag in lost mode always rings', async () => {
    const { owner, code } = await ownedTag(app);
    await setTag(owner.auth, code, { quietHours: around(), ringOrderSeconds: null });
    expect((await call(code)).statusCode).toBe(409);
    await app.db
      .update(tags)
      .set({ lostMessage: 'Perdi meu cachorro, por favor me ligue.' })
      .where(eq(tags.code, code));
    expect((await call(code)).statusCode).toBe(201);
    const view = (await app.inject({ method: 'GET', url: `/api/public/tags/${code}` })).json<Record<string, unknown>>();
    expect(view.quiet_until).toBeUndefined();
  });

  test('[FIND-07] across midnight and across a day boundary in America/Sao_Paulo (Monday 23:00 → Tuesday 07:00)', async () => {
    const { owner, code } = await ownedTag(app);
    await setTag(owner.auth, code, {
      quietHours: { days: [1], from: '23:00', until: '07:00', timeZone: SP },
      ringOrderSeconds: null,
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    // Monday 23:30 in São Paulo is already Tuesday 02:30 in UTC.
    vi.setSystemTime(new Date('2026-11-30T23:30:00-03:00'));
    const monday = await call(code);
    expect(monday.statusCode).toBe(409);
    expect(monday.json()).toMatchObject({ quiet_until: '2026-12-01T10:00:00.000Z', quiet_until_time: '07:00' });
    vi.setSystemTime(new Date('2026-12-01T06:59:00-03:00'));
    expect((await call(code)).statusCode).toBe(409);
    // Exactly at the end it rings again; so does Sunday night into Monday (not Monday's window).
    vi.setSystemTime(new Date('2026-12-01T07:00:00-03:00'));
    expect((await call(code)).statusCode).toBe(201);
    vi.setSystemTime(new Date('2026-11-30T03:00:00-03:00'));
    expect((await call(code)).statusCode).toBe(201);
    // Exactly at the start it is quiet.
    vi.setSystemTime(new Date('2026-12-07T23:00:00-03:00'));
    expect((await call(code)).statusCode).toBe(409);
  });

  test('[FIND-07] members may read the settings but not change them; validation in Portuguese writes nothing', async () => {
    const { owner, code, members } = await ownedTag(app, 3, 1);
    const member = members[0]!;
    const read = await app.inject({ method: 'GET', url: `/api${callSettingsApi.tag(code)}`, headers: member.auth });
    expect(read.json()).toEqual({ quietHours: null, ringOrderSeconds: null, hasMembers: true });
    const refused = await setTag(member.auth, code, { quietHours: around(), ringOrderSeconds: null });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: quietMsg.onlyOwner });
    const stranger = await signUp(app);
    expect((await setTag(stranger.auth, code, { quietHours: null, ringOrderSeconds: null })).statusCode).toBe(404);

    const bad: [unknown, string][] = [
      [
        { quietHours: { days: [], from: '22:00', until: '07:00', timeZone: SP }, ringOrderSeconds: null },
        quietMsg.daysRequired,
      ],
      [
        { quietHours: { days: [1], from: '25:00', until: '07:00', timeZone: SP }, ringOrderSeconds: null },
        quietMsg.timeInvalid,
      ],
      [
        { quietHours: { days: [1], from: '07:00', until: '07:00', timeZone: SP }, ringOrderSeconds: null },
        quietMsg.sameTimes,
      ],
      [
        { quietHours: { days: [1], from: '22:00', until: '07:00', timeZone: 'Lua/Crateras' }, ringOrderSeconds: null },
        quietMsg.zoneInvalid,
      ],
      [{ quietHours: null, ringOrderSeconds: 14 }, quietMsg.ringSecondsInvalid],
      [{ quietHours: null, ringOrderSeconds: 61 }, quietMsg.ringSecondsInvalid],
      [{ quietHours: null, ringOrderSeconds: 20.5 }, quietMsg.ringSecondsInvalid],
    ];
    for (const [payload, message] of bad) {
      const res = await setTag(owner.auth, code, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const [row] = await app.db.select().from(tags).where(eq(tags.code, code));
    expect(row!.quietHours).toBeNull();
    expect(row!.ringOrderSeconds).toBeNull();
  });

  test('[FIND-07] a unit’s quiet hours are chosen by its residents and apply when that unit is called', async () => {
    const { owner, code, unit, residents } = await plate(app, 1);
    const path = `/api${callSettingsApi.unit(unit.id)}`;
    const quiet = around();
    // The síndico is not a resident: 403; an unknown unit: 404.
    expect(
      (await app.inject({ method: 'PUT', url: path, headers: owner.auth, payload: { quietHours: quiet } })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: `/api${callSettingsApi.unit(2_000_000_000)}`, headers: owner.auth }))
        .statusCode,
    ).toBe(404);
    const bad = await app.inject({
      method: 'PUT',
      url: path,
      headers: residents[0]!.auth,
      payload: { quietHours: { ...quiet, days: [] } },
    });
    expect(bad.json()).toEqual({ message: quietMsg.daysRequired });
    const saved = await app.inject({
      method: 'PUT',
      url: path,
      headers: residents[0]!.auth,
      payload: { quietHours: quiet },
    });
    expect(saved.statusCode).toBe(200);
    expect((await app.db.select().from(units).where(eq(units.id, unit.id)))[0]!.quietHours).toEqual(quiet);

    const res = await call(code, { unitId: unit.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ quiet_until_time: quiet.until });
    // Switched off again, the unit rings.
    await app.inject({ method: 'PUT', url: path, headers: residents[0]!.auth, payload: { quietHours: null } });
    expect((await call(code, { unitId: unit.id })).statusCode).toBe(201);
  });
});
