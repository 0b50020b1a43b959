// `npm start` on a fresh clone: install what is missing, build the web app and the server, migrate, seed demo
// data when the database is new, and serve http://localhost:3000 (embedded PGlite in ./data
// unless DATABASE_URL is set).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWeb, ensureInstalled, ensureServerBuilt, root, serverMain } from './lib/setup.mjs';

function run(label, cmd, args, env = process.env) {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`✖ ${label} falhou (código ${r.status}).`);
    process.exit(r.status ?? 1);
  }
}

if (!ensureInstalled()) {
  console.error('✖ A instalação das dependências (npm ci) falhou.');
  process.exit(1);
}
console.log('\n▶ Construindo o app web');
if (!buildWeb()) {
  console.error('✖ O build do app web falhou.');
  process.exit(1);
}
// OPS-01: the server runs as built JavaScript (docs/decisions/0023-built-server.md).
if (!ensureServerBuilt()) {
  console.error('✖ O build do servidor falhou.');
  process.exit(1);
}

// An empty variable is unset (DATABASE_URL= means PGlite, not an invalid URL).
const env = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value?.trim()));
env.NODE_ENV ??= 'production';
env.DATA_DIR ??= join(root, 'data');
if (!env.JWT_SECRET) {
  // A secret of this installation's own, made once, so sessions survive restarts.
  // SEC-06: private to the operator (0700/0600), also when an older run made them with wider modes.
  mkdirSync(env.DATA_DIR, { recursive: true, mode: 0o700 });
  chmodSync(env.DATA_DIR, 0o700);
  const file = join(env.DATA_DIR, '.jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  chmodSync(file, 0o600);
  env.JWT_SECRET = readFileSync(file, 'utf8').trim();
}

run('Migrando o banco e criando os dados de demonstração (se o banco for novo)', process.execPath, ['scripts/toque.mjs', 'seed-demo', '--if-empty'], env);

console.log(`\n▶ Servindo em ${env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`}  (Ctrl+C para parar)`);
const server = spawn(process.execPath, ['--enable-source-maps', serverMain], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
