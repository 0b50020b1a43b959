import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { request as httpsRequest } from 'node:https';
import { freePort, root, selfSignedCertificate, stopProcess, tempDir, waitUntilUp } from './support/processes';

/**
 * nginx from deploy/nginx/toque.conf in front of two server processes (OPS-04, OPS-06), with a
 * self-signed certificate the test makes. The site file is used as shipped except for what only a
 * test may change: ports, paths and the certificate — and two test-only lines, said where they are.
 */

export const NGINX_NEEDED =
  'OPS-06 needs nginx: `sudo apt-get install -y nginx` (Debian; `npm test` installs it as root) or set NGINX_PATH.';

export function nginxPath(): string | null {
  const path = process.env.NGINX_PATH || '/usr/sbin/nginx';
  return existsSync(path) ? path : null;
}

export interface Nginx {
  url: string;
  /** The cookie value that steers a client to replica 0 or 1 (the test's `hash` on a cookie). */
  steer: [string, string];
  log: () => string;
  close: () => Promise<void>;
}

/** The shipped site with only ports, paths and the certificate replaced (and the test's two additions). */
export function siteForTest(opts: { httpPort: number; httpsPort: number; upstreams: [number, number]; cert: string; key: string }) {
  const shipped = readFileSync(join(root, 'deploy/nginx/toque.conf'), 'utf8');
  const replace = (text: string, from: string | RegExp, to: string) => {
    const next = text.replace(from, to);
    if (next === text) throw new Error(`deploy/nginx/toque.conf: ${String(from)} not found`);
    return next;
  };
  let site = shipped;
  // Both upstreams (requests, and Socket.IO's sticky one) list the same two replicas.
  site = replace(site, /server 127\.0\.0\.1:3001/g, `server 127.0.0.1:${opts.upstreams[0]}`);
  site = replace(site, /server 127\.0\.0\.1:3002/g, `server 127.0.0.1:${opts.upstreams[1]}`);
  site = replace(site, /listen 80;\n\s*listen \[::\]:80;/, `listen 127.0.0.1:${opts.httpPort};`);
  site = replace(site, /listen 443 ssl http2;\n\s*listen \[::\]:443 ssl http2;/, `listen 127.0.0.1:${opts.httpsPort} ssl http2;`);
  site = replace(site, /ssl_certificate\s+\S+;/, `ssl_certificate ${opts.cert};`);
  site = replace(site, /ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${opts.key};`);
  site = replace(site, 'root /opt/toque/apps/web/dist;', `root ${join(root, 'apps/web/dist')};`);
  // Test only: which replica takes a request is chosen by a cookie the test sets (least_conn would
  // choose by load), and every answer names the replica that gave it.
  site = replace(site, 'least_conn;', 'hash $cookie_toque_replica consistent;');
  // Every test client shares one address: the sockets' stickiness follows the same cookie.
  site = replace(site, 'hash $remote_addr consistent;', 'hash $cookie_toque_replica consistent;');
  site = replace(site, '        proxy_pass http://toque_replicas;', '        proxy_pass http://toque_replicas;\n        add_header X-Toque-Upstream $upstream_addr always;');
  return site;
}

/** A GET through nginx (its certificate is the test's own); resolves with the answer's headers. */
function head(url: string, cookie?: string): Promise<Record<string, string | string[] | undefined>> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { rejectUnauthorized: false, headers: cookie ? { cookie } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.headers));
    });
    req.once('error', reject);
    req.end();
  });
}

export async function startNginx(binary: string, upstreams: [number, number]): Promise<Nginx> {
  const { dir, remove } = tempDir('toque-nginx-');
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  const { cert, key } = selfSignedCertificate(dir);
  const httpsPort = await freePort();
  const httpPort = await freePort();
  writeFileSync(join(dir, 'toque.conf'), siteForTest({ httpPort, httpsPort, upstreams, cert, key }));
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      // As root, workers would run as nobody, who cannot read this private directory.
      ...(process.getuid?.() === 0 ? [`user ${userInfo().username};`] : []),
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'daemon off;',
      'events { worker_connections 512; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      `  access_log ${join(dir, 'access.log')};`,
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((s) => `  ${s === 'body' ? 'client_body' : s}_temp_path ${join(dir, s)};`),
      `  include ${join(dir, 'toque.conf')};`,
      '}',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const log = () => stderr + (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  const url = `https://127.0.0.1:${httpsPort}`;
  const close = async () => {
    // SIGQUIT: nginx's graceful shutdown.
    await stopProcess(child, 'SIGQUIT');
    remove();
  };
  try {
    await waitUntilUp('nginx', () => head(`${url}/api/health`).then(() => true), { child, log, ms: 15_000, every: 200 });
  } catch (error) {
    await close();
    throw error;
  }
  // Which cookie value lands where: asked, not assumed (nginx's hash is its own).
  const steer: (string | undefined)[] = [undefined, undefined];
  for (let n = 0; !steer[0] || !steer[1]; n += 1) {
    if (n > 200) throw new Error('no cookie value steers to each replica');
    const headers = await head(`${url}/api/health`, `toque_replica=r${n}`);
    const upstream = /^127\.0\.0\.1:(\d+)$/.exec(String(headers['x-toque-upstream']))?.[1];
    const i = upstreams.indexOf(Number(upstream));
    if (i >= 0 && !steer[i]) steer[i] = `r${n}`;
  }
  return { url, steer: [steer[0], steer[1]], log, close };
}
