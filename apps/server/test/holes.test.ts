import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiMsg, callMsg } from '@toque/contracts/messages';
import { calls } from '../src/db/schema';
import { openDatabase } from '../src/db/client';
import { loadConfig } from '../src/config';
import { PERMISSIONS_POLICY } from '../src/plugins/security';
import { build, dbLabel, errorBody, login, signUp } from './helpers';
import { signUpAdmin } from './condo-support';
import { connect, listen, ownedTag, record, settle, startCall } from './calls-support';

const { app } = await build({ RATE_CALL_PER_IP: '1000' });
const url = await listen(app);

describe(`headers and small holes ${dbLabel}`, () => {
  test('[SEC-06] every /api/auth answer, success or error, carries Cache-Control: no-store; every answer carries Permissions-Policy', async () => {
    const user = await signUp(app);
    const answers = [
      await login(app, user.email, user.password),
      await login(app, user.email, 'senha-errada'),
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x' } }),
      await app.inject({
        method: 'POST',
        url: '/api/auth/generate-code',
        payload: { email: `ninguem.${Date.now()}@exemplo.com.br` },
      }),
      await app.inject({ method: 'GET', url: '/api/auth/validateToken', headers: user.auth }),
      await app.inject({ method: 'GET', url: '/api/auth/nao-existe' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 400, 404, 200, 404]);
    for (const res of answers) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    }
    expect(PERMISSIONS_POLICY).toContain('camera=(self), microphone=(self), geolocation=(self)');
    expect(PERMISSIONS_POLICY).toContain('payment=()');
    expect(PERMISSIONS_POLICY).toContain('usb=()');
    const other = await app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  });

  test('[SEC-03] ids outside PostgreSQL integer in bodies, params and queries answer 400 JSON, never 500', async () => {
    const admin = await signUpAdmin(app);
    const p = await ownedTag(app, 5);
    const huge = [2 ** 31, -1, 0, 1.5, 1e20, '12', null];
    const requests: { method: 'POST' | 'PUT' | 'DELETE' | 'GET'; url: string; payload?: Record<string, unknown> }[] =
      [];
    for (const id of huge) {
      requests.push(
        { method: 'POST', url: '/api/calls', payload: { code: p.code, latitude: -19.9, longitude: -43.9, unitId: id } },
        {
          method: 'POST',
          url: '/api/condominium/createUnitOfCondominium',
          payload: { condominiumId: id, qrCode: p.code, emailAdminCond: admin.email },
        },
        { method: 'PUT', url: '/api/condominium/updateUnitName', payload: { unitId: id, nameOfUnit: '101' } },
        {
          method: 'DELETE',
          url: '/api/condominium/deleteMemberFromUnit',
          payload: { memberId: id, unit_number: '101-X' },
        },
        { method: 'POST', url: '/api/condominium/regenerateUnitCode', payload: { unitId: id } },
      );
    }
    for (const id of ['2147483648', '-1', '0', '1.5', '1e20', 'abc', '99999999999999999999']) {
      requests.push(
        { method: 'DELETE', url: `/api/admin/residents/${id}` },
        { method: 'GET', url: `/api/admin/batches/${id}` },
        { method: 'GET', url: `/api/admin/audit?page=${id}` },
        { method: 'GET', url: `/api/products/listQrcodes?pageSize=${id}` },
      );
    }
    for (const r of requests) {
      const res = await app.inject({ ...r, headers: admin.auth });
      expect([r.method, r.url, JSON.stringify(r.payload), res.statusCode]).toEqual([
        r.method,
        r.url,
        JSON.stringify(r.payload),
        400,
      ]);
      expect(errorBody(res)).toMatch(/\S/);
    }
    console.info(`[SEC-03] ${requests.length} out-of-range ids, all 400`);
  });

  test('[SEC-03] a NUL anywhere in a socket payload is refused with an error ack and reaches no handler', async () => {
    const { owner, code } = await ownedTag(app);
    const ownerSocket = await connect(url, owner.token);
    const seen = record(ownerSocket);
    const { roomId, callerToken } = await startCall(app, code);
    await seen.next('incoming-call');
    const finder = await connect(url, callerToken);
    const finderSeen = record(finder);
    const refused = { ok: false, message: callMsg.badSocketPayload };
    expect(await finder.timeout(10_000).emitWithAck('join', `${roomId}\u0000`)).toEqual(refused);
    expect(await ownerSocket.timeout(10_000).emitWithAck('decline', { roomId: `${roomId}\u0000` })).toEqual(refused);
    expect(await ownerSocket.timeout(10_000).emitWithAck('decline', { roomId, extra: 'a\u0000' })).toEqual(refused);
    // Events without an ack are dropped: the call is neither declined nor closed.
    ownerSocket.emit('closeCall', { roomId: `${roomId}\u0000` });
    await settle();
    const [row] = await app.db.select({ status: calls.status }).from(calls).where(eq(calls.id, roomId));
    expect(row?.status).toBe('ringing');
    // The sockets stay usable: the same join without the NUL works.
    expect(await finder.timeout(10_000).emitWithAck('join', roomId)).toEqual({ ok: true, role: 'caller' });
    finder.emit('offer', { roomId, payload: { type: 'offer', sdp: 'v=0\u0000' } });
    await settle();
    expect(finderSeen.all('offer')).toEqual([]);
  });

  test('[SEC-05] a socket that floods events is refused past its budget, before any handler; other sockets keep theirs', async () => {
    const small = await build({ RATE_CALL_PER_IP: '1000', SOCKET_EVENTS_PER_10S: '5' });
    const smallUrl = await listen(small.app);
    const { owner, code } = await ownedTag(small.app);
    const { roomId, callerToken } = await startCall(small.app, code);
    const flooder = await connect(smallUrl, callerToken);
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await flooder.timeout(10_000).emitWithAck('join', roomId));
    const refused = { ok: false, message: apiMsg.tooManyRequests };
    expect(answers.filter((a) => JSON.stringify(a) === JSON.stringify(refused))).toHaveLength(3);
    expect(answers.slice(0, 5).every((a) => (a as { ok: boolean }).ok)).toBe(true);
    // The owner's socket has a budget of its own: the flood did not spend it.
    const ownerSocket = await connect(smallUrl, owner.token);
    expect(await ownerSocket.timeout(10_000).emitWithAck('join', roomId)).toEqual({ ok: true, role: 'recipient' });
  });

  /** loadConfig's refusal of an environment ('' when it is accepted): what main.ts prints before exiting with 1. */
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', PORT: '0', ...env });
      return '';
    } catch (error) {
      return (error as Error).message;
    }
  };

  test('[SEC-06] the server refuses to start on a public interface with the development secret, naming JWT_SECRET', () => {
    const refused: Record<string, string>[] = [
      { HOST: '0.0.0.0' },
      { HOST: '0.0.0.0', JWT_SECRET: 'toque-development-secret-change-me' },
      { NODE_ENV: 'production', HOST: '::' },
    ];
    for (const env of refused) expect(refusal(env), JSON.stringify(env)).toContain('JWT_SECRET');
    // Loopback keeps the development secret usable.
    expect(refusal({ HOST: '127.0.0.1' })).toBe('');
  });

  test('[OPS-02] a weak secret or an unparsable URL in production is refused with one line naming the variable', () => {
    const strong = 'q8Zt3vN1xR7pL0wK5mB2yC9dF4hJ6gS-eA8uT1iO3nV7cX5z';
    for (const [env, variable] of [
      [{ JWT_SECRET: 'segredo-curto-demais-1234' }, 'JWT_SECRET'],
      [{ JWT_SECRET: strong, DATABASE_URL: 'localhost:5432/toque' }, 'DATABASE_URL'],
      [{ JWT_SECRET: strong, REDIS_URL: '127.0.0.1:6379' }, 'REDIS_URL'],
      [{ JWT_SECRET: strong, SMTP_URL: 'smtp.example.com' }, 'SMTP_URL'],
      [{ JWT_SECRET: strong, TURN_URLS: 'turn:turn.example.com:3478' }, 'TURN_SECRET'],
    ] as const) {
      expect(refusal({ NODE_ENV: 'production', ...env }), variable).toMatch(new RegExp(`^\\s+${variable}: `, 'm'));
    }
    expect(refusal({ NODE_ENV: 'production', JWT_SECRET: strong })).toBe('');
  });

  // Real starts: tsx compiles the whole server, seconds each on a busy machine (stop 29's CI ran five in a
  // row past the 30 s test budget), so two processes, one a rule, with a budget of their own.
  test(
    '[OPS-02] [SEC-06] such a start exits with code 1 and the line naming the variable, no stack trace',
    { timeout: 150_000 },
    () => {
      const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
      for (const env of [{ NODE_ENV: 'production', JWT_SECRET: 'segredo-curto-demais-1234' }, { HOST: '0.0.0.0' }]) {
        const res = spawnSync(process.execPath, ['--import', 'tsx', main], {
          env: { PATH: process.env.PATH ?? '', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', PORT: '0', ...env },
          encoding: 'utf8',
          timeout: 70_000,
        });
        expect([JSON.stringify(env), res.status]).toEqual([JSON.stringify(env), 1]);
        expect(res.stderr).toMatch(/^\s+JWT_SECRET: /m);
        expect(res.stderr, 'no stack trace').not.toMatch(/^\s+at /m);
      }
    },
  );
});

describe('the embedded data directory (PGlite, whatever engine the suite runs on)', () => {
  test('[SEC-06] the PGlite directory is 0700, its subdirectories 0700 and its files 0600, after opening and after closing', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'toque-data-')), 'data');
    const modes = () => {
      const found: { path: string; mode: string }[] = [];
      const walk = (d: string) => {
        for (const e of readdirSync(d, { withFileTypes: true })) {
          const path = join(d, e.name);
          found.push({ path, mode: (statSync(path).mode & 0o777).toString(8) });
          if (e.isDirectory()) walk(path);
        }
      };
      walk(dir);
      return found;
    };
    const database = await openDatabase({ dataDir: dir });
    expect((statSync(dir).mode & 0o777).toString(8)).toBe('700');
    const open = modes();
    expect(open.length).toBeGreaterThan(100);
    expect(open.filter((f) => !['600', '700'].includes(f.mode))).toEqual([]);
    await database.db.execute('create table scratch (x int)');
    await database.close();
    expect((statSync(dir).mode & 0o777).toString(8)).toBe('700');
    expect(modes().filter((f) => !['600', '700'].includes(f.mode))).toEqual([]);
    // A database made on disk (initdb and every migration): ~5 s alone, past 30 s on a loaded machine.
  }, 180_000);
});
