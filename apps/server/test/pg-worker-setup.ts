import { ensureDatabase, workerDatabaseUrl } from './pg-worker-databases';

// The api-pg project's set-up file: this worker's own database (pg-worker-databases.ts) is the DATABASE_URL
// every file of the worker reads. The run's own URL stays in TOQUE_BASE_DATABASE_URL.
const base = (process.env.TOQUE_BASE_DATABASE_URL ??= process.env.DATABASE_URL);
if (base) {
  const url = workerDatabaseUrl(base, process.env.VITEST_POOL_ID ?? '1');
  if (process.env.DATABASE_URL !== url) {
    await ensureDatabase(base, url);
    process.env.DATABASE_URL = url;
  }
}
