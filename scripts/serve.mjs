// `npm run serve`: the built server alone (OPS-01) — no install, web build, migration step or demo
// data, unlike `npm start`; it builds the server first when its build is missing or stale.
// Production supervisors may equally run `node --enable-source-maps apps/server/dist/main.js`.
import { spawn } from 'node:child_process';
import { ensureServerBuilt, root, serverMain } from './lib/setup.mjs';

if (!ensureServerBuilt()) process.exit(1);
const child = spawn(process.execPath, ['--enable-source-maps', serverMain], { cwd: root, stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
