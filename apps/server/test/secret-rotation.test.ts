import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { describe, expect, test } from 'vitest';
import { apiMsg, callMsg } from '@toque/contracts/messages';
import { loadConfig } from '../src/config';
import { bearer, build, buildOn, dbLabel, errorBody, signUp } from './helpers';
import { ownedTag, startCall } from './calls-support';

/**
 * OPS-06 (docs/operations.md, 'Rotating secrets'): JWT_ACCEPTED_SECRETS lets replicas accept tokens
 * signed with a secret being rotated out — sessions and finders' caller tokens — while signing only
 * with JWT_SECRET. Three replicas of one database, as in the middle of a rolling deploy: the old
 * one (old secret), a new one that still accepts the old secret, and one that no longer does.
 */
const secret = () => randomBytes(32).toString('base64url');
const oldSecret = secret();
const newSecret = secret();

const before = await build({ JWT_SECRET: oldSecret });
const during = await buildOn(before.database, { JWT_SECRET: newSecret, JWT_ACCEPTED_SECRETS: oldSecret });
const after = await buildOn(before.database, { JWT_SECRET: newSecret });

const whoAmI = (app: typeof before.app, token: string) =>
  app.inject({ method: 'GET', url: '/api/products/listProducts', headers: bearer(token) });

describe(`rotating the JWT secret without signing everybody out ${dbLabel}`, () => {
  test('[OPS-06] a session signed with the old secret still works where the old secret is accepted, and only there; new sessions are signed with the new one', async () => {
    const user = await signUp(before.app);
    expect((await whoAmI(during.app, user.token)).statusCode).toBe(200);
    const refused = await whoAmI(after.app, user.token);
    expect(refused.statusCode).toBe(401);
    expect(errorBody(refused)).toBe(apiMsg.invalidToken);

    // A login on the rotating replica signs with the new secret: every new replica accepts it.
    const login = await during.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password, platform: 'web', token: '' },
    });
    expect(login.statusCode).toBe(200);
    const fresh = login.json<{ data: { token: string } }>().data.token;
    expect(() => jwt.verify(fresh, newSecret)).not.toThrow();
    expect(() => jwt.verify(fresh, oldSecret)).toThrow();
    expect((await whoAmI(after.app, fresh)).statusCode).toBe(200);
  });

  test('[OPS-06] an accepted secret does not weaken the checks: an expired or wrong-version token signed with it is refused', async () => {
    const user = await signUp(before.app);
    const sub = (jwt.decode(user.token) as { sub: string }).sub;
    const expired = jwt.sign({ tv: 0, exp: Math.floor(Date.now() / 1000) - 60 }, oldSecret, { subject: sub });
    const staleVersion = jwt.sign({ tv: 7 }, oldSecret, { subject: sub });
    const otherAlgorithm = jwt.sign({ tv: 0 }, oldSecret, { subject: sub, algorithm: 'HS512' });
    const unknownSecret = jwt.sign({ tv: 0 }, secret(), { subject: sub });
    for (const token of [expired, staleVersion, otherAlgorithm, unknownSecret]) {
      expect((await whoAmI(during.app, token)).statusCode).toBe(401);
    }
  });

  test('[OPS-06] a finder whose call began before the rotation keeps its caller token on the rotating replica', async () => {
    const { code } = await ownedTag(before.app);
    const call = await startCall(before.app, code);
    const message = (app: typeof before.app) =>
      app.inject({
        method: 'POST',
        url: `/api/calls/${call.roomId}/message`,
        headers: bearer(call.callerToken),
        payload: { message: 'Achei o seu Toque na praça.' },
      });
    const refused = await message(after.app);
    expect(refused.statusCode).toBe(401);
    expect(errorBody(refused)).toBe(callMsg.invalidCallerToken);
    expect((await message(during.app)).statusCode).toBe(201);
  });

  test('[OPS-02] [OPS-06] in production an accepted secret must be as strong as JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: newSecret, JWT_ACCEPTED_SECRETS: 'curto' })).toThrow(
      /JWT_ACCEPTED_SECRETS/,
    );
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: newSecret, JWT_ACCEPTED_SECRETS: `${oldSecret},${newSecret}` });
    expect(config.jwtAcceptedSecrets).toEqual([oldSecret]);
  });
});
