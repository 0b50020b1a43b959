// Starts the real server for Playwright: built web app, built server (OPS-01; built here when missing
// or stale), fresh database, this machine's Redis if set.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureServerBuilt, root, serverMain } from './lib/setup.mjs';

if (!existsSync(`${root}/apps/web/dist/index.html`)) {
  console.error('apps/web/dist is missing: run `npm run build` first.');
  process.exit(1);
}
if (!ensureServerBuilt()) process.exit(1);
const child = spawn(process.execPath, ['--enable-source-maps', serverMain], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
