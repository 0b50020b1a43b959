import { existsSync } from 'node:fs';
import puppeteer, {
  type Browser,
  type ElementHandle,
  type EvaluateFunc,
  type Page as FirefoxPage,
} from 'puppeteer-core';
import { storageKeys } from '@toque/contracts/constants';
import { baseURL } from '../playwright.config';
import { expect, reportCspViolations, test as base } from '../support';

/**
 * BRW-01: Firefox in the browser suite. Debian's firefox-esr, driven over WebDriver BiDi by
 * puppeteer-core (Playwright's own Firefox is a patched build, not the one people run). A finder or
 * an owner in Firefox meets the other side in the suite's Chromium (a Playwright context).
 */

const FIREFOX_NEEDED =
  'BRW-01 needs Firefox: `sudo apt-get install -y firefox-esr` (Debian; `npm test` installs it as root) or set FIREFOX_PATH.';

function firefoxPath(): string | null {
  const path = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';
  return existsSync(path) ? path : null;
}

/** Where Firefox's finder is: its network geolocation provider answers this (prefs below). */
export const FIREFOX_POSITION = { latitude: -23.5613, longitude: -46.6565 };

/**
 * A profile for a test: a Brazilian visitor (the finder page follows the browser's language), fake camera and microphone granted without a prompt, the position above
 * granted without a prompt (a data: URL as the network location service: no request leaves the
 * machine), sound allowed to play (the owner's ring), and WebRTC over this machine's own addresses.
 */
const firefoxPrefs: Record<string, unknown> = {
  'intl.accept_languages': 'pt-BR, pt',
  'media.navigator.streams.fake': true,
  'media.navigator.permission.disabled': true,
  'media.autoplay.default': 0,
  'media.autoplay.blocking_policy': 0,
  'media.peerconnection.ice.loopback': true,
  'media.peerconnection.ice.obfuscate_host_addresses': false,
  'geo.enabled': true,
  'geo.provider.testing': true,
  'geo.provider.use_geoclue': false,
  'geo.provider.use_gpsd': false,
  'geo.prompt.testing': true,
  'geo.prompt.testing.allow': true,
  'geo.provider.network.url': `data:application/json,${JSON.stringify({
    location: { lat: FIREFOX_POSITION.latitude, lng: FIREFOX_POSITION.longitude },
    accuracy: 10,
  })}`,
  'geo.provider.network.timeToWaitBeforeSending': 0,
};

async function launchFirefox(): Promise<Browser> {
  const executablePath = firefoxPath();
  expect(executablePath, FIREFOX_NEEDED).not.toBeNull();
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: executablePath!,
    protocol: 'webDriverBiDi',
    headless: true,
    extraPrefsFirefox: firefoxPrefs,
  });
}

export interface FirefoxTab {
  page: FirefoxPage;
  /** Console errors, uncaught errors and CSP violations seen so far (the fixture asserts none at the end). */
  errors: string[];
}

/** Opens a tab in a fresh private context of `browser`, its errors and CSP violations recorded. */
export async function openFirefoxTab(browser: Browser): Promise<FirefoxTab & { close: () => Promise<void> }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error on ${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`error on ${page.url()}: ${(error as Error).message}`));
  await page.evaluateOnNewDocument(reportCspViolations);
  return { page, errors, close: () => context.close() };
}

/**
 * `firefox`: one Firefox per worker, closed at its end. `firefoxTab`: a tab of a fresh context of
 * it, closed after the test, which fails on any console error, uncaught error or CSP violation seen
 * there (the Chromium pages of the test stay under support.ts's guard).
 */
export const test = base.extend<{ firefoxTab: FirefoxTab }, { firefox: Browser }>({
  firefox: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const browser = await launchFirefox();
      try {
        await use(browser);
      } finally {
        await browser.close();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  firefoxTab: async ({ firefox }, use) => {
    const tab = await openFirefoxTab(firefox);
    try {
      await use(tab);
    } finally {
      await tab.close();
    }
    expect(tab.errors, 'Firefox: console errors, uncaught errors or CSP violations').toEqual([]);
  },
});
export { expect };

/** Puts a session in the Firefox tab without going through the login screen (support.ts's loginAs). */
export async function firefoxLoginAs(page: FirefoxPage, token: string) {
  await page.evaluateOnNewDocument(
    (key: string, value: string) => {
      if (!window.location.protocol.startsWith('http')) return; // about:blank has no storage
      if (window.sessionStorage.getItem('e2e-session-seeded')) return;
      window.sessionStorage.setItem('e2e-session-seeded', '1');
      window.localStorage.setItem(key, value);
    },
    storageKeys.authToken,
    token,
  );
}

export function firefoxGoto(page: FirefoxPage, path: string) {
  return page.goto(new URL(path, baseURL).href, { waitUntil: 'load' });
}

/** Polls `fn` in the page until it returns something truthy (7 s unless told), the way expect.poll does. */
export async function untilInPage<A extends unknown[]>(
  page: FirefoxPage,
  what: string,
  fn: EvaluateFunc<A>,
  args: A,
  timeout = 7_000,
): Promise<void> {
  try {
    await page.waitForFunction(fn, { timeout, polling: 100 }, ...args);
  } catch (error) {
    throw new Error(`Firefox: waited ${timeout} ms for ${what} on ${page.url()}: ${(error as Error).message}`);
  }
}

/** The visible, enabled button (or link) whose accessible name is exactly `name`, once there. */
export async function firefoxButton(page: FirefoxPage, name: string, timeout = 7_000): Promise<ElementHandle<Element>> {
  try {
    const handle = await page.waitForFunction(
      (wanted: string) =>
        Array.from(document.querySelectorAll('button, a[href], [role="button"]')).find((element) => {
          const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();
          const box = element.getBoundingClientRect();
          return label === wanted && box.width > 0 && box.height > 0 && !element.matches(':disabled');
        }) ?? null,
      { timeout, polling: 100 },
      name,
    );
    return handle as ElementHandle<Element>;
  } catch (error) {
    const seen = await page
      .evaluate(() =>
        Array.from(document.querySelectorAll('button, a[href], [role="button"]')).map(
          (e) =>
            `${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim()}${e.matches(':disabled') ? ' (disabled)' : ''}`,
        ),
      )
      .catch(() => []);
    throw new Error(
      `Firefox: no enabled "${name}" within ${timeout} ms on ${page.url()} (${(error as Error).message}); there: ${JSON.stringify(seen)}`,
    );
  }
}

/**
 * Runs before the page's scripts: keeps its RTCPeerConnections in `window.__peers` (as support.ts's
 * recordPeerConnections does) and sets `window.__socketConnected` once a Socket.IO websocket has
 * been accepted by the server (its CONNECT answer, a frame starting with '40').
 */
export function recordCallInternals() {
  const w = window as unknown as { __peers: RTCPeerConnection[]; __socketConnected: boolean };
  const Native = window.RTCPeerConnection;
  w.__peers = [];
  w.__socketConnected = false;
  window.RTCPeerConnection = class extends Native {
    constructor(config?: RTCConfiguration) {
      super(config);
      w.__peers.push(this);
    }
  };
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      if (!String(url).includes('/socket.io/')) return;
      this.addEventListener('message', (event: MessageEvent) => {
        if (typeof event.data === 'string' && event.data.startsWith('40')) w.__socketConnected = true;
      });
    }
  };
}

/** Bytes received so far of `kind` (inbound-rtp) on the page's newest peer connection; runs in either engine. */
export async function inboundBytesInPage(kind: 'audio' | 'video'): Promise<number> {
  const peers = (window as unknown as { __peers?: RTCPeerConnection[] }).__peers ?? [];
  const newest = peers[peers.length - 1];
  if (!newest) return 0;
  let bytes = 0;
  (await newest.getStats()).forEach((report: { type: string; kind?: string; bytesReceived?: number }) => {
    if (report.type === 'inbound-rtp' && report.kind === kind) bytes += report.bytesReceived ?? 0;
  });
  return bytes;
}

/** Waits until the Firefox tab receives `kind` and keeps receiving it (the bytes grow past a first reading). */
export async function firefoxReceives(page: FirefoxPage, kind: 'audio' | 'video', timeout = 20_000) {
  const deadline = Date.now() + timeout;
  let first = 0;
  while (Date.now() < deadline) {
    const bytes = await page.evaluate(inboundBytesInPage, kind);
    if (first === 0) first = bytes;
    else if (bytes > first) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Firefox: no ${kind} arriving within ${timeout} ms on ${page.url()}`);
}
