import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { devices, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { io as connectClient, type Socket } from 'socket.io-client';
import pg from 'pg';
import { callUi } from '@toque/contracts/call-ui';
import { SOCKET_PATH } from '@toque/contracts/calls';
import { msg } from '@toque/contracts/messages';
import { api as apiRoutes, opsApi, paths } from '@toque/contracts/routes';
import { nginxPath, startNginx, NGINX_NEEDED, type Nginx } from './support/nginx';
import {
  allow,
  apiLogin,
  apiUrl,
  type AppServer,
  expect,
  expectPath,
  GEOCODER_DOWN,
  inboundVideoBytes,
  newUser,
  openFinder,
  openOwner,
  registerUser,
  test,
  watchCallSocket,
} from './support';

// The geocoder is down in the tests: the owner's screen shows its handled error. The browser
// refuses to fetch the service worker's script from a self-signed certificate (ignoreHTTPSErrors
// does not reach it); a real certificate has no such error.
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN, /An SSL certificate error occurred when fetching the script/) });
test.describe.configure({ mode: 'serial' });

/** The limit the X-Forwarded-For check counts against (codes per address), low on both replicas. */
const CODES_PER_ADDRESS = 3;

let cluster: AppServer;
let nginx: Nginx;

test.beforeAll(async ({ appServer }) => {
  test.setTimeout(270_000);
  const binary = nginxPath();
  expect(binary, NGINX_NEEDED).not.toBeNull();
  // Two processes of their own (the fixture stops them when the worker ends): this file stops and restarts them.
  cluster = await appServer({ replicas: 2, env: { TRUST_PROXY: 'loopback', RATE_CODE_PER_IP: String(CODES_PER_ADDRESS) } });
  nginx = await startNginx(binary!, [portOf(0), portOf(1)]);
});

test.afterAll(async () => {
  await nginx?.close();
});

const upstreamOf = (headers: Record<string, string>) => Number(/:(\d+)$/.exec(headers['x-toque-upstream'] ?? '')?.[1]);
const portOf = (i: 0 | 1) => Number(new URL(cluster.urls[i]!).port);

/**
 * Requests through nginx for as long as it runs, counting every answer's status and every network
 * error: during the restarts nothing may be cut, and no answer may be a 5xx other than 503.
 */
function backgroundTraffic(api: APIRequestContext) {
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const count = (what: string, answer: Promise<{ status(): number }>) =>
        answer.then(
          (res) => statuses.set(res.status(), (statuses.get(res.status()) ?? 0) + 1),
          (error: Error) => failures.push(`${what}: ${error.message.split('\n')[0]}`),
        );
      await Promise.all([
        ...[apiUrl(opsApi.health), apiUrl(apiRoutes.validateToken), '/'].map((path) => count(path, api.get(path, { timeout: 25_000 }))),
        // A POST too (nginx never sends one twice): past the low code limit, a cheap 429.
        count('POST generate-code', api.post(apiUrl(apiRoutes.generateCode), { data: { email: 'carga@exemplo.com.br' }, timeout: 25_000 })),
      ]);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { statuses: Object.fromEntries(statuses), failures };
    },
  };
}

test('[OPS-06] nginx from deploy/: TLS with HTTP/2 and HSTS, hashed assets cached for a year, and a client-sent X-Forwarded-For does not change the address the limits count', async ({
  browser,
}) => {
  const api = await playwrightRequest.newContext({ baseURL: nginx.url, ignoreHTTPSErrors: true });
  const home = await api.get('/');
  expect(home.status()).toBe(200);
  expect(home.headers()['strict-transport-security']).toMatch(/max-age=31536000/);

  // HTTP/2, as the browser negotiates it, and a hashed asset from disk with a year's cache.
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  const page = await context.newPage();
  const assets: { url: string; cache: string }[] = [];
  page.on('response', (res) => {
    if (res.url().includes('/assets/')) assets.push({ url: res.url(), cache: res.headers()['cache-control'] ?? '' });
  });
  await page.goto(`${nginx.url}/`);
  await expect.poll(() => assets.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol)).toBe('h2');
  expect(assets[0]!.cache).toBe('public, max-age=31536000, immutable');
  await context.close();

  // Every request claims another address; nginx overwrites the header with the real one (this
  // host), so they all count against one address and the limit still bites.
  const statuses: number[] = [];
  for (let n = 0; n < CODES_PER_ADDRESS + 3; n += 1) {
    const res = await api.post(apiUrl(apiRoutes.generateCode), {
      data: { email: `xff.${Date.now()}.${n}@exemplo.com.br` },
      headers: { 'X-Forwarded-For': `203.0.113.${n + 1}`, 'X-Real-IP': `198.51.100.${n + 1}`, Forwarded: `for=192.0.2.${n + 1}` },
    });
    statuses.push(res.status());
  }
  expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(CODES_PER_ADDRESS);
  expect(statuses.slice(CODES_PER_ADDRESS)).toEqual([429, 429, 429]);
  await api.dispose();
});

test('[OPS-04] through nginx: SIGTERM to the owner\'s replica while the call rings, then to the replica carrying a connected call — the owner answers, video keeps flowing, hang-up ends it on both sides, no request is cut and none is a 5xx other than 503', async ({
  browser,
}) => {
  test.setTimeout(450_000);
  const direct = await playwrightRequest.newContext({ baseURL: cluster.urls[0] });
  const traffic = await playwrightRequest.newContext({ baseURL: nginx.url, ignoreHTTPSErrors: true });
  const background = backgroundTraffic(traffic);
  const cookie = (i: 0 | 1) => [{ name: 'toque_replica', value: nginx.steer[i], url: nginx.url }];

  // The owner on replica 0, the finder on replica 1: what nginx says about the websockets' HTTP
  // side (an answer's X-Toque-Upstream) is read for each of them.
  const owner = await openOwner(browser, direct, {
    server: { url: nginx.url, cli: cluster.cli },
    context: { ignoreHTTPSErrors: true },
    init: (page) => page.context().addCookies(cookie(0)),
  });
  await direct.dispose();
  const { code } = owner;
  const ownerSocket = owner.socket;
  expect(upstreamOf((await owner.context.request.get(apiUrl(opsApi.health))).headers())).toBe(portOf(0));

  const finder = await openFinder(browser, {
    // The shared finder's phone (camera, microphone and position granted) as a Pixel 7, through nginx.
    context: { ...devices['Pixel 7'], baseURL: nginx.url, ignoreHTTPSErrors: true, geolocation: { latitude: -19.9167, longitude: -43.9345 } },
    init: (page) => page.context().addCookies(cookie(1)),
  });
  const finderSocket = watchCallSocket(finder.page);
  expect(upstreamOf((await finder.context.request.get(apiUrl(opsApi.health))).headers())).toBe(portOf(1));
  await finder.page.goto(paths.finder(code));
  await finder.page.getByRole('button', { name: callUi.finder.call }).click();
  await expectPath(owner.page, paths.call);
  await expect(owner.page.getByRole('heading', { name: msg.callIncoming })).toBeVisible();

  // A deploy stops the owner's replica while the call rings: its socket moves to replica 1.
  const opened = ownerSocket.opened;
  const first = await cluster.stop(0);
  expect(first.code).toBe(0);
  await expect.poll(() => ownerSocket.opened, { timeout: 15_000 }).toBeGreaterThan(opened);
  await owner.page.getByRole('button', { name: callUi.owner.answer }).click();
  // CALL-14: Atender sends the microphone only; the owner's camera goes out once turned on.
  await owner.page.getByRole('button', { name: callUi.owner.cameraOn }).click();
  const remote = owner.page.getByLabel(callUi.owner.remoteVideo);
  await expect.poll(() => remote.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 45_000 }).toBeGreaterThan(0);
  await expect(finder.page.getByRole('status').filter({ hasText: callUi.finder.connected })).toBeVisible();
  // …and starts again, as a deploy does.
  await cluster.restart(0);

  // Now both sockets are on replica 1: stopping it moves the whole call's signalling to replica 0.
  const peersBefore = await owner.page.evaluate(() => (window as unknown as { __peers: unknown[] }).__peers.length);
  const bytesBefore = await inboundVideoBytes(owner.page);
  const sockets = { owner: ownerSocket.opened, finder: finderSocket.opened };
  const second = await cluster.stop(1);
  expect(second.code).toBe(0);
  // Both sockets come back by themselves (on replica 0).
  await expect.poll(() => ownerSocket.opened, { timeout: 15_000 }).toBeGreaterThan(sockets.owner);
  await expect.poll(() => finderSocket.opened, { timeout: 15_000 }).toBeGreaterThan(sockets.finder);
  for (const [page, label] of [
    [owner.page, callUi.owner.remoteVideo],
    [finder.page, callUi.finder.remoteView],
  ] as const) {
    await expect(page.getByLabel(label)).toBeVisible();
  }
  // The same peer connection keeps carrying video: frames keep increasing, no renegotiation.
  let last = bytesBefore;
  for (let n = 0; n < 3; n += 1) {
    await expect.poll(() => inboundVideoBytes(owner.page), { timeout: 15_000 }).toBeGreaterThan(last);
    last = await inboundVideoBytes(owner.page);
  }
  expect(await owner.page.evaluate(() => (window as unknown as { __peers: unknown[] }).__peers.length)).toBe(peersBefore);
  await cluster.restart(1);

  // Hanging up still ends the call on both sides, through the replica the sockets moved to.
  await owner.page.getByRole('button', { name: callUi.owner.hangUp }).click();
  await expect(owner.page.getByRole('heading', { name: callUi.owner.ended })).toBeVisible();
  await expect(finder.page.getByRole('status').filter({ hasText: callUi.finder.ended })).toBeVisible();

  const { statuses, failures } = await background.stop();
  console.log(`OPS-04 background traffic during two restarts: ${JSON.stringify(statuses)}; exits ${first.ms} ms, ${second.ms} ms`);
  expect(failures).toEqual([]);
  expect(Object.keys(statuses).map(Number).filter((s) => s >= 500 && s !== 503)).toEqual([]);
  expect(statuses[200]).toBeGreaterThan(10);
  expect(statuses[429]).toBeGreaterThan(0);
  await Promise.all([owner.close(), finder.close(), traffic.dispose()]);
});

test('[OPS-04] a plain Socket.IO client (default options: polling first, then the upgrade) comes back by itself through nginx after SIGTERM of its replica; one whose session was revoked does not', async () => {
  const api = await playwrightRequest.newContext({ baseURL: cluster.urls[0] });
  const kept = await apiLogin(api, await registerUser(api, newUser()));
  const revokedUser = await registerUser(api, newUser());
  const revoked = await apiLogin(api, revokedUser);
  await api.dispose();

  const open = (token: string): Socket =>
    connectClient(nginx.url, {
      path: SOCKET_PATH,
      // Socket.IO's default options, as the companion app would use them: transports, reconnection.
      auth: { token },
      rejectUnauthorized: false,
      extraHeaders: { cookie: `toque_replica=${nginx.steer[0]}` },
    });
  const sockets = [open(kept), open(revoked)];
  // The transport each engine session opened on (before any upgrade), then the Socket.IO connection.
  const firstTransports = await Promise.all(
    sockets.map((s) => new Promise<string>((resolve) => s.io.once('open', () => resolve(s.io.engine.transport.name)))),
  );
  await Promise.all(sockets.map((s) => (s.connected ? Promise.resolve() : new Promise<void>((resolve) => s.once('connect', () => resolve())))));
  // Default options: the session began on long-polling through nginx's sticky upstream, then upgraded.
  expect(firstTransports).toEqual(['polling', 'polling']);
  await expect.poll(() => sockets.map((s) => s.io.engine.transport.name)).toEqual(['websocket', 'websocket']);
  const events = sockets.map(() => [] as string[]);
  sockets.forEach((s, i) => {
    s.on('disconnect', (reason) => events[i]!.push(`disconnect:${reason}`));
    s.on('connect', () => events[i]!.push('connect'));
    s.on('connect_error', (e) => events[i]!.push(`connect_error:${e.message}`));
  });

  // The revocation reaches the database (a password change does this, then closes the sockets at
  // once, ACC-02); here only the database: the harder case of a socket still open when its replica stops.
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  await db.query('UPDATE users SET token_version = token_version + 1 WHERE email = $1', [revokedUser.email]);
  await db.end();

  const stopped = await cluster.stop(0);
  expect(stopped.code).toBe(0);
  await expect.poll(() => events[0], { timeout: 25_000 }).toEqual(['disconnect:transport close', 'connect']);
  await expect.poll(() => events[1]!.some((e) => e.startsWith('connect_error')), { timeout: 25_000 }).toBe(true);
  await new Promise((r) => setTimeout(r, 3000));
  expect(sockets[0]!.connected).toBe(true);
  expect(sockets[1]!.connected).toBe(false);
  expect(events[1]).not.toContain('connect');
  sockets.forEach((s) => s.disconnect());
  await cluster.restart(0);
});

/**
 * How many connections to a local server's TCP port wait in its listener's accept queue, completed
 * by the kernel but not yet accepted by the process (Linux: the LISTEN row's rx_queue in /proc/net/tcp*).
 */
function unacceptedConnections(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  let queued = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (state === '0A' && local?.endsWith(`:${hexPort}`)) queued += parseInt(queues!.split(':')[1]!, 16);
    }
  }
  return queued;
}

test('[OPS-04] SIGTERM with 40 logins in flight: all 40 answered 200, none cut, and the process exits well before the 10 s forced exit', async () => {
  const api = await playwrightRequest.newContext({ baseURL: cluster.urls[1] });
  const user = await registerUser(api, newUser());
  const port = Number(new URL(cluster.urls[1]!).port);
  // Plain HTTP/1.1 requests, one connection each, so the test knows when each one has been sent.
  const body = JSON.stringify({ email: user.email, password: user.password, platform: 'web', token: '' });
  let signalled = 0;
  let connected = 0;
  const sent: Promise<void>[] = [];
  const logins = Array.from(
    { length: 40 },
    () =>
      new Promise<{ answer: string; afterSignal: boolean }>((resolve) => {
        const req = httpRequest(`${cluster.urls[1]}/api/auth/login`, {
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        });
        sent.push(new Promise((done) => req.once('finish', () => done())));
        req.once('socket', (socket) => socket.once('connect', () => (connected += 1)));
        req.once('response', (res) => {
          res.resume();
          res.once('end', () => resolve({ answer: String(res.statusCode), afterSignal: signalled > 0 }));
        });
        req.once('error', (error) => resolve({ answer: `cut: ${error.message}`, afterSignal: true }));
        req.end(body);
      }),
  );
  // Every request is on the wire, and its connection accepted by the process, before the signal. (A
  // connection still in the kernel's accept queue when the listener closes is reset: the gap
  // docs/decisions/0024 names; on a loaded machine a fixed pause here did not always cover it.)
  await Promise.all(sent);
  await expect
    .poll(() => connected === 40 && unacceptedConnections(port) === 0, { timeout: 25_000, intervals: [20] })
    .toBe(true);
  signalled = Date.now();
  const stopped = cluster.stop(1);
  const answers = await Promise.all(logins);
  const { code, ms } = await stopped;
  const late = answers.filter((a) => a.afterSignal).length;
  console.log(`OPS-04 40 logins in flight: exit code ${code} after ${ms} ms; ${late} answered after the SIGTERM`);
  expect(answers.map((a) => a.answer)).toEqual(Array.from({ length: 40 }, () => '200'));
  // They were in flight: answers came after the signal, from a process that was stopping.
  expect(late).toBeGreaterThan(0);
  expect(code).toBe(0);
  expect(ms).toBeLessThan(5_000);
  await api.dispose();
  await cluster.restart(1);
});
