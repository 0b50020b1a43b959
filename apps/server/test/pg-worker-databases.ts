import pg from 'pg';

/**
 * The api-pg project's databases (docs/decisions/0050's addendum 2): each Vitest worker runs its files on a
 * PostgreSQL database of its own, `<DATABASE_URL's database>_w<worker>`, made on the worker's first file
 * (the server's migrations run on its first `build`) and dropped when the run ends. Files of one
 * worker share its database as they shared DATABASE_URL's before (tests keep to their own rows);
 * two workers never do, so the files that count a table's rows before and after cannot race.
 */
export function workerDatabaseUrl(base: string, worker: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname}_w${worker}`;
  return url.toString();
}

const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/** Creates the worker's database when it is not there yet. */
export async function ensureDatabase(base: string, url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${databaseName(url)}"`);
  } catch (error) {
    // 42P04: a file before this one in the same worker made it.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await admin.end();
  }
}

/** Vitest global set-up: nothing before; after the run, every worker's database dropped. */
export default function setup() {
  const base = process.env.DATABASE_URL;
  return async () => {
    if (!base) return;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      const prefix = `${databaseName(base)}_w`;
      const { rows } = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
        [prefix],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}
