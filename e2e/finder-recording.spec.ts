import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import { conversationsUi } from '@toque/contracts/conversations';
import { recordingFinderText } from '@toque/contracts/recordings';
import { paths } from '@toque/contracts/routes';
import { allow, GEOCODER_DOWN, onShortRingServer, openFinder, openOwner } from './support';
import { expect, firefoxButton, test, untilInPage } from './support/firefox';

/**
 * FIND-12 (docs/decisions/0056): after a call nobody answers, the finder records a video message
 * (Chromium's and Firefox's fake camera and microphone, their real MediaRecorder), plays it back,
 * records again, sends it; the owner plays it in Conversas. Both sides on a 390 × 844 phone.
 */
const SHOTS = process.env.SHOTS_DIR;
const r = recordingFinderText['pt-BR'];
const f = callUi.finder;
const phone = { viewport: { width: 390, height: 844 } };

/** With SHOTS_DIR: the page at the phone's size and at a desktop's (1366 × 900), then back to the phone. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png`, fullPage: true });
  await page.setViewportSize(phone.viewport);
}

/** The owner opens the thread in Conversas and its video plays: frames decoded, time moving. */
async function ownerPlays(owner: Page, tagName: string) {
  await owner.goto(paths.conversations);
  await owner.getByRole('link', { name: new RegExp(tagName) }).click();
  const thread = owner.getByTestId('owner-thread');
  await expect(thread).toContainText(/Mensagem de vídeo, \d+ s/);
  const video = thread.getByRole('listitem').last().getByLabel(/Mensagem de vídeo de quem encontrou/);
  await expect(video).toBeVisible();
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  // Time moving and no media error (an error names itself in the polled text).
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.error ? v.error.message : v.currentTime > 0.5)), { timeout: 20_000 })
    .toBe(true);
  expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  return thread;
}

// The geocoder is down in the tests: the owner's screens show its handled error.
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN) });

onShortRingServer(150_000, () => {
  test('[FIND-12] Chromium: a missed call, the finder records a video (countdown), plays it back, records again and sends it; the owner plays it in Conversas', async ({
    browser,
    request,
    ringServer,
  }) => {
    const owner = await openOwner(browser, request, { tag: { name: 'Coleira da Mel' }, server: ringServer, path: paths.conversations, context: phone });
    await expect(owner.page.getByText(conversationsUi.empty)).toBeVisible();

    const finder = await openFinder(browser);
    const page = finder.page;
    await page.goto(paths.finder(owner.code));
    await page.getByRole('button', { name: f.call }).click();
    await expect(page.getByText(f.unanswered)).toBeVisible({ timeout: 60_000 });

    await page.getByRole('button', { name: r.open }).click();
    await expect(page.getByRole('radio', { name: r.video })).toBeChecked();
    await shot(page, 'find12-recorder');
    await page.getByRole('button', { name: r.start }).click();
    const timer = page.getByRole('timer');
    await expect(timer).toHaveText(r.recording('0:30'));
    await expect(timer).toHaveText(r.recording('0:28'), { timeout: 10_000 });
    await shot(page, 'find12-recording');
    await page.getByRole('button', { name: r.stop }).click();

    // The recording plays back before it is sent.
    const preview = page.getByLabel(r.video);
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: r.send })).toBeVisible();
    await shot(page, 'find12-review');

    // Record again, shorter, and send that one.
    await page.getByRole('button', { name: r.redo }).click();
    await expect(timer).toHaveText(r.recording('0:29'), { timeout: 10_000 });
    await page.getByRole('button', { name: r.stop }).click();
    await page.getByRole('button', { name: r.send }).click();
    await expect(page.getByRole('status').filter({ hasText: f.messageSent })).toBeVisible();
    // The finder's thread holds it (the same conversation a text would open, FIND-13).
    await expect(page.getByTestId('finder-thread').getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('finder-thread')).toContainText(/Mensagem de vídeo, \d+ s/);
    await shot(page, 'find12-sent');

    const thread = await ownerPlays(owner.page, 'Coleira da Mel');
    await expect(thread.getByRole('listitem')).toHaveCount(1);
    await shot(owner.page, 'find12-owner-plays');
    await finder.close();
    await owner.close();
  });

  test('[FIND-12] [BRW-01] Firefox: a finder records a video after a missed call and sends it; the owner on Chromium plays it', async ({
    browser,
    request,
    ringServer,
    firefoxTab,
  }) => {
    const owner = await openOwner(browser, request, { tag: { name: 'Mochila azul' }, server: ringServer, path: paths.conversations, context: phone });

    const finder = firefoxTab.page;
    await finder.setViewport({ width: 390, height: 844 });
    await finder.goto(new URL(paths.finder(owner.code), ringServer!.url).href, { waitUntil: 'load' });
    await (await firefoxButton(finder, f.call)).click();
    await untilInPage(finder, 'the missed call', (text: string) => document.body.innerText.includes(text), [f.unanswered], 60_000);

    await (await firefoxButton(finder, r.open, 15_000)).click();
    await (await firefoxButton(finder, r.start, 15_000)).click();
    await untilInPage(
      finder,
      'the countdown past two seconds',
      (text: string) => document.querySelector('[role="timer"]')?.textContent === text,
      [r.recording('0:28')],
      15_000,
    );
    await (await firefoxButton(finder, r.stop)).click();
    await untilInPage(
      finder,
      'the recording played back',
      () => document.querySelector<HTMLVideoElement>('video[data-recording-preview]')?.readyState ?? 0,
      [],
      15_000,
    );
    await (await firefoxButton(finder, r.send)).click();
    await untilInPage(finder, 'the message sent', (text: string) => document.body.innerText.includes(text), [f.messageSent], 20_000);

    await ownerPlays(owner.page, 'Mochila azul');
    await owner.close();
  });
});
