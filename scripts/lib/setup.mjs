// The set-up that `npm start` and `npm test` share on a fresh clone (OPS-08): install the
// dependencies when they are missing or older than the lock file, find a browser, and find the
// local PostgreSQL and Redis. Only Node's own modules here: this runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** An environment variable, with an empty value read as unset (as most tools do). */
export function envValue(name, env = process.env) {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** True when `node_modules` is missing or was installed from an older lock file. */
function needsInstall() {
  const installed = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  return !existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs;
}

/**
 * Debian packages, installed quietly. Another `npm test` beside this one may hold apt's locks (two
 * fresh clones side by side, 2026-11-30: the second's install failed at once): the install waits up
 * to 5 minutes for dpkg's lock. An update that finds the lists locked is skipped (apt does not wait
 * for that lock): the other's update is refreshing them.
 */
function aptInstall(packages) {
  const quiet = { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  const waitForLocks = ['-o', 'DPkg::Lock::Timeout=300'];
  spawnSync('apt-get', [...waitForLocks, 'update', '-qq'], quiet);
  spawnSync('apt-get', [...waitForLocks, 'install', '-y', '-qq', ...packages], quiet);
}

/** `npm ci` when needed; returns false when it failed. */
export function ensureInstalled() {
  if (!needsInstall()) return true;
  console.log('\n▶ Instalando dependências (npm ci)');
  const r = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  return r.status === 0;
}

/** The web build always targets production, whatever NODE_ENV the caller's shell exports. */
export function buildWeb(env = process.env) {
  return spawnSync(npm, ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, NODE_ENV: 'production' },
  }).status === 0;
}

/** Every file a web build is made from (not its tests), sorted: apps/web and the contracts it imports. */
function webSources() {
  const files = [join(root, 'package-lock.json')];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['dist', 'node_modules', '__snapshots__', 'test'].includes(entry.name)) walk(path);
      } else if (!/\.test\.tsx?$/.test(entry.name)) files.push(path);
    }
  };
  walk(join(root, 'apps/web'));
  walk(join(root, 'packages/contracts/src'));
  return files.sort();
}

/** Where the quick test mode records which sources apps/web/dist was built from (never inside dist: it is served). */
const webBuildInfo = join(root, 'node_modules/.cache/toque-test/web-build.json');
const webIndex = join(root, 'apps/web/dist/index.html');

/**
 * The web build for the quick test mode (DEV-03): kept when apps/web/dist was built by this function
 * from the sources as they are now, else built again; returns false when the build failed.
 */
export function ensureWebBuilt(env = process.env) {
  const hash = createHash('sha256');
  for (const file of webSources()) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  const sourceHash = hash.digest('hex');
  try {
    const info = JSON.parse(readFileSync(webBuildInfo, 'utf8'));
    // A build made another way since (npm run build) may be of other sources: its index.html is newer.
    if (info.sourceHash === sourceHash && statSync(webIndex).mtimeMs === info.indexMtime) {
      console.log('(apps/web/dist já é deste código: build mantido)');
      return true;
    }
  } catch {
    // No record yet: build.
  }
  rmSync(webBuildInfo, { force: true });
  if (!buildWeb(env)) return false;
  mkdirSync(dirname(webBuildInfo), { recursive: true });
  writeFileSync(webBuildInfo, JSON.stringify({ sourceHash, indexMtime: statSync(webIndex).mtimeMs }));
  return true;
}

/** Where scripts/build-server.mjs puts the built server (OPS-01). */
export const serverDist = join(root, 'apps/server/dist');
/** The built server and operator CLI, run with `node --enable-source-maps`. */
export const serverMain = join(serverDist, 'main.js');
export const serverCli = join(serverDist, 'cli.js');

/** Every file a server build is made from (tests and snapshots are not), sorted. */
function serverSources() {
  const files = [join(root, 'apps/server/package.json'), join(root, 'scripts/build-server.mjs')];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '__snapshots__') walk(path);
      } else if (!/\.test\.tsx?$/.test(entry.name)) files.push(path);
    }
  };
  walk(join(root, 'apps/server/src'));
  walk(join(root, 'packages/contracts/src'));
  return files.sort();
}

/** A hash of the server's sources: the build records it, so a stale build is seen by content, not dates. */
export function serverSourceHash() {
  const hash = createHash('sha256');
  for (const file of serverSources()) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** True when apps/server/dist was built from the sources as they are now. */
function serverBuildIsCurrent() {
  try {
    const info = JSON.parse(readFileSync(join(serverDist, 'build-info.json'), 'utf8'));
    return existsSync(serverMain) && existsSync(serverCli) && info.sourceHash === serverSourceHash();
  } catch {
    return false;
  }
}

/**
 * Builds the server when its build is missing or stale (OPS-01); returns false when that failed —
 * also when the build is stale in an install without dev dependencies, which cannot build.
 * `log` receives the one line said before a build (the CLI sends it to stderr, not its output).
 */
export function ensureServerBuilt(log = console.log) {
  if (serverBuildIsCurrent()) return true;
  if (!existsSync(join(root, 'node_modules', 'esbuild'))) {
    console.error(
      '✖ O build do servidor (apps/server/dist) falta ou está desatualizado, e esta instalação não tem o esbuild ' +
        '(dependência de desenvolvimento): rode `npm ci && npm run build` antes de podar a instalação.',
    );
    return false;
  }
  log('\n▶ Construindo o servidor');
  return spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] }).status === 0;
}

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's build of Chromium's headless shell (package `chromium-headless-shell`, the same source and
 * version as `chromium`): what Playwright itself runs for headless tests. It has no browser UI, so a
 * new context starts no WebUI renderers of the browser's own; the browser suite spent 33 % less CPU
 * and 28 % less time with it (docs/decisions/0057).
 */
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser for Playwright: CHROMIUM_PATH, Debian's headless shell, Debian's /usr/bin/chromium. As root
 * on Debian with either missing, it installs Debian's `chromium-headless-shell` and `chromium` packages
 * (the specs that click a notification, and the benchmarks' Lighthouse, drive the full browser). Returns
 * `{ path }` or `{ error }`, a one-line reason saying what to install.
 */
export function findChromium({ install = true } = {}) {
  const given = envValue('CHROMIUM_PATH');
  if (given) return existsSync(given) ? { path: given } : { error: `CHROMIUM_PATH=${given} não existe.` };
  const root_ = typeof process.getuid === 'function' && process.getuid() === 0;
  const missing = !existsSync(DEBIAN_HEADLESS_SHELL) || !existsSync(DEBIAN_CHROMIUM);
  if (missing && install && root_ && existsSync('/etc/debian_version')) {
    console.log('\n▶ Instalando o Chromium do Debian (apt-get install chromium-headless-shell chromium)');
    aptInstall(['chromium-headless-shell', 'chromium', 'fonts-liberation']);
  }
  if (existsSync(DEBIAN_HEADLESS_SHELL)) return { path: DEBIAN_HEADLESS_SHELL };
  if (existsSync(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM };
  return {
    error:
      'Chromium não encontrado: instale os pacotes do Debian (`sudo apt-get install -y chromium-headless-shell chromium`) ou aponte CHROMIUM_PATH para um Chromium.',
  };
}

const DEBIAN_TURNSERVER = '/usr/bin/turnserver';

/**
 * coturn's `turnserver`, which the relay-only call test (SEC-07) starts by itself: TURNSERVER_PATH,
 * Debian's /usr/bin/turnserver, or — as root on Debian with none installed — Debian's `coturn`
 * package, installed here. The package enables a system-wide coturn service; that one is stopped and
 * disabled again at once, so installing the test's binary leaves no open relay running. Returns
 * `{ path }` or `{ error }`, a one-line reason saying what to install.
 */
export function findTurnserver({ install = true } = {}) {
  const given = envValue('TURNSERVER_PATH');
  if (given) return existsSync(given) ? { path: given } : { error: `TURNSERVER_PATH=${given} não existe.` };
  if (existsSync(DEBIAN_TURNSERVER)) return { path: DEBIAN_TURNSERVER };
  const root_ = typeof process.getuid === 'function' && process.getuid() === 0;
  if (install && root_ && existsSync('/etc/debian_version')) {
    console.log('\n▶ Instalando o coturn do Debian (apt-get install coturn)');
    aptInstall(['coturn']);
    spawnSync('systemctl', ['disable', '--now', 'coturn'], { stdio: 'ignore' });
    if (existsSync(DEBIAN_TURNSERVER)) return { path: DEBIAN_TURNSERVER };
  }
  return {
    error:
      'coturn não encontrado: instale o pacote do Debian (`sudo apt-get install -y coturn`) ou aponte TURNSERVER_PATH para um turnserver.',
  };
}

const DEBIAN_FIREFOX = '/usr/bin/firefox-esr';

/**
 * Firefox for the browser suite's Firefox tests (BRW-01, over WebDriver BiDi): FIREFOX_PATH, Debian's
 * /usr/bin/firefox-esr, or — as root on Debian with none installed — Debian's `firefox-esr` package,
 * installed here. Returns `{ path }` or `{ error }`, a one-line reason saying what to install.
 */
export function findFirefox({ install = true } = {}) {
  const given = envValue('FIREFOX_PATH');
  if (given) return existsSync(given) ? { path: given } : { error: `FIREFOX_PATH=${given} não existe.` };
  if (existsSync(DEBIAN_FIREFOX)) return { path: DEBIAN_FIREFOX };
  const root_ = typeof process.getuid === 'function' && process.getuid() === 0;
  if (install && root_ && existsSync('/etc/debian_version')) {
    console.log('\n▶ Instalando o Firefox ESR do Debian (apt-get install firefox-esr)');
    aptInstall(['firefox-esr']);
    if (existsSync(DEBIAN_FIREFOX)) return { path: DEBIAN_FIREFOX };
  }
  return {
    error:
      'Firefox não encontrado: instale o pacote do Debian (`sudo apt-get install -y firefox-esr`) ou aponte FIREFOX_PATH para um Firefox.',
  };
}

const DEBIAN_WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
const DEBIAN_XVFB = '/usr/bin/Xvfb';

/**
 * WebKitGTK's WebDriver and the virtual display its MiniBrowser runs on, for the WebKit test (BRW-02):
 * WEBKIT_DRIVER_PATH or Debian's /usr/bin/WebKitWebDriver, and /usr/bin/Xvfb, or — as root on
 * Debian with either missing — Debian's `webkit2gtk-driver` and `xvfb` packages, installed here.
 * Returns `{ path }` (the driver) or `{ error }`, a one-line reason saying what to install.
 */
export function findWebKitDriver({ install = true } = {}) {
  const given = envValue('WEBKIT_DRIVER_PATH');
  if (given && !existsSync(given)) return { error: `WEBKIT_DRIVER_PATH=${given} não existe.` };
  const driver = given ?? DEBIAN_WEBKIT_DRIVER;
  if (existsSync(driver) && existsSync(DEBIAN_XVFB)) return { path: driver };
  const root_ = typeof process.getuid === 'function' && process.getuid() === 0;
  if (install && root_ && existsSync('/etc/debian_version')) {
    console.log('\n▶ Instalando o WebDriver do WebKitGTK e o Xvfb do Debian (apt-get install webkit2gtk-driver xvfb)');
    aptInstall(['webkit2gtk-driver', 'xvfb']);
    if (existsSync(driver) && existsSync(DEBIAN_XVFB)) return { path: driver };
  }
  return {
    error:
      'WebKitGTK não encontrado: instale os pacotes do Debian (`sudo apt-get install -y webkit2gtk-driver xvfb`) ou aponte WEBKIT_DRIVER_PATH para um WebKitWebDriver.',
  };
}

const DEBIAN_NGINX = '/usr/sbin/nginx';

/**
 * nginx, which the deploy test (OPS-04, OPS-06) starts in front of two server processes with
 * deploy/nginx/toque.conf: NGINX_PATH, Debian's /usr/sbin/nginx, or — as root on Debian with none
 * installed — Debian's `nginx` package, installed here; the site the package enables is stopped and
 * disabled again at once. Returns `{ path }` or `{ error }`, a one-line reason saying what to install.
 */
export function findNginx({ install = true } = {}) {
  const given = envValue('NGINX_PATH');
  if (given) return existsSync(given) ? { path: given } : { error: `NGINX_PATH=${given} não existe.` };
  if (existsSync(DEBIAN_NGINX)) return { path: DEBIAN_NGINX };
  const root_ = typeof process.getuid === 'function' && process.getuid() === 0;
  if (install && root_ && existsSync('/etc/debian_version')) {
    console.log('\n▶ Instalando o nginx do Debian (apt-get install nginx)');
    aptInstall(['nginx']);
    spawnSync('systemctl', ['disable', '--now', 'nginx'], { stdio: 'ignore' });
    if (existsSync(DEBIAN_NGINX)) return { path: DEBIAN_NGINX };
  }
  return {
    error: 'nginx não encontrado: instale o pacote do Debian (`sudo apt-get install -y nginx`) ou aponte NGINX_PATH para um nginx.',
  };
}

/** Redis answers PING on host:port (not merely an open port). */
export function redisAnswers(host, port, ms = 1500) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(ms, () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(String(data).startsWith('+PONG')));
    socket.once('error', () => done(false));
  });
}
