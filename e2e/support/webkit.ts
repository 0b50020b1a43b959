import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect } from 'node:net';
import { freePort } from './processes';
import { expect, test as base } from '../support';

/**
 * BRW-02: WebKit, the engine of Safari and of every iPhone browser, as Debian ships it: WebKitGTK's
 * MiniBrowser driven by its WebDriver (`webkit2gtk-driver`, the classic HTTP protocol: WebKitGTK
 * has no WebDriver BiDi yet). MiniBrowser is a GTK window, with no headless mode: it runs on an Xvfb
 * display of its own. See docs/decisions/0029-browsers.md for what this engine can and cannot show.
 */

const WEBKIT_NEEDED =
  "BRW-02 needs WebKitGTK's WebDriver and a virtual display: `sudo apt-get install -y webkit2gtk-driver xvfb` (Debian; `npm test` installs them as root) or set WEBKIT_DRIVER_PATH.";

function webkitDriverPath(): string | null {
  const path = process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver';
  return existsSync(path) ? path : null;
}

/** MiniBrowser, the browser of libwebkit2gtk-4.1 (in /usr/lib/<multiarch>/webkit2gtk-4.1/). */
function miniBrowserPath(): string | null {
  for (const arch of existsSync('/usr/lib') ? readdirSync('/usr/lib') : []) {
    const path = `/usr/lib/${arch}/webkit2gtk-4.1/MiniBrowser`;
    if (existsSync(path)) return path;
  }
  return null;
}

const XVFB = '/usr/bin/Xvfb';

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** An Xvfb display that picks its own free number (-displayfd); resolves with ':N'. */
function startXvfb(): Promise<{ display: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    let out = '';
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve({ display: `:${out.trim()}`, child });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}): ${stderr}`)));
  });
}

/** A classic WebDriver command; throws with the driver's answer when it fails. */
async function wd<T = unknown>(driver: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${driver}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { value: T };
  if (!response.ok) throw new Error(`WebKit: ${method} ${path} → ${response.status} ${JSON.stringify(answer.value)}`);
  return answer.value;
}

/** Xvfb plus WebKitWebDriver listening on a free port; `close` stops both. */
async function startWebKitDriver(): Promise<{ url: string; close: () => Promise<void> }> {
  const driver = webkitDriverPath();
  expect(driver && existsSync(XVFB) && miniBrowserPath(), WEBKIT_NEEDED).toBeTruthy();
  const xvfb = await startXvfb();
  const port = await freePort();
  const child = spawn(driver!, [`--port=${port}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, DISPLAY: xvfb.display },
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    await stop(child);
    await stop(xvfb.child);
  };
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await wd<{ ready: boolean }>(url, 'GET', '/status')).ready) return { url, close };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await close();
  throw new Error(`WebKitWebDriver did not start: ${stderr}`);
}

/** One MiniBrowser window driven over WebDriver. */
export class WebKitSession {
  private constructor(
    private readonly driver: string,
    readonly id: string,
  ) {}

  /** Opens MiniBrowser with a fake camera and microphone (WebKit's mock capture devices). */
  static async open(driver: string): Promise<WebKitSession> {
    const { sessionId } = await wd<{ sessionId: string }>(driver, 'POST', '/session', {
      capabilities: {
        alwaysMatch: {
          'webkitgtk:browserOptions': {
            binary: miniBrowserPath(),
            args: ['--automation', '--enable-media-stream=true', '--enable-mock-capture-devices=true'],
          },
        },
      },
    });
    return new WebKitSession(driver, sessionId);
  }

  command<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    return wd<T>(this.driver, method, `/session/${this.id}${path}`, body);
  }

  go(url: string) {
    return this.command('POST', '/url', { url });
  }

  /** Runs `fn(...args)` in the page and returns its (JSON) result. */
  run<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>> {
    return this.command<Awaited<T>>('POST', '/execute/sync', {
      script: `return (${fn.toString()}).apply(null, arguments)`,
      args,
    });
  }

  /** Polls `fn` in the page until it returns something truthy, then returns that. */
  async until<T, A extends unknown[]>(what: string, fn: (...args: A) => T, args: A, timeout = 10_000): Promise<T> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const value = (await this.run(fn, ...args)) as T;
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`WebKit: waited ${timeout} ms for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Clicks the first element `selector` matches (a real pointer click, through WebDriver). */
  async click(selector: string) {
    const element = await this.command<Record<string, string>>('POST', '/element', {
      using: 'css selector',
      value: selector,
    });
    const id = Object.values(element)[0]!;
    await this.command('POST', `/element/${id}/click`, {});
  }

  close() {
    return this.command('DELETE', '');
  }
}

/**
 * What catches a script error in WebKit: classic WebDriver can neither run a script before the
 * page's own nor read the console. So the pages are served through this proxy, which adds one
 * same-origin script, first in <head>, that keeps every uncaught error, unhandled rejection,
 * console.error and CSP violation in `window.__errors`. The app is otherwise served byte for byte.
 */
const PROBE_PATH = '/__brw-probe.js';
const PROBE = `window.__errors = [];
addEventListener('error', function (e) { __errors.push(e.message ? 'error: ' + e.message + ' at ' + e.filename + ':' + e.lineno : 'failed to load: ' + (e.target && (e.target.src || e.target.href))); }, true);
addEventListener('unhandledrejection', function (e) { __errors.push('unhandled rejection: ' + (e.reason && e.reason.stack || e.reason)); });
document.addEventListener('securitypolicyviolation', function (e) { __errors.push('CSP violation: ' + e.effectiveDirective + ' blocked ' + (e.blockedURI || '(inline)') + ' at ' + e.sourceFile + ':' + e.lineNumber); });
var consoleError = console.error;
console.error = function () { __errors.push('console.error: ' + Array.prototype.join.call(arguments, ' ')); return consoleError.apply(console, arguments); };
`;

async function startProbeProxy(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    if (req.url === PROBE_PATH) {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
      res.end(PROBE);
      return;
    }
    const headers = { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' };
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        const html = (answer.headers['content-type'] ?? '').startsWith('text/html');
        if (!html) {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/<head>/i, `<head><script src="${PROBE_PATH}"></script>`);
          const { 'content-length': _length, ...rest } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': Buffer.byteLength(body) });
          res.end(body);
        });
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  // Socket.IO's websocket: passed through as raw bytes.
  server.on('upgrade', (req, socket, head) => {
    const to = connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      to.write(`${lines.join('\r\n')}\r\n\r\n`);
      to.write(head);
      to.pipe(socket);
      socket.pipe(to);
    });
    to.on('error', () => socket.destroy());
    socket.on('error', () => to.destroy());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The errors the probe has kept on the current page. */
export function probeErrors(session: WebKitSession): Promise<string[]> {
  return session.run(() => (window as unknown as { __errors?: string[] }).__errors ?? ['the probe did not run']);
}

/**
 * `webkit`: a MiniBrowser window on its own Xvfb display, and `origin`, the app as it sees it (through
 * the probe's proxy). Everything is closed after the test, in the reverse order.
 */
export const test = base.extend<{ webkit: { session: WebKitSession; origin: string } }>({
  webkit: async ({ baseURL }, use) => {
    const driver = await startWebKitDriver();
    try {
      const proxy = await startProbeProxy(baseURL!);
      try {
        const session = await WebKitSession.open(driver.url);
        try {
          await use({ session, origin: proxy.url });
        } finally {
          await session.close().catch(() => undefined);
        }
      } finally {
        await proxy.close();
      }
    } finally {
      await driver.close();
    }
  },
});
export { expect };
