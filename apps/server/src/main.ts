import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import { MigrationError, openDatabase, type Database } from './db/client';
import { buildApp } from './app';
import { readLock, removeLock, writeLock } from './lib/data-dir-lock';

// OPS-02: a bad configuration stops the start at once with what is wrong, not a stack trace.
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
config.webDist ??= fileURLToPath(new URL('../../web/dist', import.meta.url));
const embedded = !config.databaseUrl && !config.dataDir.startsWith('memory://');

if (embedded) {
  const held = readLock(config.dataDir);
  if (held) {
    console.error(
      `Another Toque server (pid ${held.pid}, port ${held.port}) is using ${config.dataDir}. ` +
        'Stop it first, or set DATA_DIR or DATABASE_URL.',
    );
    process.exit(1);
  }
}

// OPS-03: a migration the database refuses stops the start with one line naming it and the reason
// (exit code 1); LOG_LEVEL=debug adds the stack, source-mapped to the .ts files (OPS-01).
let database: Database;
try {
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    deadlines: config.deadlines,
  });
} catch (error) {
  if (!(error instanceof MigrationError)) throw error;
  console.error(error.message);
  if (config.logLevel === 'debug' || config.logLevel === 'trace') console.error(error.stack);
  process.exit(1);
}
const app = await buildApp(config, database);

/**
 * OPS-04: a graceful stop (docs/decisions/0024). /api/ready answers 503 and the listener closes at
 * once; sockets are told to reconnect elsewhere; requests in flight finish; then the database and
 * Redis close. Whatever is still open after SHUTDOWN_TIMEOUT_MS is cut.
 */
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  const started = Date.now();
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    app.log.error({ ms: Date.now() - started }, 'shutdown timed out: exiting with connections still open');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  force.unref();
  try {
    await app.close();
    await database.close();
    app.log.info({ ms: Date.now() - started }, 'stopped');
  } finally {
    if (embedded) removeLock(config.dataDir);
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

/**
 * REL-04: the kernel's queue of connections not yet accepted. Node's default (511) overflowed when the
 * owners of a killed replica came back at once: nginx's connects to the survivor timed out (its log:
 * "upstream timed out (110) while connecting") and the finders of that moment got a 504. Linux caps it
 * at net.core.somaxconn (4096 on this machine kind).
 */
const LISTEN_BACKLOG = 4096;
await app.listen({ host: config.host, port: config.port, backlog: LISTEN_BACKLOG });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
if (embedded) writeLock(config.dataDir, { pid: process.pid, port, operatorToken: app.operatorToken });
app.log.info(`Toque ouvindo na porta ${port} (endereço público ${config.publicUrl}, banco: ${database.engine})`);
