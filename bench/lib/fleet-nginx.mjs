// PERF-07: nginx for `npm run bench:fleet`, from the shipped deploy/nginx files: the site
// (toque.conf) with only ports, paths and the certificate replaced, and the worker settings of the
// main configuration (deploy/nginx/nginx.conf, or another main file given) — nothing else changed, so
// the sockets spread over the replicas by `hash $remote_addr` exactly as in production.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/** The site as shipped, with this machine's ports, paths and certificate. */
function fleetSite(root, { httpPort, httpsPort, upstreams, cert, key }) {
  const replace = (text, from, to) => {
    const next = text.replace(from, to);
    if (next === text) throw new Error(`deploy/nginx/toque.conf: ${String(from)} not found`);
    return next;
  };
  let site = readFileSync(join(root, 'deploy/nginx/toque.conf'), 'utf8');
  site = replace(site, /server 127\.0\.0\.1:3001/g, `server 127.0.0.1:${upstreams[0]}`);
  site = replace(site, /server 127\.0\.0\.1:3002/g, `server 127.0.0.1:${upstreams[1]}`);
  site = replace(site, /listen 80;\n\s*listen \[::\]:80;/, `listen 127.0.0.1:${httpPort};`);
  site = replace(
    site,
    /listen 443 ssl http2;\n\s*listen \[::\]:443 ssl http2;/,
    `listen 127.0.0.1:${httpsPort} ssl http2;`,
  );
  site = replace(site, /ssl_certificate\s+\S+;/, `ssl_certificate ${cert};`);
  site = replace(site, /ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${key};`);
  site = replace(site, 'root /opt/toque/apps/web/dist;', `root ${join(root, 'apps/web/dist')};`);
  return site;
}

/** worker_processes, worker_rlimit_nofile and worker_connections of a main nginx.conf (as written there). */
function workerSettings(mainConf) {
  const text = readFileSync(mainConf, 'utf8').replace(/#.*$/gm, '');
  const value = (name) => new RegExp(`^\\s*${name}\\s+([^;]+);`, 'm').exec(text)?.[1]?.trim();
  return {
    processes: value('worker_processes') ?? '1',
    rlimitNofile: value('worker_rlimit_nofile'),
    connections: value('worker_connections') ?? '512',
  };
}

/**
 * Starts nginx as a child (not a daemon) with its own prefix, pid and logs in a temp directory.
 * Resolves once it answers through to a replica; `errors()` is its error log, `pids()` its processes.
 */
export async function startFleetNginx({ root, binary, mainConf, httpsPort, httpPort, upstreams }) {
  const dir = mkdtempSync(join(tmpdir(), 'toque-fleet-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  // An ECDSA certificate, as certbot issues by default: 10,000 handshakes cost the bench less than RSA's.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const workers = workerSettings(mainConf);
  writeFileSync(join(dir, 'toque.conf'), fleetSite(root, { httpPort, httpsPort, upstreams, cert, key }));
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      // As root, workers would run as nobody, who cannot read this private directory.
      ...(process.getuid?.() === 0 ? [`user ${userInfo().username};`] : []),
      `worker_processes ${workers.processes};`,
      ...(workers.rlimitNofile ? [`worker_rlimit_nofile ${workers.rlimitNofile};`] : []),
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'daemon off;',
      `events { worker_connections ${workers.connections}; }`,
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (s) => `  ${s === 'body' ? 'client_body' : s}_temp_path ${join(dir, s)};`,
      ),
      `  include ${join(dir, 'toque.conf')};`,
      '}',
    ].join('\n'),
  );
  const child = spawn(binary, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d.toString()));
  const errors = () =>
    stderr + (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  const pids = () => {
    try {
      const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
      return [child.pid, ...children];
    } catch {
      return [child.pid];
    }
  };
  const close = () =>
    new Promise((resolve) => {
      const done = () => {
        rmSync(dir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGQUIT');
    });
  const url = `https://127.0.0.1:${httpsPort}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const text = errors();
      await close();
      throw new Error(`nginx did not start:\n${text}`);
    }
    try {
      execFileSync('curl', ['-skf', '-o', '/dev/null', `${url}/api/health`], { stdio: 'ignore' });
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  /**
   * REL-07: `nginx -s reload` (SIGHUP to the master): new workers start with the configuration read
   * again, the old ones stop taking connections and finish what they hold. Resolves once a new worker runs.
   */
  const reload = async () => {
    const before = new Set(pids().slice(1));
    child.kill('SIGHUP');
    const until = Date.now() + 15_000;
    while (Date.now() < until && !pids().slice(1).some((pid) => !before.has(pid))) await new Promise((r) => setTimeout(r, 50));
  };
  return { url, workers, errors, pids, close, reload };
}
