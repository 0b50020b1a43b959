import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Route,
} from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import { callsApi, type CallHistoryItem } from '@toque/contracts/calls';
import { msg } from '@toque/contracts/messages';
import { API_BASE, paths } from '@toque/contracts/routes';
import { bearerOf, claimTag, loginAs, type TestUser } from './accounts';
import { mintCode, type CliTarget } from './codes';
import { pageErrors } from './console';
import { expectPath } from './pages';

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
type CallSocket = ReturnType<typeof watchCallSocket>;

/** Keeps the page's RTCPeerConnections in `window.__peers`, so a test can read their getStats. Call before navigating. */
async function recordPeerConnections(page: Page) {
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

/** One side of a call: a browser context of its own and its tab, whose uncaught errors `close` asserts there were none of. */
export interface CallSide {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the tab (the console guard also sees them). */
  errors: string[];
  close: () => Promise<void>;
}

export async function openSide(browser: Browser, options: BrowserContextOptions, init?: (page: Page) => Promise<void>) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors = pageErrors(page);
  await recordPeerConnections(page);
  await init?.(page);
  const close = async () => {
    await context.close();
    expect(errors, 'uncaught errors in the tab').toEqual([]);
  };
  return { context, page, errors, close };
}

/** The finder's phone: 390×844, touch, camera and microphone granted, and a position. */
export const finderPhone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  permissions: ['geolocation', 'camera', 'microphone'],
  geolocation: { latitude: -19.9245, longitude: -43.9352 },
};

export interface OwnerOptions {
  /** The tag claimed for a fresh owner through the API (default: a pet tag, 'Coleira da Mel'). */
  tag?: { productId?: number; name?: string; importantInfo?: string };
  /** Where the owner's tab waits (default: the dashboard). */
  path?: string;
  /** The owner's context (camera and microphone are granted unless `permissions` says otherwise). */
  context?: BrowserContextOptions;
  /** Runs on the tab before it navigates (a probe's init script). */
  init?: (page: Page) => Promise<void>;
  /** Another server (servers.ts): its API and its database for the code. */
  server?: { url: string; cli?: CliTarget; api?: APIRequestContext };
}

export interface Owner extends CallSide {
  user: TestUser;
  token: string;
  code: string;
  socket: CallSocket;
}

/**
 * An owner as a test needs one for a call: a fresh account and tag made through the API, logged
 * in without the form, on `path` with its call socket accepted by the server.
 */
export async function openOwner(browser: Browser, request: APIRequestContext, options: OwnerOptions = {}): Promise<Owner> {
  const { productId = 3, name = 'Coleira da Mel', importantInfo } = options.tag ?? {};
  const code = await mintCode(productId, options.server?.cli);
  const { user, token } = await claimTag(options.server?.api ?? request, code, { name, importantInfo });
  const side = await openSide(
    browser,
    { permissions: ['camera', 'microphone'], ...(options.server ? { baseURL: options.server.url } : {}), ...options.context },
    options.init,
  );
  const socket = watchCallSocket(side.page);
  await loginAs(side.page, token);
  await side.page.goto(options.path ?? paths.dashboard);
  await socket.connected();
  return { ...side, user, token, code, socket };
}

export interface FinderOptions {
  /** Over finderPhone (another device, fewer permissions, another server's baseURL). */
  context?: BrowserContextOptions;
  /** Runs on the tab before it navigates (a probe's init script). */
  init?: (page: Page) => Promise<void>;
}

/** A finder's phone (finderPhone, with `context` over it); its tab opens no page until the test does. */
export function openFinder(browser: Browser, options: FinderOptions = {}): Promise<CallSide> {
  return openSide(browser, { ...finderPhone, ...options.context }, options.init);
}

/**
 * The call every call test starts from: the finder opens the tag's page and calls (with video, or
 * voice only when `mode` says so), the owner's tab goes to /call, rings and is answered, and both
 * peer connections connect.
 */
export async function answeredCall(owner: Owner, finder: CallSide, mode?: 'video' | 'voice') {
  const f = callUi.finder;
  await finder.page.goto(paths.finder(owner.code));
  if (mode) {
    // A tap (not check(), which reads the state at once): a tap landing while the app hydrates is
    // handed over to it a moment later (finder-island.ts).
    const choice = finder.page.getByRole('radio', { name: mode === 'video' ? f.video : f.voiceOnly });
    // A tap landing while React hydrated, on a part it could not hydrate inside the tap, was once
    // lost (React stops such a tap's events at #root); the island now hears it on the document
    // (finder-island.spec.ts proves it with the route's chunk held): one tap, as a finger gives it.
    await choice.click();
    await expect(choice).toBeChecked();
  }
  await finder.page.getByRole('button', { name: f.call }).click();
  await expectPath(owner.page, paths.call);
  await expect(owner.page.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
  await owner.page.getByRole('button', { name: callUi.owner.answer }).click();
  await expect(finder.page.getByRole('status').filter({ hasText: f.connected })).toBeVisible({ timeout: 30_000 });
  for (const side of [owner.page, finder.page]) {
    await expect
      .poll(
        () =>
          side.evaluate(() => {
            const peers = (window as unknown as { __peers?: RTCPeerConnection[] }).__peers ?? [];
            return peers[peers.length - 1]?.connectionState ?? 'none';
          }),
        { timeout: 30_000 },
      )
      .toBe('connected');
  }
}

/** The calls that rang for the holder of `token`, newest first (GET the call history, CALL-11). */
export async function callHistory(request: APIRequestContext, token: string): Promise<CallHistoryItem[]> {
  const res = await request.get(`${API_BASE}${callsApi.history}`, { headers: bearerOf(token) });
  expect(res.status()).toBe(200);
  return (await res.json()) as CallHistoryItem[];
}

/**
 * The owner's tab plays the finder's video: the remote picture has a size, and video bytes keep
 * arriving on the newest peer connection (not a frozen first frame). Returns the video element.
 */
export async function expectOwnerSeesVideo(page: Page, timeout = 30_000) {
  const remote = page.getByLabel(callUi.owner.remoteVideo);
  await expect.poll(() => remote.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout }).toBeGreaterThan(0);
  const before = await inboundVideoBytes(page);
  await expect.poll(() => inboundVideoBytes(page), { timeout: 15_000 }).toBeGreaterThan(before);
  return remote;
}

/** What recordMediaAndOffers (and recordPeerConnections) leave on the page's window. */
export interface Probe {
  __peers: RTCPeerConnection[];
  __media: MediaStreamConstraints[];
  __offers: number;
}

/** Records what the page asks of getUserMedia and how many offers it makes (both passed through unchanged). */
export async function recordMediaAndOffers(page: Page) {
  await page.addInitScript(() => {
    const probe = window as unknown as Probe;
    probe.__media = [];
    probe.__offers = 0;
    const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = (constraints?: MediaStreamConstraints) => {
      probe.__media.push(JSON.parse(JSON.stringify(constraints ?? {})) as MediaStreamConstraints);
      return getUserMedia(constraints);
    };
    const createOffer = RTCPeerConnection.prototype.createOffer;
    RTCPeerConnection.prototype.createOffer = function (this: RTCPeerConnection, ...args: unknown[]) {
      probe.__offers += 1;
      return (createOffer as (...a: unknown[]) => Promise<RTCSessionDescriptionInit>).apply(this, args);
    } as typeof createOffer;
  });
}

/** PERF-06: the finder page's app chunk (React, the page, the call), run on the first tap. */
export const APP_CHUNK = '**/assets/boot-*.js';

/** Holds every request for the app's chunk until `release()`. */
export async function holdAppChunk(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(APP_CHUNK, async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    requested: () => held.length > 0,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/**
 * The finder's phone between the page and the server: its sockets' frames pass through until `drop()`
 * cuts the newest link (a phone changing networks; a replica that died does the same to it). `opened`
 * counts the links the page opened, `joined` the call joins the server let in (Socket.IO's `43<id>[{"ok":true…`).
 * `install` is a FinderOptions `init`.
 */
export function cuttableLink() {
  let cut: (() => Promise<void>) | undefined;
  const link = {
    opened: 0,
    joined: 0,
    install: (page: Page) =>
      page.routeWebSocket(/\/socket\.io\//, (ws) => {
        link.opened += 1;
        const upstream = ws.connectToServer();
        ws.onMessage((message) => upstream.send(message));
        upstream.onMessage((message) => {
          if (typeof message === 'string' && /^43\d+\[\{"ok":true/.test(message)) link.joined += 1;
          ws.send(message);
        });
        cut = async () => {
          await upstream.close();
          await ws.close();
        };
      }),
    drop: async () => {
      if (!cut) throw new Error('the finder opened no socket to cut');
      await cut();
    },
  };
  return link;
}
