import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Vitest global set-up of the ops project: the server build (OPS-01) made once, when missing or
 * stale, as `npm start` makes it — before any test file copies or starts it.
 */
export default function setup() {
  const root = fileURLToPath(new URL('../../../..', import.meta.url));
  const r = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "const m = await import('./scripts/lib/setup.mjs'); process.exit(m.ensureServerBuilt() ? 0 : 1);"],
    { cwd: root, stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('the server build (scripts/build-server.mjs) failed');
}
