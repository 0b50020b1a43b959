// `npm run toque -- <command>`: the operator CLI (apps/server/src/cli/main.ts), run with tsx.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/main.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
process.exit(result.status ?? 1);
