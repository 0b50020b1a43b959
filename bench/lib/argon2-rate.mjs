// The raw Argon2id verify rate login is compared with (PERF-01): `CONCURRENCY` verifies at a time
// (the app's Argon2 concurrency), for `SECONDS`, of the seeded user's own hash (HASH) — so the
// parameters are the app's by construction. Prints `{ "rate": verifies per second }`.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(fileURLToPath(new URL('../../apps/server/package.json', import.meta.url)));
const { verify } = require('@node-rs/argon2');
const hash = process.env.HASH;
const password = process.env.PASSWORD;
const concurrency = Number(process.env.CONCURRENCY);
const until = performance.now() + Number(process.env.SECONDS) * 1000;
let done = 0;
const start = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (performance.now() < until) {
      if (!(await verify(hash, password))) throw new Error('the password does not verify');
      done += 1;
    }
  }),
);
console.log(JSON.stringify({ rate: done / ((performance.now() - start) / 1000) }));
