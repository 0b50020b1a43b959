import { spawnSync } from 'node:child_process';
import { createECDH, randomBytes, randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { io as connectClient } from 'socket.io-client';
import { afterAll, describe, expect, test } from 'vitest';
import { TERMS_VERSION } from '@toque/contracts/account';
import { SOCKET_PATH } from '@toque/contracts/calls';
import { cpfFromBase } from '@toque/contracts/cpf';
import { buildWeb } from '../web-build';
import { freshDatabase, listening, productionEnv, root, run, stop } from './support';

/**
 * OPS-05: the built server in production mode (OPS-01) is driven through login, a password reset,
 * a push subscription (and a push that fails), a finder's call and page with coordinates, reverse
 * geocoding (answered and failed), sockets with session, caller and bogus tokens, and URLs with
 * secrets in their query strings. Every line it prints must be JSON, requests carry their id, and
 * none of the literal secrets used appears anywhere in what it printed.
 */
// The finder's page is rendered from the web build's server bundle: a fresh one, whatever apps/web/dist holds.
const webDist = await buildWeb();
const database = await freshDatabase('logs');
afterAll(() => database.drop());

/** A stand-in for Nominatim on loopback: the first answer is a place, then it fails. */
let geocodeCalls = 0;
const geocoder: Server = createServer((_req, res) => {
  geocodeCalls += 1;
  if (geocodeCalls > 1) {
    res.writeHead(500).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ display_name: 'Praça da Liberdade, Belo Horizonte', address: { city: 'Belo Horizonte' } }));
});
await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise((resolve) => geocoder.close(resolve)));

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('production logs', () => {
  test('[OPS-05] every line is JSON with a request id where there is a request, and no password, token, reset code, push endpoint or coordinate', async () => {
    const jwtSecret = randomBytes(32).toString('base64url');
    const env = productionEnv({
      DATABASE_URL: database.url,
      JWT_SECRET: jwtSecret,
      WEB_DIST: webDist,
      // The push service of the subscription below: nothing listens on loopback's 443, so the push fails (and is logged).
      PUSH_HOSTS: 'localhost',
      GEOCODER_URL: `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`,
    });
    const seed = spawnSync(process.execPath, ['scripts/toque.mjs', 'seed-demo'], { cwd: root, env, encoding: 'utf8' });
    expect(seed.status, seed.stderr).toBe(0);
    const tagCode = /toques: (\w+)/.exec(seed.stdout)![1]!;

    const server = run('apps/server/dist/main.js', env);
    const secrets: Record<string, string> = { jwtSecret };
    let resetCode = '';
    try {
      const base = await listening(server);
      const api = (path: string, init?: RequestInit) => fetch(`${base}/api${path}`, init);

      // Sign-up, login, a wrong password, and the token used in a header and (wrongly) in a query string.
      const email = `logs.${randomBytes(4).toString('hex')}@exemplo.com.br`;
      secrets.password = `Senha-${randomBytes(6).toString('hex')}`;
      secrets.wrongPassword = `Errada-${randomBytes(6).toString('hex')}`;
      const register = await api(
        '/auth/register',
        json({
          name: 'Lia Logs',
          email,
          phone: '31988887777',
          cpfOrCnpj: cpfFromBase(String(randomInt(100_000_000, 999_999_999))),
          password: secrets.password,
          termsVersion: TERMS_VERSION,
        }),
      );
      expect(register.status).toBe(201);
      const login = await api('/auth/login', json({ email, password: secrets.password, platform: 'web', token: '' }));
      expect(login.status).toBe(200);
      secrets.token = ((await login.json()) as { data: { token: string } }).data.token;
      expect((await api('/auth/login', json({ email, password: secrets.wrongPassword, platform: 'web', token: '' }))).status).toBe(401);
      expect((await api(`/auth/validateToken?token=${secrets.token}`, { headers: { authorization: `Bearer ${secrets.token}` } })).status).toBe(200);
      expect((await api(`/no-such-route?password=${secrets.password}&token=${secrets.token}`)).status).toBe(404);

      // Password reset: the code comes by mail (the embedded outbox), and a new password replaces the old.
      expect((await api('/auth/generate-code', json({ email }))).status).toBe(200);
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      const mail = await db.query<{ text: string }>('select text from outbox where "to" = $1 order by id desc limit 1', [email]);
      await db.end();
      resetCode = /redefinir a senha do Toque é: (\d+)/.exec(mail.rows[0]!.text)![1]!;
      secrets.newPassword = `Nova-${randomBytes(6).toString('hex')}`;
      const reset = await api(
        '/auth/reset-password',
        json({ email, code: resetCode, password: secrets.newPassword, confirmPassword: secrets.newPassword }),
      );
      expect(reset.status).toBe(200);

      // The owner's push subscription, then a finder's call to the owner's tag, with coordinates.
      const owner = await api('/auth/login', json({ email: 'cliente@toque.app.br', password: 'toque123', platform: 'web', token: '' }));
      secrets.ownerToken = ((await owner.json()) as { data: { token: string } }).data.token;
      secrets.pushId = randomBytes(12).toString('hex');
      secrets.endpoint = `https://localhost/fcm/send/${secrets.pushId}`;
      secrets.p256dh = createECDH('prime256v1').generateKeys('base64url');
      secrets.pushAuth = randomBytes(16).toString('base64url');
      const subscribe = await api('/push/subscribe', {
        ...json({ endpoint: secrets.endpoint, keys: { p256dh: secrets.p256dh, auth: secrets.pushAuth } }),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secrets.ownerToken}` },
      });
      expect(subscribe.status).toBe(201);

      const latitude = -19.9311427;
      const longitude = -43.9377231;
      secrets.latitude = '19.93114';
      secrets.longitude = '43.93772';
      expect((await fetch(`${base}/t/${tagCode}?lat=${latitude}&lng=${longitude}`)).status).toBe(200);
      const call = await api('/calls', json({ code: tagCode, latitude, longitude }));
      expect(call.status).toBe(201);
      const { callerToken } = (await call.json()) as { callerToken: string };
      secrets.callerToken = callerToken;
      expect((await api(`/geocode/reverse?lat=${latitude}&lng=${longitude}`)).status).toBe(200);
      // Another place (answers are cached by place), which the geocoder fails to find.
      secrets.latitude2 = '19.92543';
      secrets.longitude2 = '43.94128';
      expect((await api(`/geocode/reverse?lat=-19.9254311&lng=-43.9412877`)).status).toBe(502);

      // Sockets: the owner's session token, the finder's caller token, and one that is neither.
      for (const token of [secrets.ownerToken, callerToken, `bogus-${secrets.token}`]) {
        const socket = connectClient(base, { path: SOCKET_PATH, transports: ['websocket'], auth: { token }, reconnection: false });
        await new Promise<void>((resolve) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', () => resolve());
        });
        socket.close();
      }
      // The push to the owner's browser fails (nothing listens on localhost:443): wait for its log line.
      const deadline = Date.now() + 10_000;
      const pushLogged = () => /"msg":"push (failed|refused)"/.test(server.out.stdout);
      while (!pushLogged() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    } finally {
      expect(await stop(server)).toBe(0);
    }

    const lines = server.out.stdout.split('\n').filter((line) => line.trim() !== '');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const entry of entries) {
      expect(typeof entry.level).toBe('number');
      expect(typeof entry.time).toBe('number');
      expect(typeof entry.msg).toBe('string');
      if (entry.req || entry.res) expect(entry.reqId).toEqual(expect.any(String));
    }
    // The risky paths were logged at all: a clean log of nothing would prove nothing.
    const urls = entries.map((e) => (e.req as { url?: string } | undefined)?.url).filter(Boolean);
    expect(urls).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/reset-password', '/api/push/subscribe', '/t/:code', '/api/calls', '/api/geocode/reverse']),
    );
    // (Refused instead of failed where something answers on loopback's 443.)
    expect(entries.some((e) => (e.msg === 'push failed' && e.err) || e.msg === 'push refused')).toBe(true);
    expect(server.out.stderr).toBe('');

    const printed = server.out.stdout;
    for (const [name, value] of Object.entries(secrets)) {
      expect(printed.includes(value), `${name} (${value}) appears in the log`).toBe(false);
    }
    // Six digits could occur inside a timestamp; the code must not appear as a number of its own.
    expect(resetCode).toMatch(/^\d{6}$/);
    expect(printed).not.toMatch(new RegExp(`(?<!\\d)${resetCode}(?!\\d)`));
    expect(printed).not.toContain(tagCode);
  });
});
