import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { CreateCallResponse, IceConfig, IceServer } from '@toque/contracts/calls';
import { loadConfig } from '../src/config';
import { iceConfig, iceServers, turnCredential } from '../src/modules/calls/ice';
import { build, dbLabel, signUp } from './helpers';
import { ownedTag } from './calls-support';

const TURN = {
  STUN_URLS: 'stun:stun.toque.test:3478, stun:stun2.toque.test:3478',
  TURN_URLS: 'turn:turn.toque.test:3478?transport=udp,turns:turn.toque.test:5349?transport=tcp',
  TURN_SECRET: 'coturn-static-auth-secret',
  TURN_TTL_S: '600',
};
const { app } = await build(TURN);

/** coturn's check of a use-auth-secret credential, written out independently of the server's code. */
function coturnAccepts(server: IceServer, secret: string, nowS: number): boolean {
  const expected = createHmac('sha1', secret).update(server.username!, 'utf8').digest().toString('base64');
  const expiry = Number(server.username!.split(':')[0]);
  return server.credential === expected && expiry > nowS;
}

describe(`ICE servers and TURN credentials ${dbLabel}`, () => {
  test('[CALL-10] the credential is base64(HMAC-SHA1(secret, "<expiry>:<room>")) with the configured lifetime', () => {
    // Known vector: `printf %s 1700000600:room-1 | openssl dgst -sha1 -hmac north-secret -binary | base64`,
    // and the same computed here with node:crypto rather than with the server's function.
    const vector = createHmac('sha1', 'north-secret').update('1700000600:room-1').digest('base64');
    expect(vector).toBe('L0XPltuY+PTB/xKjeT2djnc5N6c=');
    expect(turnCredential('north-secret', '1700000600:room-1')).toBe(vector);

    const config = loadConfig({ NODE_ENV: 'test', ...TURN, TURN_SECRET: 'north-secret' });
    const servers = iceServers(config.ice, 'room-1', 1_700_000_000_000);
    // Relay-only (SEC-07): STUN would be of no use, and would show a third party the client's address.
    expect(servers).toEqual([
      {
        urls: ['turn:turn.toque.test:3478?transport=udp', 'turns:turn.toque.test:5349?transport=tcp'],
        username: '1700000600:room-1',
        credential: vector,
      },
    ]);
  });

  test('[CALL-10] the finder gets short-lived TURN credentials with the call, and each side can fetch fresh ones', async () => {
    const { owner, code } = await ownedTag(app);
    const before = Math.floor(Date.now() / 1000);
    const res = await app.inject({ method: 'POST', url: '/api/calls', payload: { code } });
    const { roomId, callerToken, iceServers: servers } = res.json<CreateCallResponse>();
    const turn = servers.find((s) => s.username)!;
    expect(turn.username).toMatch(new RegExp(`^\\d+:${roomId}$`));
    const expiry = Number(turn.username!.split(':')[0]);
    expect(expiry - before).toBeGreaterThanOrEqual(600);
    expect(expiry - before).toBeLessThanOrEqual(602);
    expect(coturnAccepts(turn, TURN.TURN_SECRET, before)).toBe(true);
    expect(coturnAccepts(turn, 'another-secret', before)).toBe(false);
    expect(coturnAccepts(turn, TURN.TURN_SECRET, expiry)).toBe(false);

    const url = `/api/calls/${roomId}/ice-servers`;
    for (const headers of [owner.auth, { authorization: `Bearer ${callerToken}` }]) {
      const fresh = await app.inject({ method: 'GET', url, headers });
      expect(fresh.statusCode).toBe(200);
      const t = fresh.json<{ iceServers: IceServer[] }>().iceServers.find((s) => s.username)!;
      expect(coturnAccepts(t, TURN.TURN_SECRET, before)).toBe(true);
    }
    const stranger = await signUp(app);
    expect((await app.inject({ method: 'GET', url, headers: stranger.auth })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  test('[SEC-07] [CALL-10] with TURN, both sides are told to use only the relay: the finder with the call, each side with fresh credentials', async () => {
    const { owner, code } = await ownedTag(app);
    const res = await app.inject({ method: 'POST', url: '/api/calls', payload: { code } });
    expect(res.statusCode).toBe(201);
    const created = res.json<CreateCallResponse>();
    expect(created.iceTransportPolicy).toBe('relay');
    expect(created.iceServers.map((s) => s.urls)).toEqual([TURN.TURN_URLS.split(',')]);

    const url = `/api/calls/${created.roomId}/ice-servers`;
    for (const headers of [owner.auth, { authorization: `Bearer ${created.callerToken}` }]) {
      const fresh = (await app.inject({ method: 'GET', url, headers })).json<IceConfig>();
      expect(fresh.iceTransportPolicy).toBe('relay');
      expect(fresh.iceServers.every((s) => [s.urls].flat().every((u) => /^turns?:/.test(u)))).toBe(true);
    }
  });

  test('[CALL-10] without TURN only STUN is offered; TURN_URLS without a secret is a configuration error', () => {
    expect(iceServers(loadConfig({ NODE_ENV: 'test' }).ice, 'r')).toEqual([{ urls: ['stun:stun.l.google.com:19302'] }]);
    expect(iceConfig(loadConfig({ NODE_ENV: 'test' }).ice, 'r').iceTransportPolicy).toBe('all');
    expect(() => loadConfig({ NODE_ENV: 'test', TURN_URLS: 'turn:x:3478' })).toThrow(/TURN_SECRET/);
  });
});
