import type { Page } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import { allow, answeredCall, expect, recordMediaAndOffers, test, GEOCODER_DOWN, type Probe } from './support';
import { expectNoSeriousA11yViolations } from './support/dashboard';

// The geocoder is down in the tests: the owner's screen shows its handled error.
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN) });

const f = callUi.finder;

/** Inbound totals on the page's newest peer connection: video frames decoded, audio energy received. */
function inbound(page: Page): Promise<{ frames: number; energy: number; videoStreams: number; state: string }> {
  return page.evaluate(async () => {
    const peers = (window as unknown as Probe).__peers;
    const pc = peers[peers.length - 1];
    const out = { frames: 0, energy: 0, videoStreams: 0, state: pc?.connectionState ?? 'none' };
    if (!pc) return out;
    (await pc.getStats()).forEach(
      (r: { type: string; kind?: string; framesDecoded?: number; totalAudioEnergy?: number }) => {
        if (r.type !== 'inbound-rtp') return;
        if (r.kind === 'video') {
          out.videoStreams += 1;
          out.frames += r.framesDecoded ?? 0;
        }
        if (r.kind === 'audio') out.energy += r.totalAudioEnergy ?? 0;
      },
    );
    return out;
  });
}

/** The audio energy a page receives over `ms` (Chromium's fake microphone beeps steadily). */
async function energyOver(page: Page, ms: number): Promise<number> {
  const before = (await inbound(page)).energy;
  await page.waitForTimeout(ms);
  return (await inbound(page)).energy - before;
}

/** The sending side's audio track, as the page's newest peer connection sends it. */
const sentAudioEnabled = (page: Page) =>
  page.evaluate(() => {
    const peers = (window as unknown as Probe).__peers;
    return peers[peers.length - 1]?.getSenders().find((s) => s.track?.kind === 'audio')?.track?.enabled;
  });

// A pet tag's owner on the dashboard; the finder's phone without a position.
test.use({
  ownerOptions: { tag: { productId: 4, name: 'Mochila azul' }, init: recordMediaAndOffers },
  finderOptions: { context: { permissions: ['camera', 'microphone'] }, init: recordMediaAndOffers },
});

test("[FIND-04] [CALL-14] a voice-only call: the finder's camera is never asked for, the owner receives no video track and is told so, the finder still sees the owner once the owner's camera is on", async ({
  owner: ownerSide,
  finder: finderSide,
}) => {
  test.setTimeout(135_000);
  await answeredCall(ownerSide, finderSide, 'voice');
  const [owner, finder] = [ownerSide.page, finderSide.page];

  expect(await finder.evaluate(() => (window as unknown as Probe).__media)).toEqual([{ audio: true }]);
  await expect(finder.getByText(f.voiceOnlyActive)).toBeVisible();
  await expect(finder.getByLabel(f.selfView)).toHaveCount(0);
  await expect(finder.getByRole('button', { name: f.switchCamera })).toHaveCount(0);

  // The owner: an audio track and no video track from the finder, no inbound video at all, and the words.
  const remote = owner.getByLabel(callUi.owner.remoteVideo);
  await expect
    .poll(() =>
      remote.evaluate((v: HTMLVideoElement) => {
        const stream = v.srcObject as MediaStream | null;
        return stream ? [stream.getAudioTracks().length, stream.getVideoTracks().length] : null;
      }),
    )
    .toEqual([1, 0]);
  expect((await inbound(owner)).videoStreams).toBe(0);
  await expect(owner.getByRole('status').filter({ hasText: callUi.owner.finderVoiceOnly })).toBeVisible();
  await expectNoSeriousA11yViolations(owner, "the owner's voice-only call");
  await expectNoSeriousA11yViolations(finder, "the finder's voice-only call");
  await expect.poll(() => energyOver(owner, 1500), { timeout: 25_000 }).toBeGreaterThan(0);

  // CALL-14: the owner answered with the microphone only — the finder is told so (no self-view to
  // show: a voice-only call) — and a voice-only finder still receives the owner's camera once it is on.
  await expect(finder.getByRole('status').filter({ hasText: f.ownerVoiceOnly })).toBeVisible();
  await owner.getByRole('button', { name: callUi.owner.cameraOn }).click();
  await expect(finder.getByText(f.ownerVoiceOnly)).toHaveCount(0);
  await expect
    .poll(() => finder.getByLabel(f.remoteView).evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 })
    .toBeGreaterThan(0);
  if (process.env.SHOTS_DIR) {
    await finder.screenshot({ path: `${process.env.SHOTS_DIR}/finder-voice-390.png` });
    await owner.setViewportSize({ width: 1366, height: 900 });
    await owner.screenshot({ path: `${process.env.SHOTS_DIR}/owner-voice-1366.png` });
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.screenshot({ path: `${process.env.SHOTS_DIR}/owner-voice-390.png` });
  }
});

test("[FIND-04] during a video call the finder switches to the back camera with replaceTrack (no new offer, the owner's frames go on), and each side's mute silences what the other receives", async ({
  owner: ownerSide,
  finder: finderSide,
}) => {
  test.setTimeout(180_000);
  await answeredCall(ownerSide, finderSide, 'video');
  const [owner, finder] = [ownerSide.page, finderSide.page];
  await expect.poll(async () => (await inbound(owner)).frames, { timeout: 30_000 }).toBeGreaterThan(10);
  // A video call is not said to be voice-only.
  await owner.waitForTimeout(2000);
  await expect(owner.getByText(callUi.owner.finderVoiceOnly)).toHaveCount(0);

  // Chromium's fake device is one camera: what is proved is that the page asks for the back one
  // (facingMode 'environment') and puts the new track in place of the old with replaceTrack, on
  // the same connection, without a new offer, while the owner keeps decoding frames.
  const before = await finder.evaluate(() => {
    const probe = window as unknown as Probe & { __oldVideo?: MediaStreamTrack };
    const pc = probe.__peers[probe.__peers.length - 1]!;
    probe.__oldVideo = pc.getSenders().find((s) => s.track?.kind === 'video')!.track!;
    return { id: probe.__oldVideo.id, offers: probe.__offers, media: probe.__media.length };
  });
  // One offer made the call: the finder's, or the owner's when the owner answered before the finder's app
  // had joined (a busy machine; call-owner-camera's CALL-14 test met the same order). Neither side offers again.
  const ownerOffers = () => owner.evaluate(() => (window as unknown as Probe).__offers);
  const ownerOffersAtConnect = await ownerOffers();
  expect(before.offers + ownerOffersAtConnect).toBe(1);
  const ownerTrack = await owner.evaluate(() => {
    const peers = (window as unknown as Probe).__peers;
    return peers[peers.length - 1]!.getReceivers().find((r) => r.track.kind === 'video')!.track.id;
  });
  await finder.getByRole('button', { name: f.switchCamera }).click();
  await expect
    .poll(() =>
      finder.evaluate(() => {
        const probe = window as unknown as Probe & { __oldVideo: MediaStreamTrack };
        const pc = probe.__peers[probe.__peers.length - 1]!;
        const sent = pc.getSenders().find((s) => s.track?.kind === 'video')?.track;
        return sent && sent.id !== probe.__oldVideo.id && probe.__oldVideo.readyState === 'ended';
      }),
    )
    .toBe(true);
  const after = await finder.evaluate(() => {
    const probe = window as unknown as Probe;
    const pc = probe.__peers[probe.__peers.length - 1]!;
    const sent = pc.getSenders().find((s) => s.track?.kind === 'video')!.track!;
    const self = document.querySelector<HTMLVideoElement>('video[data-self]')!.srcObject as MediaStream;
    return {
      offers: probe.__offers,
      peers: probe.__peers.length,
      asked: probe.__media.slice(1),
      selfShowsNew: self.getVideoTracks()[0]?.id === sent.id,
      state: pc.connectionState,
    };
  });
  expect(await ownerOffers()).toBe(ownerOffersAtConnect);
  expect(after).toEqual({
    offers: before.offers,
    peers: 1,
    asked: [{ video: { facingMode: 'environment' } }],
    selfShowsNew: true,
    state: 'connected',
  });
  const framesAtSwitch = (await inbound(owner)).frames;
  await expect.poll(async () => (await inbound(owner)).frames, { timeout: 15_000 }).toBeGreaterThan(framesAtSwitch + 30);
  expect((await inbound(owner)).state).toBe('connected');
  // The same receiving track on the owner's side: the switch was not a renegotiation.
  expect(
    await owner.evaluate(() => {
      const peers = (window as unknown as Probe).__peers;
      return [peers.length, peers[peers.length - 1]!.getReceivers().find((r) => r.track.kind === 'video')!.track.id];
    }),
  ).toEqual([1, ownerTrack]);
  await expect(owner.getByText(callUi.owner.finderVoiceOnly)).toHaveCount(0);

  // And back to the front camera.
  await finder.getByRole('button', { name: f.switchCamera }).click();
  await expect
    .poll(() => finder.evaluate(() => (window as unknown as Probe).__media.slice(2)))
    .toEqual([{ video: { facingMode: 'user' } }]);

  // Mute, the finder's side: the track is disabled and the owner receives silence.
  await expect.poll(() => energyOver(owner, 1500), { timeout: 25_000 }).toBeGreaterThan(0);
  await finder.getByRole('button', { name: f.mute }).click();
  await expect(finder.getByRole('button', { name: f.unmute })).toBeVisible();
  expect(await sentAudioEnabled(finder)).toBe(false);
  await owner.waitForTimeout(1000);
  expect(await energyOver(owner, 3000)).toBeLessThan(1e-6);
  await finder.getByRole('button', { name: f.unmute }).click();
  await expect.poll(() => energyOver(owner, 1500), { timeout: 25_000 }).toBeGreaterThan(0);

  // Mute, the owner's side: the finder receives silence.
  await expect.poll(() => energyOver(finder, 1500), { timeout: 25_000 }).toBeGreaterThan(0);
  await owner.getByRole('button', { name: callUi.owner.mute }).click();
  await expect(owner.getByRole('button', { name: callUi.owner.unmute })).toBeVisible();
  expect(await sentAudioEnabled(owner)).toBe(false);
  await finder.waitForTimeout(1000);
  expect(await energyOver(finder, 3000)).toBeLessThan(1e-6);
  if (process.env.SHOTS_DIR) {
    await finder.screenshot({ path: `${process.env.SHOTS_DIR}/finder-video-controls-390.png` });
    await finder.setViewportSize({ width: 1366, height: 900 });
    await finder.screenshot({ path: `${process.env.SHOTS_DIR}/finder-video-controls-1366.png` });
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.screenshot({ path: `${process.env.SHOTS_DIR}/owner-mute-390.png` });
  }
});
