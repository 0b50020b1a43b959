import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: every process the suite starts runs from here. */
export const root = fileURLToPath(new URL('../..', import.meta.url));

/** A TCP port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createTcpServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls `ready` every `every` ms until it answers true; throws with `log()` when `child` exits first
 * or `ms` pass. What "up" means is the caller's: an HTTP answer, a STUN answer, a WebDriver status.
 */
export async function waitUntilUp(
  what: string,
  ready: () => Promise<boolean>,
  opts: { child?: ChildProcess; log?: () => string; ms?: number; every?: number } = {},
): Promise<void> {
  const { child, log = () => '', ms = 90_000, every = 100 } = opts;
  const deadline = Date.now() + ms;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}):\n${log().slice(-3000)}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} did not start in ${ms / 1000} s:\n${log().slice(-3000)}`);
    await sleep(every);
  }
}

/** True once `url` answers HTTP at all (any status). */
export async function answersHttp(url: string): Promise<boolean> {
  await fetch(url);
  return true;
}

/** Resolves once `child` has exited; sends `signal` unless it already has. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** A child process whose stdout and stderr are kept for error messages. */
export function spawnLogged(command: string, args: string[], options: SpawnOptions = {}) {
  const child = spawn(command, args, { cwd: root, ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return { child, log: () => output };
}

/** A private temporary directory and the function that removes it. */
export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A self-signed certificate for 127.0.0.1 (valid one day), written into `dir`. */
export function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', key, '-out', cert],
    { stdio: 'ignore' },
  );
  return { cert, key };
}
