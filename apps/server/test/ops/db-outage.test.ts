import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { chargesApi, type Charge } from '@toque/contracts/billing';
import { finderText } from '@toque/contracts/finder-text';
import { apiMsg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/client';
import { connect, join, listen, ownedTag, record, startCall } from '../calls-support';
import { testConfig } from '../helpers';
import { startPgProxy, type OutageMode } from '../pg-proxy';
import { buildWeb } from '../web-build';
import { freshDatabase } from './support';

/**
 * REL-06 (docs/decisions/0051): PostgreSQL taken away for a while under a running server — through a
 * TCP proxy of the test's own (pg-proxy.ts), never by stopping the PostgreSQL server others share.
 * The app runs in this process on a fresh database of its own (ops: each file picks its engines);
 * the database is what fails, the server is what is tested. Every request that needs the database
 * answers a JSON 503 with Retry-After within 2 s, the health checks say what is down, a socket's
 * join is answered, a write cut in its middle leaves nothing, and the same server works again after.
 */
const ANSWER_WITHIN_MS = 2_000;
const PIX_SECRET = 'segredo-do-webhook-0123456789';
const dist = await buildWeb();
const database = await freshDatabase('outage');
const proxy = await startPgProxy();
const opened = await openDatabase({ databaseUrl: proxy.url(database.url), dataDir: 'memory://' });
const app = await buildApp(testConfig({
    WEB_DIST: dist,
    PIX_WEBHOOK_SECRET: PIX_SECRET,
    PIX_KEY: 'financeiro@toque.app.br',
    PIX_MERCHANT_NAME: 'Toque Tecnologia',
    PIX_MERCHANT_CITY: 'São Paulo',
    DATABASE_URL: proxy.url(database.url), RATE_CALL_PER_IP: '100000', CALL_RING_TIMEOUT_MS: '60000' }), opened);
await app.ready();
const base = await listen(app);
/** The rows as PostgreSQL holds them, on a connection that does not go through the proxy. */
const direct = new pg.Client({ connectionString: database.url });
await direct.connect();
afterAll(async () => {
  await proxy.restore();
  await app.close();
  await opened.close();
  await direct.end();
  await proxy.close();
  await database.drop();
});

/** One request, timed: its status, headers, body and how long it took. */
async function timed(method: string, path: string, init: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, ms: performance.now() - started };
}

const ready = async () => {
  const res = await timed('GET', '/api/ready');
  return { status: res.status, body: JSON.parse(res.text) as unknown, ms: res.ms };
};

async function outageCase(mode: OutageMode) {
  const { owner, code } = await ownedTag(app);
  const waiting = await startCall(app, code);
  const ownerSeen = record(await connect(base, owner.token));
  const finder = await connect(base, waiting.callerToken);

  // The page as the finder first saw it, with the database there (and the renderer warm, as a running server's is).
  expect((await timed('GET', paths.finder(code))).status).toBe(200);

  await proxy.outage(mode);
  try {
    await duringOutage(mode, { owner, code, waiting, finder });
  } finally {
    // The database is back: the same process answers again, without a restart.
    await proxy.restore();
  }
  await expect.poll(async () => (await ready()).status, { timeout: 10_000 }).toBe(200);
  expect(JSON.parse((await timed('GET', '/api/health')).text)).toEqual({ status: 'ok', database: 'ok' });
  const again = await startCall(app, code);
  // The owner's socket arrived while `waiting` was ringing, so it was rung for that call too (REL-04's
  // ring on arrival): the new call's ring is the one looked for, whatever came before it.
  await expect
    .poll(() => ownerSeen.all('incoming-call').filter((ring) => ring.roomId === again.roomId && ring.tagCode === code).length, {
      timeout: 20_000,
    })
    .toBe(1);
  expect(await join(finder, waiting.roomId)).toEqual({ ok: true, role: 'caller' });
  expect((await timed('GET', paths.finder(code))).status).toBe(200);
  finder.disconnect();
}

async function duringOutage(
  mode: OutageMode,
  { owner, code, waiting, finder }: { owner: { token: string; email: string; password: string }; code: string; waiting: { roomId: string; callerToken: string }; finder: Awaited<ReturnType<typeof connect>> },
) {
  const requests: [string, string, { body?: unknown; token?: string }][] = [
    ['GET', `/api/public/tags/${code}`, {}],
    ['POST', '/api/calls', { body: { code } }],
    ['POST', `/api/calls/${waiting.roomId}/message`, { body: { message: 'Achei a sua carteira.' }, token: waiting.callerToken }],
    ['GET', '/api/calls/history', { token: owner.token }],
    ['POST', '/api/auth/login', { body: { email: owner.email, password: owner.password, platform: 'web', token: '' } }],
  ];
  const answers = [];
  for (const [method, path, init] of requests) {
    const res = await timed(method, path, init);
    answers.push({ route: `${method} ${path.replace(code, ':code').replace(waiting.roomId, ':roomId')}`, ms: Math.round(res.ms) });
    expect([res.status, res.headers.get('content-type'), res.headers.get('retry-after'), JSON.parse(res.text)], `${method} ${path}`).toEqual([
      503,
      'application/json; charset=utf-8',
      '2',
      { message: apiMsg.databaseUnavailable },
    ]);
    expect(res.ms, `${method} ${path}`).toBeLessThan(ANSWER_WITHIN_MS);
  }

  // The finder's page itself (rendered with the tag from the database): no error page — it says in the
  // finder's language that it is trying again, and reloads itself after Retry-After without any script.
  const page = await timed('GET', paths.finder(code), { headers: { 'accept-language': 'es-ES,es;q=0.9' } });
  expect([page.status, page.headers.get('content-type'), page.headers.get('retry-after')]).toEqual([503, 'text/html; charset=utf-8', '2']);
  expect(page.text).toContain(finderText.es.retrying);
  expect(page.text).toContain('<meta http-equiv="refresh" content="2">');
  expect(page.ms).toBeLessThan(ANSWER_WITHIN_MS);
  answers.push({ route: 'GET /t/:code', ms: Math.round(page.ms) });

  // The finder's socket joining its call asks the database: it is answered, not left waiting.
  const joinStarted = performance.now();
  expect(await join(finder, waiting.roomId)).toEqual({ ok: false, message: apiMsg.databaseUnavailable });
  const joinMs = performance.now() - joinStarted;
  expect(joinMs).toBeLessThan(ANSWER_WITHIN_MS);

  const down = await ready();
  expect([down.status, down.body]).toEqual([503, { status: 'unavailable', checks: { database: 'down' } }]);
  expect(down.ms).toBeLessThan(ANSWER_WITHIN_MS);
  const health = await timed('GET', '/api/health');
  expect([health.status, JSON.parse(health.text)]).toEqual([200, { status: 'ok', database: 'down' }]);
  console.info(`[REL-06] ${mode}: ${answers.map((a) => `${a.route} ${a.ms} ms`).join(', ')}, socket join ${Math.round(joinMs)} ms, /api/ready ${Math.round(down.ms)} ms`);

}

describe('REL-06 PostgreSQL unreachable', () => {
  test('[REL-06] refused (PostgreSQL gone): every request answers a JSON 503 with Retry-After within 2 s, the socket join is answered, /api/ready and /api/health say the database is down; back: the same server calls again', async () => {
    await outageCase('refuse');
  });

  test('[REL-06] blackhole (packets go nowhere): the same answers within 2 s — no request waits on a silent database; back: the same server calls again', async () => {
    await outageCase('blackhole');
  });

  test('[REL-06] a call cut between its two inserts leaves no call and no recipient; once back, the finder calls again', async () => {
    const { owner, code } = await ownedTag(app);
    const count = async () =>
      (await direct.query<{ calls: number; recipients: number }>(
        'select count(distinct c.id)::int as calls, count(r.user_id)::int as recipients from calls c left join call_recipients r on r.call_id = c.id where c.tag_code = $1',
        [code],
      )).rows[0];
    const cut = proxy.cutWhen(/insert into "call_recipients"/);
    const res = await timed('POST', '/api/calls', { body: { code } });
    await cut;
    expect([res.status, JSON.parse(res.text)]).toEqual([503, { message: apiMsg.databaseUnavailable }]);
    await proxy.restore();
    expect(await count()).toEqual({ calls: 0, recipients: 0 });
    const ownerSeen = record(await connect(base, owner.token));
    const { roomId } = await startCall(app, code);
    expect(await ownerSeen.next('incoming-call')).toMatchObject({ roomId });
    expect(await count()).toEqual({ calls: 1, recipients: 1 });
  });

  test('[REL-06] a finder message cut before the call takes it leaves no conversation and no message; once back, the same message goes through', async () => {
    const { code } = await ownedTag(app);
    const { roomId, callerToken } = await startCall(app, code);
    const rows = async () =>
      (await direct.query<{ conversations: number; messages: number; held: string | null }>(
        `select (select count(*)::int from conversations where tag_code = $1) as conversations,
                (select count(*)::int from conversation_messages m join conversations c on c.id = m.conversation_id where c.tag_code = $1) as messages,
                (select message from calls where id = $2) as held`,
        [code, roomId],
      )).rows[0];
    const body = { message: 'Achei o seu cachorro na praça.' };
    const cut = proxy.cutWhen(/update "calls"/);
    const res = await timed('POST', `/api/calls/${roomId}/message`, { body, token: callerToken });
    await cut;
    expect([res.status, JSON.parse(res.text)]).toEqual([503, { message: apiMsg.databaseUnavailable }]);
    await proxy.restore();
    expect(await rows()).toEqual({ conversations: 0, messages: 0, held: null });
    await expect.poll(async () => (await timed('POST', `/api/calls/${roomId}/message`, { body, token: callerToken })).status, { timeout: 10_000 }).toBe(201);
    expect(await rows()).toEqual({ conversations: 1, messages: 1, held: body.message });
  });

  test('[REL-06] a Pix confirmation cut after its receipt is written leaves no receipt and the charge open; the provider\'s retry pays it once back', async () => {
    const { owner, code } = await ownedTag(app, 3);
    const made = (await app.inject({ method: 'POST', url: `/api${chargesApi.charges}`, headers: owner.auth, payload: { codes: [code] } })).json<Charge>();
    const pix = { endToEndId: `E${'7'.repeat(31)}`, txid: made.txid, valor: `${Math.floor(made.amount_cents / 100)}.${String(made.amount_cents % 100).padStart(2, '0')}`, horario: new Date().toISOString() };
    const webhook = () => app.inject({ method: 'POST', url: `/api${chargesApi.webhook(PIX_SECRET)}`, payload: { pix: [pix] } });
    const state = async () =>
      (await direct.query<{ status: string; receipts: number }>(
        'select c.status, (select count(*)::int from pix_receipts r where r.charge_id = c.id) as receipts from charges c where c.id = $1',
        [made.id],
      )).rows[0];
    const cut = proxy.cutWhen(/update "charges"/);
    const res = await webhook();
    await cut;
    // The provider is told to come back (it retries a webhook that was not a 2xx).
    expect([res.statusCode, res.json()]).toEqual([503, { message: apiMsg.databaseUnavailable }]);
    await proxy.restore();
    expect(await state()).toEqual({ status: 'pending', receipts: 0 });
    await expect.poll(async () => (await webhook()).statusCode, { timeout: 10_000 }).toBe(200);
    expect(await state()).toEqual({ status: 'paid', receipts: 1 });
  });
});
