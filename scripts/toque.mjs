// `npm run toque -- <command>`: the operator CLI (apps/server/src/cli/main.ts), run as the built
// JavaScript (OPS-01) — built first when the build is missing or older than the sources.
import { spawnSync } from 'node:child_process';
import { ensureServerBuilt, root, serverCli } from './lib/setup.mjs';

if (!ensureServerBuilt((line) => console.error(line))) process.exit(1);
const result = spawnSync(process.execPath, ['--enable-source-maps', serverCli, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
process.exit(result.status ?? 1);
