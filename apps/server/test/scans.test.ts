import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { callMsg, msg } from '@toque/contracts/messages';
import type { TagScan } from '@toque/contracts/scans';
import { scans, tags } from '../src/db/schema';
import { build, dbLabel, signUp } from './helpers';
import { connect, eventually, listen, mailsTo, ownedTag, plate, record, settle } from './calls-support';

/** A Nominatim of the test's own: every position is in Belo Horizonte. */
const provider = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ display_name: 'Praça da Liberdade, Belo Horizonte', address: { city: 'Belo Horizonte' } }));
});
await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
const geocoderUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;

const { app } = await build({ GEOCODER_URL: geocoderUrl, RATE_SCAN_ALERTS_PER_TAG: '3', RATE_TAG_VIEW_PER_IP: '1000', FINDER_DATA_PURGE_INTERVAL_MS: '100' });
const url = await listen(app);

const scan = (code: string, ip = '127.0.0.1') => app.inject({ method: 'POST', url: `/api/public/tags/${code}/scan`, remoteAddress: ip });
const share = (code: string, payload: unknown, ip = '127.0.0.1') =>
  app.inject({ method: 'POST', url: `/api/public/tags/${code}/location`, payload: payload as object, remoteAddress: ip });
const history = async (auth: Record<string, string>) => {
  const res = await app.inject({ method: 'GET', url: '/api/scans/history', headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json<TagScan[]>();
};
const edit = (auth: Record<string, string>, payload: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: '/api/products/updateName', headers: auth, payload });
const scansOf = (code: string) => app.db.select().from(scans).where(eq(scans.tagCode, code));

describe(`scan alerts and lost mode ${dbLabel}`, () => {
  test('[FIND-01] opening a tag alerts the owner and members at once: socket event on every session, history entry, no call needed', async () => {
    const { owner, code, members } = await ownedTag(app, 3, 1);
    await app.db.update(tags).set({ name: 'Rex' }).where(eq(tags.code, code));
    const ownerTabs = [record(await connect(url, owner.token)), record(await connect(url, owner.token))];
    const memberTab = record(await connect(url, members[0]!.token));
    const res = await scan(code.toLowerCase());
    expect(res.statusCode).toBe(204);
    for (const tab of [...ownerTabs, memberTab]) {
      expect(await tab.next('tag-scanned')).toMatchObject({ tagCode: code, tagName: 'Rex', lost: false, latitude: null, locality: null });
    }
    for (const person of [owner, members[0]!]) {
      const [entry] = await history(person.auth);
      expect(entry).toMatchObject({ tagCode: code, tagName: 'Rex', lost: false });
    }
    // Someone else's history has nothing of it.
    expect(await history((await signUp(app)).auth)).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/scans/history' })).statusCode).toBe(401);
  });

  test('[FIND-01] 20 rapid scans from one address give one alert; another address gets its own; a per-tag cap stops a flood', async () => {
    const { owner, code } = await ownedTag(app);
    const tab = record(await connect(url, owner.token));
    const answers = await Promise.all(Array.from({ length: 20 }, () => scan(code, '198.51.100.7')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(204));
    await settle();
    expect(tab.all('tag-scanned')).toHaveLength(1);
    expect(await scansOf(code)).toHaveLength(1);
    await scan(code, '198.51.100.8');
    await scan(code, '198.51.100.9');
    // RATE_SCAN_ALERTS_PER_TAG=3: the fourth address is not alerted (the finder's page does not know).
    expect((await scan(code, '198.51.100.10')).statusCode).toBe(204);
    await settle();
    expect(tab.all('tag-scanned')).toHaveLength(3);
    expect(await history(owner.auth)).toHaveLength(3);
  });

  test('[FIND-01] the owner or a member opening their own tag\'s page (logged in) is not alerted; a stranger\'s session is', async () => {
    const { owner, code, members } = await ownedTag(app, 3, 1);
    const tab = record(await connect(url, owner.token));
    const asUser = (auth: Record<string, string>, ip: string) =>
      app.inject({ method: 'POST', url: `/api/public/tags/${code}/scan`, headers: auth, remoteAddress: ip });
    expect((await asUser(owner.auth, '192.0.2.31')).statusCode).toBe(204);
    expect((await asUser(members[0]!.auth, '192.0.2.32')).statusCode).toBe(204);
    await settle();
    expect(tab.all('tag-scanned')).toHaveLength(0);
    expect(await scansOf(code)).toEqual([]);
    // Someone else with an account is a finder like any other.
    expect((await asUser((await signUp(app)).auth, '192.0.2.33')).statusCode).toBe(204);
    expect(await tab.next('tag-scanned')).toMatchObject({ tagCode: code });
    expect(await scansOf(code)).toHaveLength(1);
  });

  test('[FIND-01] the owner turns scan alerts off per tag: no alert, no entry; on again: alerted', async () => {
    const { owner, code } = await ownedTag(app);
    const off = await edit(owner.auth, { code, name: 'Mochila', scanAlerts: false });
    expect(off.statusCode).toBe(200);
    const listed = (await app.inject({ method: 'GET', url: '/api/products/listProducts', headers: owner.auth })).json<{ code: string; scan_alerts: boolean }[]>();
    expect(listed.find((p) => p.code === code)?.scan_alerts).toBe(false);
    await scan(code, '203.0.113.1');
    expect(await scansOf(code)).toEqual([]);
    await edit(owner.auth, { code, name: 'Mochila', scanAlerts: true });
    await scan(code, '203.0.113.2');
    expect(await scansOf(code)).toHaveLength(1);
  });

  test('[FIND-01] sharing a position without calling: validated, alerted with its locality, throttled; unknown and plates refused', async () => {
    const { owner, code } = await ownedTag(app);
    const tab = record(await connect(url, owner.token));
    for (const bad of [{}, { latitude: 91, longitude: 0 }, { latitude: 0, longitude: -181 }, { latitude: '1', longitude: 2 }]) {
      const res = await share(code, bad, '192.0.2.50');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    expect(await scansOf(code)).toEqual([]);
    const res = await share(code, { latitude: -19.9319, longitude: -43.9378 }, '192.0.2.50');
    expect([res.statusCode, res.json()]).toEqual([201, { message: callMsg.locationShared }]);
    expect(await tab.next('tag-scanned')).toMatchObject({ latitude: -19.9319, longitude: -43.9378, locality: 'Belo Horizonte' });
    expect((await history(owner.auth))[0]).toMatchObject({ locality: 'Belo Horizonte' });
    // Even after a scan from the same address was alerted, the shared position still reaches the owner…
    await scan(code, '192.0.2.50');
    expect((await share(code, { latitude: -19.93, longitude: -43.93 }, '192.0.2.50')).statusCode).toBe(201);
    // …up to RATE_SCAN_LOCATIONS_PER_TAG (5) per tag and address.
    for (let i = 0; i < 3; i++) await share(code, { latitude: -19.93, longitude: -43.93 }, '192.0.2.50');
    expect((await share(code, { latitude: -19.93, longitude: -43.93 }, '192.0.2.50')).statusCode).toBe(429);
    expect((await share('ZZZZZZZZ', { latitude: 0, longitude: 0 })).statusCode).toBe(404);
    const p = await plate(app, 1);
    expect((await share(p.code, { latitude: 0, longitude: 0 })).statusCode).toBe(409);
    expect(await scansOf(p.code)).toEqual([]);
  });

  test('[FIND-02] lost mode: message and reward on the edit page, shown by the public tag, off again; a message is required and bounded', async () => {
    const { owner, code, members } = await ownedTag(app, 3, 1);
    const missing = await edit(owner.auth, { code, name: 'Rex', lost: true, lostMessage: '  ' });
    expect([missing.statusCode, missing.json()]).toEqual([400, { message: msg.lostMessageRequired }]);
    const long = await edit(owner.auth, { code, name: 'Rex', lost: true, lostMessage: 'x'.repeat(281) });
    expect([long.statusCode, long.json()]).toEqual([400, { message: msg.lostMessageTooLong }]);
    const byMember = await edit(members[0]!.auth, { code, name: 'Rex', lost: true, lostMessage: 'Oi' });
    expect(byMember.statusCode).toBe(403);
    const publicTag = async () => (await app.inject({ method: 'GET', url: `/api/public/tags/${code}` })).json<Record<string, unknown>>();
    expect(await publicTag()).not.toHaveProperty('lost');

    const on = await edit(owner.auth, { code, name: 'Rex', lost: true, lostMessage: 'Rex fugiu! Ligue pela página.', lostReward: 'R$ 200' });
    expect(on.statusCode).toBe(200);
    expect((await publicTag()).lost).toEqual({ message: 'Rex fugiu! Ligue pela página.', reward: 'R$ 200', reward_cents: null });
    const body = JSON.stringify(await publicTag());
    expect(body).not.toContain(owner.email);

    await edit(owner.auth, { code, name: 'Rex', lost: false });
    expect(await publicTag()).not.toHaveProperty('lost');
    expect((await app.db.select().from(tags).where(eq(tags.code, code)))[0]).toMatchObject({ lostMessage: null, lostReward: null });
  });

  test('[FIND-02] every scan of a lost tag is alerted at once and by e-mail, marked lost; throttled per address but never by the per-tag cap, even with alerts off', async () => {
    const { owner, code, members } = await ownedTag(app, 3, 1);
    await edit(owner.auth, { code, name: 'Rex', scanAlerts: false, lost: true, lostMessage: 'Rex fugiu!' });
    const tab = record(await connect(url, owner.token));
    const addresses = ['10.9.0.1', '10.9.0.2', '10.9.0.3', '10.9.0.4', '10.9.0.5'];
    for (const ip of addresses) await scan(code, ip);
    await scan(code, '10.9.0.1');
    await settle();
    // Five addresses, above the per-tag cap of 3: every one alerted; the repeat from the first is not.
    expect(tab.all('tag-scanned').map((s) => s.lost)).toEqual([true, true, true, true, true]);
    expect((await history(owner.auth)).every((s) => s.lost)).toBe(true);
    for (const person of [owner, members[0]!]) {
      const mails = await eventually(async () => {
        const found = await mailsTo(app, person.email);
        expect(found).toHaveLength(5);
        return found;
      });
      expect(mails[0]!.subject).toBe(`${callMsg.lostScannedSubject}: Rex`);
      expect(mails[0]!.text).toContain(`${callMsg.scanned('Rex')}.`);
    }
    // Off again: a scan is an ordinary one (and this tag's alerts are off).
    await edit(owner.auth, { code, name: 'Rex', lost: false });
    await scan(code, '10.9.0.6');
    await settle();
    expect(tab.all('tag-scanned')).toHaveLength(5);
  });

  test('[FIND-01] inactive, unclaimed and unknown tags alert nobody; a malformed code is a 404', async () => {
    const { owner, code } = await ownedTag(app);
    await app.db.update(tags).set({ isActive: false }).where(eq(tags.code, code));
    expect((await scan(code)).statusCode).toBe(204);
    expect(await scansOf(code)).toEqual([]);
    expect(await history(owner.auth)).toEqual([]);
    const missing = await scan('ABC');
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: callMsg.tagNotFound }]);
  });

  test('[FIND-01] retention clears a scan\'s shared position with the calls\' finder data', async () => {
    const { code } = await ownedTag(app);
    await share(code, { latitude: -19.9, longitude: -43.9 }, '192.0.2.99');
    await app.db.update(scans).set({ scannedAt: new Date(Date.now() - 400 * 24 * 3600 * 1000) }).where(eq(scans.tagCode, code));
    await eventually(async () => {
      expect((await scansOf(code))[0]).toMatchObject({ latitude: null, longitude: null, locality: null });
    });
  });
});
