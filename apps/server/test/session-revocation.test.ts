import { describe, expect, test } from 'vitest';
import { callMsg } from '@toque/contracts/messages';
import { build, buildPair, dbLabel, lastResetCode, signUp } from './helpers';
import { signUpAdmin } from './condo-support';
import { connect, listen, record, settle, startCall, ownedTag, userId, type Client } from './calls-support';

/** Resolves with the disconnect reason and how long it took, or rejects after `timeoutMs`. */
function dropped(socket: Client, timeoutMs = 2000): Promise<{ reason: string; ms: number }> {
  const start = performance.now();
  if (socket.disconnected) return Promise.resolve({ reason: 'already', ms: 0 });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve({ reason, ms: performance.now() - start });
    });
  });
}

const { app } = await build({ SOCKETS_PER_USER: '3' });
const url = await listen(app);

async function changePassword(user: { auth: Record<string, string>; password: string }, newPassword = 'novaSenha456') {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/profile/updateUser',
    headers: user.auth,
    payload: { name: 'Maria Souza', password: user.password, newPassword },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}

describe(`sessions that really end, sockets included ${dbLabel}`, () => {
  test('[ACC-02] a socket opened before a password change is closed at once; the new token connects and rings', async () => {
    const { owner, code } = await ownedTag(app);
    const before = await connect(url, owner.token);
    const gone = dropped(before);
    const fresh = await changePassword(owner);
    const { reason, ms } = await gone;
    expect(reason).toBe('io server disconnect');
    console.info(`[ACC-02] old socket closed ${ms.toFixed(0)} ms after the password change was asked`);

    // The old token cannot come back; the new one can, and it (alone) rings.
    await expect(connect(url, owner.token)).rejects.toThrow(callMsg.socketUnauthorized);
    const after = record(await connect(url, fresh));
    const oldSeen = record(before);
    const { roomId } = await startCall(app, code);
    expect((await after.next('incoming-call')).roomId).toBe(roomId);
    await settle();
    expect(oldSeen.all('incoming-call')).toEqual([]);
  });

  test('[ACC-02] the session that changed the password keeps a socket opened with its new token', async () => {
    const user = await signUp(app);
    const old = await connect(url, user.token);
    const gone = dropped(old);
    const fresh = await changePassword(user);
    await gone;
    const kept = await connect(url, fresh);
    // A second change: the socket of the token it replaces goes too, a name-only update closes nothing.
    const name = await app.inject({
      method: 'PUT',
      url: '/api/profile/updateUser',
      headers: { authorization: `Bearer ${fresh}` },
      payload: { name: 'Maria Souza Lima', password: 'novaSenha456' },
    });
    expect(name.statusCode).toBe(200);
    await settle();
    expect(kept.connected).toBe(true);
  });

  test('[ACC-02] a password reset closes every socket of the account', async () => {
    const user = await signUp(app);
    const sockets = [await connect(url, user.token), await connect(url, user.token)];
    const gone = sockets.map((s) => dropped(s));
    expect((await app.inject({ method: 'POST', url: '/api/auth/generate-code', payload: { email: user.email } })).statusCode).toBe(200);
    const code = await lastResetCode(app, user.email);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: user.email, code, password: 'outraSenha789', confirmPassword: 'outraSenha789' },
    });
    expect(reset.statusCode).toBe(200);
    for (const g of gone) expect((await g).reason).toBe('io server disconnect');
    await expect(connect(url, user.token)).rejects.toThrow(callMsg.socketUnauthorized);
  });

  test('[ACC-02] [ADM-07] blocking an account closes its sockets and refuses new ones', async () => {
    const user = await signUp(app);
    const admin = await signUpAdmin(app);
    const socket = await connect(url, user.token);
    const gone = dropped(socket);
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${userId(user.token)}/block`,
      headers: admin.auth,
      payload: { blocked: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await gone).reason).toBe('io server disconnect');
    await expect(connect(url, user.token)).rejects.toThrow(callMsg.socketUnauthorized);
  });

  test('[ACC-02] sockets per user are capped: a fourth socket closes the oldest, the others stay', async () => {
    const user = await signUp(app);
    const first = await connect(url, user.token);
    await settle(50);
    const second = await connect(url, user.token);
    await settle(50);
    const third = await connect(url, user.token);
    const gone = dropped(first);
    const fourth = await connect(url, user.token);
    expect((await gone).reason).toBe('io server disconnect');
    await settle();
    expect([second.connected, third.connected, fourth.connected]).toEqual([true, true, true]);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/3';
const [a, b] = await buildPair({ REDIS_URL });
const urlA = await listen(a.app);
const urlB = await listen(b.app);

describe(`revocation across two processes sharing Redis ${dbLabel}`, () => {
  test('[ACC-02] [CALL-12] a password change made on process A closes the socket held by process B at once', async () => {
    const user = await signUp(a.app);
    const onB = await connect(urlB, user.token);
    const onA = await connect(urlA, user.token);
    const gone = [dropped(onB), dropped(onA)];
    const res = await a.app.inject({
      method: 'PUT',
      url: '/api/profile/updateUser',
      headers: user.auth,
      payload: { name: 'Maria Souza', password: user.password, newPassword: 'novaSenha456' },
    });
    expect(res.statusCode).toBe(200);
    const [fromB, fromA] = await Promise.all(gone);
    expect([fromB!.reason, fromA!.reason]).toEqual(['io server disconnect', 'io server disconnect']);
    console.info(`[ACC-02] socket on the other process closed ${fromB!.ms.toFixed(0)} ms after the change was asked`);
    await expect(connect(urlB, user.token)).rejects.toThrow(callMsg.socketUnauthorized);
    expect((await connect(urlB, res.json<{ token: string }>().token)).connected).toBe(true);
  });
});
