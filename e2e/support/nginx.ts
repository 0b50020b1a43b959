import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { request as httpsRequest } from 'node:https';
import { freePort, root, selfSignedCertificate, stopProcess, tempDir, waitUntilUp } from './processes';

/**
 * nginx from deploy/nginx/toque.conf in front of two server processes (OPS-04, OPS-06), with a
 * self-signed certificate the test makes — and, when asked, deploy/nginx/pix-webhook.conf's
 * mutual-TLS server beside it, trusting a certificate authority the test makes (SEC-10). The site
 * files are used as shipped except for what only a test may change: ports, paths and the
 * certificates — and two test-only lines, said where they are.
 */

export const NGINX_NEEDED =
  'OPS-06 needs nginx: `sudo apt-get install -y nginx` (Debian; `npm test` installs it as root) or set NGINX_PATH.';

export function nginxPath(): string | null {
  const path = process.env.NGINX_PATH || '/usr/sbin/nginx';
  return existsSync(path) ? path : null;
}

/** A client certificate and its key (PEM files). */
export interface ClientCertificate {
  cert: string;
  key: string;
}

export interface Nginx {
  url: string;
  /** pix-webhook.conf's server (with `{ pix: true }`), and certificates to call it with. */
  pix?: {
    url: string;
    /** Signed by the authority the server trusts: the payment provider's. */
    provider: ClientCertificate;
    /** Signed by another authority. */
    stranger: ClientCertificate;
  };
  /** The cookie value that steers a client to replica 0 or 1 (the test's `hash` on a cookie). */
  steer: [string, string];
  log: () => string;
  close: () => Promise<void>;
}

/** The shipped site with only ports, paths and the certificate replaced (and the test's two additions). */
function siteForTest(opts: { httpPort: number; httpsPort: number; upstreams: [number, number]; cert: string; key: string }) {
  const shipped = readFileSync(join(root, 'deploy/nginx/toque.conf'), 'utf8');
  const replace = replacer('toque.conf');
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
  site = nameUpstream(replace, site);
  return site;
}

/** A replacement that must happen: a site file that no longer has the text fails loudly. */
function replacer(file: string) {
  return (text: string, from: string | RegExp, to: string) => {
    const next = text.replace(from, to);
    if (next === text) throw new Error(`deploy/nginx/${file}: ${String(from)} not found`);
    return next;
  };
}

/** Test only: every answer the app gave names the replica that gave it (none when nginx answered itself). */
function nameUpstream(replace: ReturnType<typeof replacer>, site: string) {
  return replace(site, /^(\s*)proxy_pass http:\/\/toque_replicas;$/gm, '$1proxy_pass http://toque_replicas;\n$1add_header X-Toque-Upstream $upstream_addr always;');
}

/** pix-webhook.conf with only its port, its certificate and the client certificates' authority replaced. */
function pixSiteForTest(opts: { port: number; cert: string; key: string; clientCa: string }) {
  const replace = replacer('pix-webhook.conf');
  let site = readFileSync(join(root, 'deploy/nginx/pix-webhook.conf'), 'utf8');
  site = replace(site, /listen 8443 ssl http2;\n\s*listen \[::\]:8443 ssl http2;/, `listen 127.0.0.1:${opts.port} ssl http2;`);
  site = replace(site, /ssl_certificate\s+\S+;/, `ssl_certificate ${opts.cert};`);
  site = replace(site, /ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${opts.key};`);
  site = replace(site, /ssl_client_certificate\s+\S+;/, `ssl_client_certificate ${opts.clientCa};`);
  return nameUpstream(replace, site);
}

const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** A certificate authority (one day), its certificate and key written into `dir` as `{name}-ca.pem`. */
function certificateAuthority(dir: string, name: string) {
  const cert = join(dir, `${name}-ca.pem`);
  const key = join(dir, `${name}-ca.key`);
  openssl('req', '-x509', ...EC_KEY, '-days', '1', '-subj', `/CN=${name} CA`, '-keyout', key, '-out', cert,
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  return { cert, key };
}

/** A client certificate (one day) signed by `ca`. */
function clientCertificate(dir: string, name: string, ca: { cert: string; key: string }): ClientCertificate {
  const cert = join(dir, `${name}.pem`);
  const key = join(dir, `${name}.key`);
  const csr = join(dir, `${name}.csr`);
  const ext = join(dir, `${name}.ext`);
  writeFileSync(ext, 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=clientAuth\n');
  openssl('req', '-new', ...EC_KEY, '-subj', `/CN=${name}`, '-keyout', key, '-out', csr);
  openssl('x509', '-req', '-in', csr, '-CA', ca.cert, '-CAkey', ca.key, '-CAcreateserial', '-days', '1', '-extfile', ext, '-out', cert);
  return { cert, key };
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

/**
 * nginx with the shipped sites in front of `upstreams` (the same port twice: one replica). With
 * `pix`, pix-webhook.conf's server too, trusting a CA made here for the payment provider.
 */
export async function startNginx(binary: string, upstreams: [number, number], options: { pix?: boolean } = {}): Promise<Nginx> {
  const { dir, remove } = tempDir('toque-nginx-');
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  const { cert, key } = selfSignedCertificate(dir);
  const httpsPort = await freePort();
  const httpPort = await freePort();
  writeFileSync(join(dir, 'toque.conf'), siteForTest({ httpPort, httpsPort, upstreams, cert, key }));
  let pix: Nginx['pix'];
  if (options.pix) {
    const provider = certificateAuthority(dir, 'provider');
    const stranger = certificateAuthority(dir, 'stranger');
    const port = await freePort();
    writeFileSync(join(dir, 'pix-webhook.conf'), pixSiteForTest({ port, cert, key, clientCa: provider.cert }));
    pix = {
      url: `https://127.0.0.1:${port}`,
      provider: clientCertificate(dir, 'provider-client', provider),
      stranger: clientCertificate(dir, 'stranger-client', stranger),
    };
  }
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
      ...(pix ? [`  include ${join(dir, 'pix-webhook.conf')};`] : []),
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
  // Which cookie value lands where: asked, not assumed (nginx's hash is its own). One replica: any.
  const steer: (string | undefined)[] = upstreams[0] === upstreams[1] ? ['r0', 'r0'] : [undefined, undefined];
  for (let n = 0; !steer[0] || !steer[1]; n += 1) {
    if (n > 200) throw new Error('no cookie value steers to each replica');
    const headers = await head(`${url}/api/health`, `toque_replica=r${n}`);
    const upstream = /^127\.0\.0\.1:(\d+)$/.exec(String(headers['x-toque-upstream']))?.[1];
    const i = upstreams.indexOf(Number(upstream));
    if (i >= 0 && !steer[i]) steer[i] = `r${n}`;
  }
  return { url, steer: [steer[0], steer[1]], log, close, pix };
}
