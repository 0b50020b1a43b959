import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test';
import { TERMS_VERSION } from '@toque/contracts/account';
import { storageKeys } from '@toque/contracts/constants';
import { mailMsg } from '@toque/contracts/mail';
import { ui } from '@toque/contracts/ui';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs the operator CLI against the e2e server's database, exactly as an operator would. */
export function toque(...args: string[]): string {
  return execFileSync(process.execPath, ['scripts/toque.mjs', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
  });
}

/** Mints fresh unclaimed codes with the CLI. */
export function mint(productId: number, count = 1): string[] {
  return toque('mint', String(productId), String(count))
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /^[A-Z0-9]{8}$/.test(l));
}

export interface TestUser {
  name: string;
  email: string;
  password: string;
  phone: string;
  cpfOrCnpj: string;
}

export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  const id = randomUUID().slice(0, 8);
  return {
    name: `Maria ${id}`,
    email: `maria.${id}@exemplo.com.br`,
    password: 'segredo123',
    phone: '31988887777',
    cpfOrCnpj: '52998224725',
    ...overrides,
  };
}

export async function registerUser(request: APIRequestContext, user: TestUser = newUser()) {
  // ACC-03: the consent the sign-up form's checkbox gives.
  const res = await request.post('/api/auth/register', { data: { ...user, termsVersion: TERMS_VERSION } });
  expect(res.status()).toBe(201);
  return user;
}

export async function apiLogin(request: APIRequestContext, user: TestUser): Promise<string> {
  const res = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password, platform: 'web', token: '' },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Puts a session in the browser without going through the login screen. */
export async function loginAs(page: Page, token: string) {
  await page.addInitScript(
    ([key, value]) => {
      // Once per tab, so that a logout in the test is not undone by the next navigation.
      if (window.sessionStorage.getItem('e2e-session-seeded')) return;
      window.sessionStorage.setItem('e2e-session-seeded', '1');
      window.localStorage.setItem(key, value);
    },
    [storageKeys.authToken, token] as const,
  );
}

/** Creates a Toque administrator with the operator CLI (as an operator would) and returns it. */
export function createAdmin(user: TestUser = newUser()): TestUser {
  toque('create-admin', user.email, user.password, user.name);
  return user;
}

/**
 * The newest password-reset code mailed to `email`, read from the embedded outbox with the CLI.
 * `toque outbox` prints mails newest first: `--- <date>  para: <email>`, `Assunto: …`, then the text.
 */
export function readResetCode(email: string): string {
  const mails = toque('outbox', '500').split(/^--- /m).slice(1);
  // The newest mail to `email` carrying a code: after a reset, a password-changed notice is newer.
  const mail = mails.find(
    (m) =>
      m.split('\n', 1)[0]!.split('  para: ')[1]?.split('  ')[0]?.trim() === email &&
      m.includes(`Assunto: ${mailMsg.resetCodeSubject}`),
  );
  expect(mail, `a mail to ${email} in the outbox`).toBeDefined();
  const code = /\b(\d{6})\b/.exec(mail!.split('\n').slice(1).join('\n'))?.[1];
  expect(code, `a 6-digit code in the mail to ${email}`).toBeDefined();
  return code!;
}

/** The session token the web app keeps, or null. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), storageKeys.authToken);
}

/** A react-toastify toast (role alert) with this catalogue text. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/** Asserts the current path (query and hash ignored). */
export async function expectPath(page: Page, path: string) {
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/** The input whose `<label>` is exactly this `ui.fields` text. */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(label, { exact: true });
}

/**
 * Asserts the validation message is shown as text right under the labelled field: visible, starting
 * below the input's bottom edge (within a line or two) and overlapping it horizontally.
 */
export async function expectFieldError(scope: Page | Locator, label: string, message: string) {
  const input = field(scope, label);
  const errors = scope.getByText(message, { exact: true });
  await expect(errors.first()).toBeVisible();
  await expect
    .poll(
      async () => {
        const box = await input.boundingBox();
        if (!box) return false;
        const bottom = box.y + box.height;
        for (const error of await errors.all()) {
          const b = await error.boundingBox();
          if (b && b.y >= bottom - 4 && b.y <= bottom + 64 && b.x < box.x + box.width && b.x + b.width > box.x) {
            return true;
          }
        }
        return false;
      },
      { message: `"${message}" under the field "${label}"` },
    )
    .toBe(true);
}

/** Records every request the page makes to the API whose path starts with `prefix` (e.g. '/api/auth/register'). */
export function recordApiRequests(page: Page, prefix = '/api/'): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(prefix)) seen.push(request);
  });
  return seen;
}

/** A button or link (or menu item) with exactly this `ui.*` name. */
export function action(scope: Page | Locator, name: string): Locator {
  return scope
    .getByRole('button', { name, exact: true })
    .or(scope.getByRole('link', { name, exact: true }))
    .or(scope.getByRole('menuitem', { name, exact: true }));
}

/**
 * Opens the dashboard's avatar dropdown (DASH-03) and returns its panel: the element the avatar
 * button controls (disclosure pattern: aria-expanded + aria-controls).
 */
export async function openAccountMenu(page: Page): Promise<Locator> {
  const trigger = page.getByRole('button', { name: ui.buttons.accountMenu, exact: true });
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  const panelId = await trigger.getAttribute('aria-controls');
  expect(panelId, 'the avatar button names the dropdown it opens (aria-controls)').toBeTruthy();
  const panel = page.locator(`[id="${panelId}"]`);
  await expect(action(panel, ui.buttons.logout)).toBeVisible();
  return panel;
}

/** Logs out through the avatar dropdown. */
export async function logoutViaMenu(page: Page) {
  const menu = await openAccountMenu(page);
  await action(menu, ui.buttons.logout).click();
}

/**
 * A console message that is the browser's, not the app's: Chromium logs every HTTP error answer
 * the app asked for and handled (a 401 for a wrong password, a 404 for an unknown code) as
 * "Failed to load resource". Only client errors are forgiven; a 5xx is still a failure.
 */
export function isHandledHttpError(text: string): boolean {
  return /^Failed to load resource: the server responded with a status of 4\d\d/.test(text);
}

/** A transparent 1×1 PNG: the map's tiles in a test, which has no internet to fetch OpenStreetMap's. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The geocoder is unreachable in the tests (GEOCODER_URL in playwright.config.ts): its 502 is the handled 'Erro ao carregar endereço'. */
export const GEOCODER_DOWN = /status of 502 .*\/api\/geocode\/reverse/;

/** Listens to every page of `context`, present and future: console errors and uncaught errors. */
export async function watchContext(context: BrowserContext, errors: string[], allowed: RegExp[] = []) {
  await context.route(/^https:\/\/[a-c]\.tile\.openstreetmap\.org\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
  );
  const watch = (page: Page) => {
    page.on('pageerror', (e) => errors.push(`pageerror on ${page.url()}: ${e.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = `${message.text()} (${message.location().url})`;
      if (isHandledHttpError(text) || allowed.some((pattern) => pattern.test(text))) return;
      errors.push(`console.error on ${page.url()}: ${text}`);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
}

/**
 * Fails the test on any console.error or uncaught page error (Epic Stack habit), in the `page`
 * fixture's context and in every context the test opens with `browser.newContext()` (the finder
 * and the owner of a call live in two). A test that provokes a browser error on purpose (a 503 it
 * routed, the geocoder that is down here) names it with `test.use({ allowConsoleErrors: [...] })`.
 */
export const test = base.extend<{ allowConsoleErrors: RegExp[]; failOnConsoleError: void }>({
  allowConsoleErrors: [[], { option: true }],
  failOnConsoleError: [
    async ({ context, browser, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      await watchContext(context, errors, allowConsoleErrors);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const opened = await newContext(...args);
        await watchContext(opened, errors, allowConsoleErrors);
        return opened;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
      expect(errors, 'console errors or uncaught page errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/* ---- The call (call-*.spec.ts) ---- */

/** Claims `code` for a fresh owner through the API, as the dashboard does, and names the tag. */
export async function claimTag(
  request: APIRequestContext,
  code: string,
  tag: { name?: string; importantInfo?: string } = {},
): Promise<{ user: TestUser; token: string }> {
  const user = await registerUser(request);
  const token = await apiLogin(request, user);
  const headers = { Authorization: `Bearer ${token}` };
  expect((await request.put('/api/products/associateQrCode', { data: { code }, headers })).status()).toBe(200);
  if (tag.name) {
    const info = tag.importantInfo ? { importantInfo: tag.importantInfo, showInfoToFinder: true } : {};
    const renamed = await request.put('/api/products/updateName', { data: { code, name: tag.name, ...info }, headers });
    expect(renamed.ok()).toBe(true);
  }
  return { user, token };
}

/**
 * Follows the page's Socket.IO websockets: `connected()` resolves once the server has accepted one
 * (its CONNECT answer, a frame starting with '40'); `closed` counts the ones that closed. Call
 * before the page navigates.
 */
export function watchCallSocket(page: Page) {
  let accept: () => void = () => undefined;
  const accepted = new Promise<void>((resolve) => (accept = resolve));
  const state = { opened: 0, closed: 0, connected: () => accepted };
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/socket.io/')) return;
    state.opened += 1;
    ws.on('framereceived', (frame) => {
      if (typeof frame.payload === 'string' && frame.payload.startsWith('40')) accept();
    });
    ws.on('close', () => (state.closed += 1));
  });
  return state;
}

/** Keeps the page's RTCPeerConnections in `window.__peers`, so a test can read their getStats. Call before navigating. */
export async function recordPeerConnections(page: Page) {
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const peers: RTCPeerConnection[] = [];
    (window as unknown as { __peers: RTCPeerConnection[] }).__peers = peers;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        peers.push(this);
      }
    };
  });
}

/** Video bytes received so far (inbound-rtp) on the page's newest peer connection. */
export function inboundVideoBytes(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __peers?: RTCPeerConnection[] }).__peers ?? [];
    const newest = peers[peers.length - 1];
    if (!newest) return 0;
    let bytes = 0;
    (await newest.getStats()).forEach((report: { type: string; kind?: string; bytesReceived?: number }) => {
      if (report.type === 'inbound-rtp' && report.kind === 'video') bytes += report.bytesReceived ?? 0;
    });
    return bytes;
  });
}

/** Uncaught errors of a page opened outside the `page` fixture (which the fixture does not watch). */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}
