import { afterAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/client';
import { connect, listen } from '../calls-support';
import { users } from '../../src/db/schema';
import { testConfig } from '../helpers';
import { startPgProxy } from '../pg-proxy';
import { freshDatabase } from './support';

/**
 * REL-04 at small scale (docs/decisions/0052, addendum 3): when a replica dies, its owners' sockets
 * all come back to the survivor at once, and each handshake checks its session with a statement. On
 * real PostgreSQL answering 40 ms late (the test's own proxy, pg-proxy.ts: a loaded or distant
 * database), a burst of 600 handshakes waits its turn — a few checks at a time, below the pool — and
 * every one is accepted. Until session 9 the server let 200 checks run at once and refused every
 * handshake past them (HTTP 403): each refusal costs a phone a new TLS handshake and a backoff of up
 * to 5 s, and at 10,000 owners 3,000–8,300 attempts failed on the way back.
 */
const BURST = 600;
const LATENCY_MS = 40;

const database = await freshDatabase('burst');
const proxy = await startPgProxy();
const env = { DATABASE_URL: proxy.url(database.url), SOCKETS_PER_USER: String(BURST + 10) };
const config = testConfig(env);
const opened = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: 'memory://', deadlines: config.deadlines });
const app = await buildApp(config, opened);
await app.ready();
const url = await listen(app);
afterAll(async () => {
  await app.close();
  await opened.close();
  await proxy.close();
  await database.drop();
});

describe('REL-04 a burst of owner handshakes on one replica', () => {
  test(`[REL-04] ${BURST} owner handshakes at once, PostgreSQL answering ${LATENCY_MS} ms late: every one is accepted in its turn, none refused`, async () => {
    // The owners of a dead replica: each one's session is checked on the survivor for the first time.
    const owners = await app.db
      .insert(users)
      .values(
        Array.from({ length: BURST }, (_, i) => ({
          name: `Dona ${i} da Rajada`,
          email: `rajada-${i}@example.com`,
          passwordHash: 'x',
        })),
      )
      .returning({ id: users.id, tokenVersion: users.tokenVersion });
    const tokens = owners.map((owner) => app.signToken(owner));
    proxy.latency(LATENCY_MS);
    const started = performance.now();
    const outcomes = await Promise.allSettled(tokens.map((token) => connect(url, token)));
    const seconds = (performance.now() - started) / 1000;
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
    expect(refused, `${refused.length} of ${BURST} refused in ${seconds.toFixed(1)} s`).toEqual([]);
    const sockets = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    expect(sockets.filter((socket) => socket.connected)).toHaveLength(BURST);
    for (const socket of sockets) socket.disconnect();
  });
});
