import type { Locator, Page } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import {
  allow,
  expect,
  expectPath,
  GEOCODER_DOWN,
  holdAppChunk,
  openFinder,
  openOwner,
  recordMediaAndOffers,
  test,
  watchCallSocket,
  type Probe,
} from './support';
import { expectNoSeriousA11yViolations } from './support/dashboard';
import { shotAtWidth } from './support/shots';

// The geocoder is down in the tests: the owner's screen shows its handled error.
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN) });

const f = callUi.finder;
const o = callUi.owner;

interface MediaView {
  state: string;
  peers: number;
  offers: number;
  /** Inbound video: streams reported, bytes and frames decoded; inbound audio energy. */
  videoIn: { streams: number; bytes: number; frames: number };
  audioEnergy: number;
  /** Outbound video bytes, and the track each video sender holds (null: none). */
  videoBytesSent: number;
  videoSenders: (string | null)[];
}

/** What the page's newest peer connection sends and receives, from getStats and its senders. */
function media(page: Page): Promise<MediaView> {
  return page.evaluate(async () => {
    const probe = window as unknown as Probe;
    const pc = probe.__peers[probe.__peers.length - 1];
    const out: MediaView = {
      state: pc?.connectionState ?? 'none',
      peers: probe.__peers.length,
      offers: probe.__offers,
      videoIn: { streams: 0, bytes: 0, frames: 0 },
      audioEnergy: 0,
      videoBytesSent: 0,
      videoSenders: [],
    };
    if (!pc) return out;
    out.videoSenders = pc
      .getTransceivers()
      .filter((t) => t.receiver.track.kind === 'video')
      .map((t) => t.sender.track?.readyState ?? null);
    (await pc.getStats()).forEach(
      (r: {
        type: string;
        kind?: string;
        bytesReceived?: number;
        bytesSent?: number;
        framesDecoded?: number;
        totalAudioEnergy?: number;
      }) => {
        if (r.type === 'inbound-rtp' && r.kind === 'video') {
          out.videoIn.streams += 1;
          out.videoIn.bytes += r.bytesReceived ?? 0;
          out.videoIn.frames += r.framesDecoded ?? 0;
        }
        if (r.type === 'inbound-rtp' && r.kind === 'audio') out.audioEnergy += r.totalAudioEnergy ?? 0;
        if (r.type === 'outbound-rtp' && r.kind === 'video') out.videoBytesSent += r.bytesSent ?? 0;
      },
    );
    return out;
  });
}

/** The audio energy a page receives over `ms` (Chromium's fake microphone beeps steadily). */
async function energyOver(page: Page, ms: number): Promise<number> {
  const before = (await media(page)).audioEnergy;
  await page.waitForTimeout(ms);
  return (await media(page)).audioEnergy - before;
}

/** A <video>'s stream and playback: its tracks (kind, muted), whether it plays, its picture size, and whether it is displayed. */
const videoState = (video: Locator) =>
  video.evaluate((v: HTMLVideoElement) => {
    const stream = v.srcObject as MediaStream | null;
    return {
      tracks: stream?.getTracks().map((t) => `${t.kind}:${t.muted ? 'muted' : 'live'}`) ?? [],
      paused: v.paused,
      width: v.videoWidth,
      displayed: v.checkVisibility(),
    };
  });

/** The duration the page shows (mm:ss). */
const durationOf = (page: Page) => page.locator('[data-call-duration] time').textContent();

async function expectTapTarget(button: Locator) {
  const box = (await button.boundingBox())!;
  expect(box.width, 'tap target width').toBeGreaterThanOrEqual(44);
  expect(box.height, 'tap target height').toBeGreaterThanOrEqual(44);
}

/** Both sides of the call now: axe finds nothing serious, and with SHOTS_DIR set, a screenshot of each. */
async function checkBothSides(owner: Page, finder: Page, shot: string, ownerState: string, finderState: string) {
  await expectNoSeriousA11yViolations(owner, `the owner's call, ${ownerState}`);
  await expectNoSeriousA11yViolations(finder, `the finder's call, ${finderState}`);
  await shotAtWidth(owner, `call14-owner-${shot}`);
  await shotAtWidth(finder, `call14-finder-${shot}`);
}

/** The finder of the tests below: a desktop browser, camera and microphone granted. */
const desktopFinder = {
  viewport: { width: 1280, height: 720 },
  isMobile: false,
  hasTouch: false,
  permissions: ['camera', 'microphone'],
};

/**
 * On the desktop the finder's app code is held until the owner has answered: the owner is in the room
 * first and makes the offer (with a video sender kept for later, CALL-14), as when an owner answers the
 * finder page's island call before the finder's app has run (PERF-06). On the phone the finder offers.
 */
const screens = [
  { name: 'phone', viewport: { width: 390, height: 844 }, mobile: true, ownerOffers: false },
  { name: 'desktop', viewport: { width: 1366, height: 900 }, mobile: false, ownerOffers: true },
] as const;

for (const screen of screens) {
  test(`[CALL-14] at ${screen.viewport.width}×${screen.viewport.height}: the owner answers with the microphone only — the finder hears them, receives no video, reads '${f.ownerVoiceOnly}' over their own camera; 'Ligar câmera' sends the owner's frames without a new offer, 'Desligar câmera' stops them; both screens count the call's duration`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const screenOptions = { viewport: screen.viewport, isMobile: screen.mobile, hasTouch: screen.mobile };
    const {
      page: owner,
      errors: ownerErrors,
      context: ownerContext,
      code,
    } = await openOwner(browser, request, {
      tag: { name: 'Coleira da Mel' },
      context: screenOptions,
      init: recordMediaAndOffers,
    });
    const {
      page: finder,
      errors: finderErrors,
      context: finderContext,
    } = await openFinder(browser, {
      context: { ...screenOptions, permissions: ['camera', 'microphone'] },
      init: recordMediaAndOffers,
    });
    const chunk = screen.ownerOffers ? await holdAppChunk(finder) : undefined;
    await finder.goto(paths.finder(code));
    await finder.getByRole('button', { name: f.call }).click();

    await expectPath(owner, paths.call);
    await expect(owner.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
    await owner.getByRole('button', { name: o.answer }).click();
    if (chunk) {
      await expect(owner.getByText(o.connecting)).toBeVisible();
      await chunk.release();
    }
    await expect(finder.getByRole('status').filter({ hasText: f.connected })).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await media(owner)).state, { timeout: 30_000 }).toBe('connected');
    await expect.poll(async () => (await media(finder)).state, { timeout: 30_000 }).toBe('connected');

    const offersAtConnect = { owner: (await media(owner)).offers, finder: (await media(finder)).offers };
    // Atender asked for the microphone and nothing else.
    expect(await owner.evaluate(() => (window as unknown as Probe).__media)).toEqual([{ audio: true }]);
    const camera = owner.getByRole('button', { name: o.cameraOn });
    await expect(camera).toHaveAttribute('aria-pressed', 'false');
    await expectTapTarget(camera);
    await expect(owner.getByLabel(o.selfView)).toHaveCount(0);
    await expect(owner.getByText(o.selfVoiceOnly)).toBeVisible();

    // The finder hears the owner…
    await expect.poll(() => energyOver(finder, 1500), { timeout: 25_000 }).toBeGreaterThan(0);
    // …and receives no picture: the owner's video sender holds no track and sends nothing; what
    // the finder's side has of the owner's video is a muted track with no bytes, no frames.
    const remote = finder.getByLabel(f.remoteView);
    await finder.waitForTimeout(2000);
    const ownerSide = await media(owner);
    expect(ownerSide.videoSenders).toEqual([null]);
    expect(ownerSide.videoBytesSent).toBe(0);
    const finderSide = await media(finder);
    expect(finderSide.videoIn.bytes).toBe(0);
    expect(finderSide.videoIn.frames).toBe(0);
    // The picture's absence is proved by bytes, frames and size; the remote video track's `muted` flag is
    // not (Chromium sometimes leaves it unmuted for a receiver that never got a packet, seen under load).
    const silent = await videoState(remote);
    expect(silent.tracks).toContain('audio:live');
    expect(silent.width).toBe(0);
    // The voice plays (from an element of its own); the picture's element is not shown: the finder
    // reads why there is no picture and sees their own camera large.
    const voice = finder.locator('audio[data-remote-audio]');
    await expect(voice).toHaveJSProperty('paused', false);
    expect(silent.displayed).toBe(false);
    await expect(finder.getByRole('status').filter({ hasText: f.ownerVoiceOnly })).toBeVisible();
    const selfView = finder.getByLabel(f.selfView);
    await expect.poll(async () => (await videoState(selfView)).width).toBeGreaterThan(0);
    const selfBox = (await selfView.boundingBox())!;
    expect(selfBox.width).toBeGreaterThan(screen.viewport.width > 1000 ? 250 : 300);

    // Both screens count the call's duration (mm:ss), and it advances.
    for (const page of [owner, finder]) {
      await expect(page.locator('[data-call-duration]')).toBeVisible();
      const first = await durationOf(page);
      expect(first).toMatch(/^\d{2}:\d{2}$/);
      await expect.poll(() => durationOf(page), { timeout: 20_000 }).not.toBe(first);
    }
    await expect(owner.locator('[data-call-duration]')).toContainText(o.duration);
    await expect(finder.locator('[data-call-duration]')).toContainText(f.duration);
    await checkBothSides(owner, finder, 'voice', 'microphone only', 'the owner on voice only');

    // "Ligar câmera", from the keyboard: the camera is asked for only now, and its frames reach
    // the finder on the same connection, without a new offer.
    await camera.focus();
    await owner.keyboard.press('Enter');
    const cameraOff = owner.getByRole('button', { name: o.cameraOff });
    await expect(cameraOff).toHaveAttribute('aria-pressed', 'true');
    expect(await owner.evaluate(() => (window as unknown as Probe).__media)).toEqual([
      { audio: true },
      { video: { facingMode: 'user' } },
    ]);
    await expect.poll(async () => (await videoState(owner.getByLabel(o.selfView))).width).toBeGreaterThan(0);
    await expect(owner.getByText(o.selfVoiceOnly)).toHaveCount(0);
    await expect(finder.getByText(f.ownerVoiceOnly)).toHaveCount(0);
    await expect.poll(async () => (await videoState(remote)).width, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await media(finder)).videoIn.frames, { timeout: 25_000 }).toBeGreaterThan(10);
    expect(await videoState(remote)).toMatchObject({ paused: false, displayed: true });
    await expect(voice).toHaveJSProperty('paused', false);
    expect((await media(owner)).videoSenders).toEqual(['live']);
    // The finder's own camera moved to the corner.
    expect((await selfView.boundingBox())!.width).toBeLessThan(selfBox.width / 2);
    for (const [page, peers] of [
      [owner, await media(owner)],
      [finder, await media(finder)],
    ] as const) {
      expect(peers.peers, `peer connections on ${page === owner ? 'the owner' : 'the finder'}`).toBe(1);
      expect(peers.state).toBe('connected');
    }
    // One offer made the call and turning the camera on made none. Which side made it depends on who
    // reached the room first: the finder's app normally, the owner when they answered the island's call
    // before the finder's app had joined (seen in a loaded CI run).
    const offers = async () => ({ owner: (await media(owner)).offers, finder: (await media(finder)).offers });
    const made = await offers();
    expect(made.owner + made.finder, JSON.stringify(made)).toBe(1);
    if (screen.ownerOffers) expect(made.owner).toBe(1);
    expect(made).toEqual(offersAtConnect);
    await checkBothSides(owner, finder, 'camera', 'camera on', "the owner's camera on");

    // "Desligar câmera" (Space): the camera stops, nothing more is sent, and the finder is told again.
    await cameraOff.focus();
    await owner.keyboard.press('Space');
    await expect(owner.getByRole('button', { name: o.cameraOn })).toHaveAttribute('aria-pressed', 'false');
    await expect(finder.getByRole('status').filter({ hasText: f.ownerVoiceOnly })).toBeVisible();
    await expect.poll(async () => (await videoState(selfView)).displayed).toBe(true);
    expect((await media(owner)).videoSenders).toEqual([null]);
    await finder.waitForTimeout(1000);
    const stopped = (await media(finder)).videoIn.frames;
    await finder.waitForTimeout(2000);
    expect((await media(finder)).videoIn.frames).toBe(stopped);
    expect(await offers()).toEqual(offersAtConnect);
    await expect(voice).toHaveJSProperty('paused', false);
    await expect.poll(() => energyOver(finder, 1500), { timeout: 25_000 }).toBeGreaterThan(0);

    await finder.getByRole('button', { name: f.hangUp }).click();
    await expect(owner.getByRole('heading', { name: o.ended })).toBeVisible();
    expect(ownerErrors).toEqual([]);
    expect(finderErrors).toEqual([]);
    await Promise.all([ownerContext.close(), finderContext.close()]);
  });
}

test("[CALL-14] a camera the owner's browser refuses: the owner is told, the call goes on with the voice, and the finder is still told the owner is on voice only", async ({
  browser,
  request,
}) => {
  test.setTimeout(135_000);
  const {
    page: owner,
    errors: ownerErrors,
    context: ownerContext,
    code,
  } = await openOwner(browser, request, {
    tag: { productId: 4, name: 'Mochila verde' },
    context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    // The browser (the person, in its settings) refuses the camera: every request for video fails as a refusal does.
    init: async (page) => {
      await page.addInitScript(() => {
        const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
        navigator.mediaDevices.getUserMedia = (constraints?: MediaStreamConstraints) =>
          constraints?.video
            ? Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
            : getUserMedia(constraints);
      });
    },
  });

  const {
    page: finder,
    errors: finderErrors,
    context: finderContext,
  } = await openFinder(browser, { context: desktopFinder });
  await finder.goto(paths.finder(code));
  await finder.getByRole('button', { name: f.call }).click();
  await expectPath(owner, paths.call);
  await owner.getByRole('button', { name: o.answer }).click();
  await expect(finder.getByRole('status').filter({ hasText: f.ownerVoiceOnly })).toBeVisible({ timeout: 30_000 });

  await owner.getByRole('button', { name: o.cameraOn }).click();
  await expect(owner.getByRole('alert').filter({ hasText: o.cameraFailed })).toBeInViewport({ ratio: 1 });
  await expect(owner.getByRole('button', { name: o.cameraOn })).toHaveAttribute('aria-pressed', 'false');
  await expect(owner.getByLabel(o.selfView)).toHaveCount(0);
  await expect(owner.getByRole('button', { name: o.hangUp })).toBeInViewport({ ratio: 1 });
  // The call goes on: the finder still hears the owner and is still told why there is no picture.
  await expect.poll(() => energyOver(finder, 1500), { timeout: 25_000 }).toBeGreaterThan(0);
  await expect(finder.getByRole('status').filter({ hasText: f.ownerVoiceOnly })).toBeVisible();
  expect((await media(owner)).videoSenders).toEqual([null]);
  expect((await media(finder)).videoIn.bytes).toBe(0);
  await expectNoSeriousA11yViolations(owner, 'the camera refused');
  if (process.env.SHOTS_DIR)
    await owner.screenshot({ path: `${process.env.SHOTS_DIR}/call14-owner-camera-refused-390.png` });

  await owner.getByRole('button', { name: o.hangUp }).click();
  await expect(finder.getByRole('status').filter({ hasText: f.ended })).toBeVisible();
  expect(ownerErrors).toEqual([]);
  expect(finderErrors).toEqual([]);
  await Promise.all([ownerContext.close(), finderContext.close()]);
});

test.describe('a finder whose signalling drops', () => {
  // Chromium logs each reconnection attempt it refuses while offline: the browser's words, expected here.
  test.use({
    allowConsoleErrors: allow(GEOCODER_DOWN, /socket\.io.*ERR_INTERNET_DISCONNECTED/),
  });

  test("[CALL-14] [OPS-04] the camera turned on while the finder's connection to the server is down still reaches the finder's screen when it comes back (the owner says its state again when the finder rejoins)", async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const {
      page: owner,
      errors: ownerErrors,
      context: ownerContext,
      code,
    } = await openOwner(browser, request, { tag: { name: 'Coleira do Bob' } });
    const {
      page: finder,
      errors: finderErrors,
      context: finderContext,
    } = await openFinder(browser, { context: desktopFinder });
    const finderSocket = watchCallSocket(finder);
    await finder.goto(paths.finder(code));
    await finder.getByRole('button', { name: f.call }).click();
    await expectPath(owner, paths.call);
    await owner.getByRole('button', { name: o.answer }).click();
    await expect(finder.getByRole('status').filter({ hasText: f.ownerVoiceOnly })).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await media(finder)).state, { timeout: 30_000 }).toBe('connected');

    // The finder's signalling drops (the media link, peer to peer, stays up).
    const closed = finderSocket.closed;
    const opened = finderSocket.opened;
    await finderContext.setOffline(true);
    await expect.poll(() => finderSocket.closed, { timeout: 45_000 }).toBeGreaterThan(closed);
    await owner.getByRole('button', { name: o.cameraOn }).click();
    await expect(owner.getByRole('button', { name: o.cameraOff })).toHaveAttribute('aria-pressed', 'true');
    // The frames flow peer to peer, but the finder's screen has not been told yet.
    await expect.poll(async () => (await media(finder)).videoIn.frames, { timeout: 25_000 }).toBeGreaterThan(0);
    await expect(finder.getByRole('status').filter({ hasText: f.ownerVoiceOnly })).toBeVisible();

    await finderContext.setOffline(false);
    await expect.poll(() => finderSocket.opened, { timeout: 45_000 }).toBeGreaterThan(opened);
    await expect(finder.getByText(f.ownerVoiceOnly)).toHaveCount(0, { timeout: 25_000 });
    await expect.poll(async () => (await videoState(finder.getByLabel(f.remoteView))).width).toBeGreaterThan(0);
    expect((await media(finder)).peers).toBe(1);

    await owner.getByRole('button', { name: o.hangUp }).click();
    await expect(finder.getByRole('status').filter({ hasText: f.ended })).toBeVisible();
    expect(ownerErrors).toEqual([]);
    expect(finderErrors).toEqual([]);
    await Promise.all([ownerContext.close(), finderContext.close()]);
  });
});
