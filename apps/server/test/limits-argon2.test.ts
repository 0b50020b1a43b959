import { randomInt } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { apiMsg } from '@toque/contracts/messages';
import { build, dbLabel, errorBody, newAccount } from './helpers';

// The Argon2 queue as configured by default (one slot per core, a short queue): its own file,
// because the queue is one per process and other files raise it out of their way.
const { app, config } = await build({ ARGON2_QUEUE: '', ARGON2_CONCURRENCY: '' });

type Answer = Awaited<ReturnType<typeof app.inject>>;

const register = (account: ReturnType<typeof newAccount>, from: string) =>
  app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: from, payload: account });

describe(`the Argon2 queue under a registration storm ${dbLabel}`, () => {
  test('[SEC-05] a 300-registration storm from 300 addresses leaves a real login answering 200; the excess gets 503 with Retry-After, never a 500', async () => {
    expect(config.argon2.queue).toBe(4 * config.argon2.concurrency);
    const owner = newAccount();
    expect((await register(owner, '203.0.113.1')).statusCode).toBe(201);

    const storm: Promise<Answer>[] = [];
    for (let i = 0; i < 300; i++) {
      storm.push(register(newAccount(), `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`));
    }
    // The storm is under way once the first answer is back (a refusal comes at once)…
    await Promise.race(storm);
    // …and the owner logs in meanwhile: verifying goes ahead of the storm's hashes.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: `192.0.2.${randomInt(1, 255)}`,
      payload: { email: owner.email, password: owner.password, platform: 'web', token: '' },
    });
    expect(login.statusCode).toBe(200);

    const answers = await Promise.all(storm);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
    const refused = answers.filter((a) => a.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(config.argon2.concurrency);
    for (const answer of refused) {
      expect(errorBody(answer)).toBe(apiMsg.busy);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    // Once the storm is over the server takes new accounts again.
    expect((await register(newAccount(), '203.0.113.2')).statusCode).toBe(201);
  });
});
