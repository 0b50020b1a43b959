import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, root, selfSignedCertificate, stopProcess, tempDir, waitUntilUp } from './processes';

/**
 * A real coturn and a Toque server that hands out its credentials (SEC-07, CALL-10), both started
 * by the test on this machine's loopback and stopped afterwards.
 */

export const TURNSERVER_NEEDED =
  'SEC-07 needs coturn: `sudo apt-get install -y coturn` (Debian; `npm test` installs it as root) or set TURNSERVER_PATH.';

export function turnserverPath(): string | null {
  const path = process.env.TURNSERVER_PATH || '/usr/bin/turnserver';
  return existsSync(path) ? path : null;
}

/** A STUN Binding request (RFC 5389): answered once coturn listens on `port`. */
function stunAnswers(port: number, ms = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    const request = Buffer.concat([Buffer.from([0x00, 0x01, 0x00, 0x00, 0x21, 0x12, 0xa4, 0x42]), randomBytes(12)]);
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.close();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), ms);
    socket.once('message', (answer) =>
      done(answer.readUInt16BE(0) === 0x0101 && answer.subarray(8, 20).equals(request.subarray(8, 20))),
    );
    socket.once('error', () => done(false));
    socket.send(request, port, '127.0.0.1');
  });
}

/**
 * Starts coturn and waits until it answers STUN on `port` (15 s at most); `close` stops it and
 * removes its directory. A coturn that exits or does not answer throws with the end of its log.
 */
async function launch(binary: string, args: string[], at: { remove: () => void; logFile: string; port: number; label: string }) {
  const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const log = () => (existsSync(at.logFile) ? readFileSync(at.logFile, 'utf8') : '') + stderr;
  const close = async () => {
    await stopProcess(child);
    at.remove();
  };
  try {
    // stunAnswers waits up to 500 ms itself.
    await waitUntilUp(`${at.label} on 127.0.0.1:${at.port}`, () => stunAnswers(at.port), { child, log, ms: 15_000, every: 0 });
  } catch (error) {
    await close();
    throw error;
  }
  return { log, close };
}

export interface Coturn {
  url: string;
  secret: string;
  /** The UDP ports coturn allocates relay addresses from. */
  relayPorts: { min: number; max: number };
  log: () => string;
  close: () => Promise<void>;
}

/** coturn with `use-auth-secret` on 127.0.0.1, UDP/TCP only, relaying between loopback peers. */
export async function startCoturn(binary: string): Promise<Coturn> {
  const { dir, remove } = tempDir('toque-coturn-');
  const port = await freePort();
  const secret = randomBytes(24).toString('hex');
  const min = randomInt(40_000, 59_000);
  const relayPorts = { min, max: min + 199 };
  const logFile = join(dir, 'turnserver.log');
  // Our own (empty) configuration file: a system-wide /etc/turnserver.conf must not change the test.
  writeFileSync(join(dir, 'turnserver.conf'), '');
  const args = [
    '-c',
    join(dir, 'turnserver.conf'),
    '--listening-ip=127.0.0.1',
    `--listening-port=${port}`,
    '--relay-ip=127.0.0.1',
    `--min-port=${relayPorts.min}`,
    `--max-port=${relayPorts.max}`,
    '--use-auth-secret',
    `--static-auth-secret=${secret}`,
    '--realm=toque.test',
    '--no-tls',
    '--no-dtls',
    '--no-cli',
    '--allow-loopback-peers',
    '--fingerprint',
    '--no-software-attribute',
    `--userdb=${join(dir, 'turndb')}`,
    `--pidfile=${join(dir, 'turnserver.pid')}`,
    `--log-file=${logFile}`,
    '--simple-log',
    '--no-stdout-log',
  ];
  const { log, close } = await launch(binary, args, { remove, logFile, port, label: 'coturn' });
  return { url: `turn:127.0.0.1:${port}?transport=udp`, secret, relayPorts, log, close };
}

export interface ShippedCoturn extends Coturn {
  /** The plain-TCP/UDP port and the TLS port (5349 in deploy/). */
  port: number;
  tlsPort: number;
}

/**
 * coturn with deploy/coturn/turnserver.conf as shipped (OPS-06), templated only for its ports,
 * secret, certificate, log/db paths and listening address — loopback here — plus the one allowance
 * a test on loopback needs: the server's own relay address 127.0.0.1 (allow-loopback-peers and
 * allowed-peer-ip=127.0.0.1). Every other loopback address stays denied.
 */
export async function startShippedCoturn(binary: string): Promise<ShippedCoturn> {
  const { dir, remove } = tempDir('toque-coturn-shipped-');
  const port = await freePort();
  const tlsPort = await freePort();
  const secret = randomBytes(24).toString('hex');
  const min = randomInt(40_000, 59_000);
  const relayPorts = { min, max: min + 199 };
  const { cert, key } = selfSignedCertificate(dir);
  const logFile = join(dir, 'turnserver.log');
  const shipped = readFileSync(join(root, 'deploy/coturn/turnserver.conf'), 'utf8');
  const set = (text: string, name: string, value: string) => {
    const pattern = new RegExp(`^${name}(=.*)?$`, 'm');
    if (!pattern.test(text)) throw new Error(`deploy/coturn/turnserver.conf has no ${name}`);
    return text.replace(pattern, value === '' ? name : `${name}=${value}`);
  };
  let conf = shipped;
  conf = set(conf, 'listening-port', String(port));
  conf = set(conf, 'tls-listening-port', String(tlsPort));
  conf = set(conf, 'listening-ip', '127.0.0.1');
  conf = set(conf, 'relay-ip', '127.0.0.1');
  conf = set(conf, 'min-port', String(relayPorts.min));
  conf = set(conf, 'max-port', String(relayPorts.max));
  conf = set(conf, 'realm', 'toque.test');
  conf = set(conf, 'static-auth-secret', secret);
  conf = set(conf, 'cert', cert);
  conf = set(conf, 'pkey', key);
  conf = set(conf, 'log-file', logFile);
  // The server's own address (the operator sets its public one: docs/operations.md).
  conf = set(conf, 'allowed-peer-ip', '127.0.0.1');
  conf = conf.replace(/^no-loopback-peers$/m, 'allow-loopback-peers');
  conf += `\nuserdb=${join(dir, 'turndb')}\npidfile=${join(dir, 'turnserver.pid')}\nno-stdout-log\n`;
  writeFileSync(join(dir, 'turnserver.conf'), conf);

  const { log, close } = await launch(binary, ['-c', join(dir, 'turnserver.conf')], {
    remove,
    logFile,
    port,
    label: 'coturn (deploy/coturn/turnserver.conf)',
  });
  return { url: `turn:127.0.0.1:${port}?transport=udp`, secret, relayPorts, log, close, port, tlsPort };
}
