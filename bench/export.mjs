// PERF-04: the spreadsheet of 100,000 clients streams with flat memory (peak RSS growth < 150 MB).
// On this machine's PostgreSQL (127.0.0.1:5432, or BENCH_DATABASE_URL's server): a fresh database,
// the real server in its own process, 10,000 then 100,000 clients, each export downloaded over real
// HTTP while the server's RSS is sampled every 20 ms from /proc. Prints both growths, their ratio and
// the budget; checks the file has one row per client; exits non-zero over budget.
//   npm run bench:export            (--port=3400 --small=10000 --large=100000)
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { get } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { apiClient, TERMS_VERSION } from './lib/api.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(join(root, 'apps/server/package.json'));
const pg = require('pg');
const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=')));
const port = Number(args.get('port') ?? 3400);
const small = Number(args.get('small') ?? 10_000);
const large = Number(args.get('large') ?? 100_000);
const BUDGET_MB = 150;
const admin = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `toque_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
const databaseUrl = admin.replace(/\/[^/]*$/, `/${name}`);
const base = `http://127.0.0.1:${port}`;
const work = mkdtempSync(join(tmpdir(), 'toque-bench-export-'));

async function sql(url, text, params) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

const json = apiClient(base);

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Clients numbered from `from` to `to`, each with one or two tags (every third has two). */
async function addClients(from, to) {
  await sql(
    databaseUrl,
    `insert into users (name, email, phone, cpf_cnpj, password_hash)
     select 'Cliente ' || i, 'cliente' || i || '@bench.toque', '319' || lpad(i::text, 8, '0'), lpad(i::text, 11, '0'), 'x'
     from generate_series($1::int, $2::int) i`,
    [from, to],
  );
  await sql(
    databaseUrl,
    `insert into tags (code, product_id, name, owner_id, is_active)
     select 'B' || lpad(upper(to_hex(n)), 7, '0'), 1 + n % 4, 'Toque ' || n, u.id, n % 5 <> 0
     from (select id, (regexp_replace(email, '\\D', '', 'g'))::int as i from users where email like 'cliente%@bench.toque') u,
          lateral (select u.i * 2 as n union all select u.i * 2 + 1 where u.i % 3 = 0) t
     where u.i between $1 and $2`,
    [from, to],
  );
}

/** Downloads the export while sampling the server's RSS; the baseline is the RSS just before. */
async function exportOnce(pid, token, label) {
  const file = join(work, `${label}.xlsx`);
  const baseline = rssMb(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  const started = performance.now();
  await new Promise((resolve, reject) => {
    get(`${base}/api/export/excel`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`export answered ${res.statusCode}`));
      pipeline(res, createWriteStream(file)).then(resolve, reject);
    }).on('error', reject);
  });
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  const seconds = (performance.now() - started) / 1000;
  const rows =
    Number(
      execFileSync('sh', ['-c', `unzip -p '${file}' xl/worksheets/sheet1.xml | grep -o '<row ' | wc -l`], {
        encoding: 'utf8',
      }),
    ) - 1;
  return { baseline, peak, growth: peak - baseline, seconds, rows, bytes: statSync(file).size };
}

function startServer() {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      NODE_ENV: 'test',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      LOG_LEVEL: 'warn',
      RATE_LOGIN_PER_IP: '1000000',
      RATE_LOGIN_PER_EMAIL: '1000000',
      RATE_REGISTER_PER_IP: '1000000',
      RATE_CLAIM_PER_IP: '1000000',
      RATE_TAG_VIEW_PER_IP: '1000000',
      ARGON2_QUEUE: '1000000',
    },
  });
}

async function ready() {
  for (let i = 0; ; i++) {
    try {
      await fetch(`${base}/api/auth/validateToken`);
      return;
    } catch {
      if (i > 300) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

async function stop(child) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const operator = {
  name: 'Admin Bench',
  email: 'admin@bench.toque',
  phone: '31999990000',
  cpfOrCnpj: '52998224725',
  password: 'segredo123',
  termsVersion: TERMS_VERSION,
};

/**
 * One export of `n` clients by a server process of its own, started for it: the growth over the
 * RSS it has once it is ready and has answered a login is the whole cost of the export, first-time
 * heap growth included (the conservative figure).
 */
async function measure(n, label) {
  const child = startServer();
  try {
    await ready();
    const { data } = await json('POST', '/auth/login', {
      email: operator.email,
      password: operator.password,
      platform: 'web',
      token: '',
    });
    await new Promise((r) => setTimeout(r, 500));
    return await exportOnce(child.pid, data.token, label);
  } finally {
    await stop(child);
  }
}

let setup;
try {
  await sql(admin, `create database ${name}`);
  setup = startServer(); // migrates the new database
  await ready();
  await json('POST', '/auth/register', operator);
  await sql(databaseUrl, `update users set is_toque_admin = true where email = $1`, [operator.email]);
  await stop(setup);

  await addClients(1, small);
  await sql(databaseUrl, 'analyze');
  const a = await measure(small, 'small');
  await addClients(small + 1, large);
  await sql(databaseUrl, 'analyze');
  const b = await measure(large, 'large');

  const line = (n, r) =>
    `${n} clients: RSS ${r.baseline.toFixed(1)} → ${r.peak.toFixed(1)} MB, growth ${r.growth.toFixed(1)} MB; ${r.rows} rows, ${(r.bytes / 1e6).toFixed(1)} MB file, ${r.seconds.toFixed(1)} s`;
  console.log(line(small, a));
  console.log(line(large, b));
  const expected = (n) => n + 1; // and the admin
  const ok = b.growth < BUDGET_MB && a.rows === expected(small) && b.rows === expected(large);
  console.log(
    `PERF-04 export ${large} clients: RSS growth ${b.growth.toFixed(1)} MB (budget ${BUDGET_MB} MB, ${(b.growth / BUDGET_MB).toFixed(2)} of budget); ` +
      `${small} clients: ${a.growth.toFixed(1)} MB; growth ratio ${(b.growth / Math.max(a.growth, 0.1)).toFixed(2)} for ${large / small}× the clients — ${ok ? 'ok' : 'FAILED'}`,
  );
  if (!ok) process.exitCode = 1;
} finally {
  await stop(setup);
  await sql(admin, `drop database if exists ${name} with (force)`).catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}
