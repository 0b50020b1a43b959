import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, test } from 'vitest';
import { apiMsg } from '@toque/contracts/messages';
import { listening, productionEnv, root, run, stop } from './support';

/**
 * OPS-01: the server as production runs it. The repository's files (as git sees them: tracked, and
 * new ones not ignored) and the server build are copied to a new directory, installed there with
 * `npm ci --omit=dev` (no tsx, no esbuild, no TypeScript), and started with plain
 * `node --enable-source-maps apps/server/dist/main.js` in production mode.
 *
 * The source maps are proved by an honest failure, not a route made for it: a database that already
 * has a table the first migration creates stops the start (OPS-03), and under LOG_LEVEL=debug the
 * stack it prints names the .ts files.
 */
const dir = mkdtempSync(join(tmpdir(), 'toque-ops01-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function copyRepository() {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  expect(listed.status).toBe(0);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    // A file deleted in the work tree but still in the index is not part of what is shipped.
    if (!existsSync(join(root, file))) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(root, file), join(dir, file));
  }
  cpSync(join(root, 'apps/server/dist'), join(dir, 'apps/server/dist'), { recursive: true });
}

describe('the production build', () => {
  test('[OPS-01] a pruned install (npm ci --omit=dev) runs the built server with plain node: CLI, /api/health, login, and a stack mapped to the .ts sources', async () => {
    copyRepository();
    const started = Date.now();
    const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    expect(install.status, install.stderr).toBe(0);
    console.info(`[OPS-01] npm ci --omit=dev in a copy of the repository: ${seconds} s`);

    // No development dependency at run time: none of them is even installed.
    const modules = join(dir, 'node_modules');
    for (const dev of ['tsx', 'esbuild', 'typescript', 'vitest', 'drizzle-kit', '@playwright/test']) {
      expect(existsSync(join(modules, dev)), `${dev} is installed`).toBe(false);
    }
    expect(existsSync(join(modules, '@node-rs/argon2'))).toBe(true);
    expect(readdirSync(join(dir, 'apps/server/dist'))).toContain('main.js.map');

    // The operator CLI (scripts/toque.mjs → dist/cli.js) finds its build current and makes the demo data.
    const dataDir = join(dir, 'data');
    const env = productionEnv({ DATA_DIR: dataDir });
    const seed = spawnSync(process.execPath, ['scripts/toque.mjs', 'seed-demo', '--if-empty'], { cwd: dir, env, encoding: 'utf8' });
    expect(seed.status, seed.stderr).toBe(0);
    expect(seed.stdout).toContain('cliente@toque.app.br');

    const server = run('apps/server/dist/main.js', env, dir);
    try {
      const base = await listening(server);
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
      // Argon2 (native) and the contracts compiled into the bundle, on the real path of a login.
      const login = (password: string) =>
        fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'cliente@toque.app.br', password, platform: 'web', token: '' }),
        });
      expect((await login('toque123')).status).toBe(200);
      const refused = await login('not-the-password');
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ message: apiMsg.badCredentials });
    } finally {
      expect(await stop(server)).toBe(0);
    }

    // A start-up failure under LOG_LEVEL=debug: one line saying why, then a stack on the .ts files.
    const taken = join(dir, 'taken');
    const pglite = await PGlite.create(taken);
    await pglite.exec('create table users (id int)');
    await pglite.close();
    const failing = run('apps/server/dist/main.js', productionEnv({ DATA_DIR: taken, LOG_LEVEL: 'debug' }), dir);
    expect(await failing.exited).toBe(1);
    const [first, ...stack] = failing.out.stderr.trim().split('\n');
    expect(first).toBe(
      'Database migration 0000_init failed: relation "users" already exists (SQLSTATE 42P07). No pending migration was applied.',
    );
    expect(stack.join('\n')).toMatch(/at .*apps\/server\/src\/db\/client\.ts:\d+:\d+/);
    expect(stack.join('\n')).toMatch(/at .*apps\/server\/src\/main\.ts:\d+:\d+/);
    expect(stack.join('\n')).not.toContain('dist/');
  });
});
