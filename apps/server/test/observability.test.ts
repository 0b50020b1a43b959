import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { apiMsg } from '@toque/contracts/messages';
import { build, dbLabel, errorBody, freePort, signUp } from './helpers';
import { connect, join, listen, ownedTag, startCall } from './calls-support';

const METRICS_TOKEN = 'a-metrics-token-of-the-test';
const { app } = await build({ METRICS_TOKEN, RATE_CALL_PER_IP: '1000' });
const REMOTE = '203.0.113.9';

/** A redis-server of the test's own on a port of its own, so stopping it disturbs nobody else. */
const REDIS_PORT = await freePort();
const redisChildren: ChildProcess[] = [];
afterAll(() => {
  for (const child of redisChildren) if (child.exitCode === null) child.kill('SIGKILL');
});
const listening = () =>
  new Promise<boolean>((resolve) => {
    const probe = createConnection(REDIS_PORT, '127.0.0.1');
    probe.once('connect', () => resolve(!!probe.end()));
    probe.once('error', () => resolve(false));
  });
async function startRedis() {
  let child: ChildProcess | undefined;
  const control = {
    url: `redis://127.0.0.1:${REDIS_PORT}`,
    async start() {
      // Another server on the port would make "stopped" a lie.
      expect(await listening(), `port ${REDIS_PORT} is already taken`).toBe(false);
      child = spawn(
        'redis-server',
        ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      redisChildren.push(child);
      await expect.poll(listening, { timeout: 20_000 }).toBe(true);
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      await new Promise((r) => {
        running.once('exit', r);
        running.kill('SIGKILL');
      });
      await expect.poll(listening, { timeout: 20_000 }).toBe(false);
    },
  };
  await control.start();
  return control;
}

/** The value of one series in Prometheus text, e.g. value(text, 'toque_calls_total{event="ringing"}'). */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}
const scrape = async () => (await app.inject({ method: 'GET', url: '/api/metrics' })).body;

describe(`health, readiness and metrics ${dbLabel}`, () => {
  test('[REL-03] /api/health answers 200 ok; /api/ready checks the database and answers 200', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: REMOTE });
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok', database: 'ok' }]);
    const ready = await app.inject({ method: 'GET', url: '/api/ready', remoteAddress: REMOTE });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok', checks: { database: 'ok' } }]);
  });

  test('[REL-03] Redis stopped: /api/ready answers 503 at once (printed) while health stays 200; Redis back: 200 again', async () => {
    const redis = await startRedis();
    const { app: withRedis } = await build({ REDIS_URL: redis.url });
    const ready = () => withRedis.inject({ method: 'GET', url: '/api/ready' });
    await expect
      .poll(async () => (await ready()).json<unknown>(), { timeout: 20_000 })
      .toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });

    await redis.stop();
    const start = performance.now();
    const down = await ready();
    const ms = performance.now() - start;
    expect([down.statusCode, down.json()]).toEqual([
      503,
      { status: 'unavailable', checks: { database: 'ok', redis: 'down' } },
    ]);
    console.info(`[REL-03] readiness with Redis down answered 503 in ${ms.toFixed(0)} ms`);
    expect((await withRedis.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    await redis.start();
    await expect.poll(async () => (await ready()).statusCode, { timeout: 20_000 }).toBe(200);
    await redis.stop();
  });

  test('[REL-03] metrics: from this host without a token; from elsewhere 401 without one, 403 with a wrong one, 200 with the operator or metrics token', async () => {
    const local = await app.inject({ method: 'GET', url: '/api/metrics' });
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toMatch(/^text\/plain/);
    expect(local.body).toContain('process_cpu_user_seconds_total');

    const anonymous = await app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: REMOTE });
    expect(anonymous.statusCode).toBe(401);
    expect(errorBody(anonymous)).toBe(apiMsg.unauthorized);
    // A proxy on this host relays a remote client: that is no local scrape.
    const relayed = await app.inject({ method: 'GET', url: '/api/metrics', headers: { 'x-forwarded-for': REMOTE } });
    expect(relayed.statusCode).toBe(401);
    const wrong = await app.inject({
      method: 'GET',
      url: '/api/metrics',
      remoteAddress: REMOTE,
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(errorBody(wrong)).toBe(apiMsg.forbidden);
    for (const headers of [{ authorization: `Bearer ${METRICS_TOKEN}` }, { 'x-operator-token': app.operatorToken }]) {
      expect(
        (await app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: REMOTE, headers })).statusCode,
      ).toBe(200);
    }
  });

  test('[REL-03] the request counter and latency histogram move by route pattern, status and method', async () => {
    const series = 'toque_http_requests_total{method="GET",route="/api/health",status="200"}';
    const histogram = 'toque_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}';
    const before = await scrape();
    for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/public/tags/NOPE1234' });
    const after = await scrape();
    expect(value(after, series) - value(before, series)).toBe(3);
    expect(value(after, histogram) - value(before, histogram)).toBe(3);
    // Codes in URLs never become labels: the route pattern does.
    expect(after).not.toContain('NOPE1234');
  });

  test('[REL-03] calls ringing, answered and missed are counted', async () => {
    // The missed call runs out on this app's own ring timer: a fast sweep (ringOut) would also expire, and count,
    // the calls other files left ringing in the shared PostgreSQL database (33 in a fresh run).
    const quick = await build({ CALL_RING_TIMEOUT_MS: '300', RATE_CALL_PER_IP: '1000' });
    const url = await listen(quick.app);
    const read = async (event: string) =>
      value(
        (await quick.app.inject({ method: 'GET', url: '/api/metrics' })).body,
        `toque_calls_total{event="${event}"}`,
      );
    expect([await read('ringing'), await read('answered'), await read('missed')]).toEqual([0, 0, 0]);

    const answered = await ownedTag(quick.app);
    const ownerSocket = await connect(url, answered.owner.token);
    const { roomId } = await startCall(quick.app, answered.code);
    expect(await join(ownerSocket, roomId)).toEqual({ ok: true, role: 'recipient' });
    const missed = await ownedTag(quick.app);
    await startCall(quick.app, missed.code);
    await expect.poll(() => read('missed'), { timeout: 20_000 }).toBe(1);
    expect([await read('ringing'), await read('answered')]).toEqual([2, 1]);
  });

  test('[REL-03] a refused request counts as a limiter hit of its rule, and a reset mail as queued', async () => {
    const limited = await build({ RATE_CODE_PER_IP: '1' });
    const read = async (series: string) =>
      value((await limited.app.inject({ method: 'GET', url: '/api/metrics' })).body, series);
    const account = await signUp(limited.app);
    const ask = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/generate-code',
        remoteAddress: '198.51.100.7',
        payload: { email: account.email },
      });
    expect((await ask()).statusCode).toBe(200);
    expect(await read('toque_mails_total{outcome="queued"}')).toBe(1);
    expect(await read('toque_rate_limit_hits_total{rule="codePerAddress"}')).toBe(0);
    expect((await ask()).statusCode).toBe(429);
    expect(await read('toque_rate_limit_hits_total{rule="codePerAddress"}')).toBe(1);
    expect(await read('toque_mails_total{outcome="queued"}')).toBe(1);
  });
});
