import { devices } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { finderPhone, GEOCODER_DOWN, inboundVideoBytes, openFinder, openOwner, allow, ownedTag } from './support';
import {
  expect,
  FIREFOX_POSITION,
  firefoxButton,
  firefoxGoto,
  firefoxLoginAs,
  firefoxReceives,
  inboundBytesInPage,
  recordCallInternals,
  test,
  untilInPage,
} from './support/firefox';

// BRW-01: a call between the two engines, each way. The owner's screen shows the geocoder's handled
// error (no geocoder is reachable here).
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN) });

// The Chromium finder stands where the shared finder's phone does.
const chromiumFinderAt = finderPhone.geolocation!;

test("[BRW-01] [CALL-02] [CALL-05] a finder on Firefox rings an owner on Chromium: the finder's video and position reach the owner, the owner's audio reaches the finder", async ({
  browser,
  request,
  firefoxTab,
}) => {
  test.setTimeout(135_000);
  // The owner on Chromium (the shared owner: a fresh account, 'Coleira da Mel'), on the dashboard, its call socket connected.
  const ownerSide = await openOwner(browser, request, { tag: { name: 'Coleira da Mel' } });
  const { code, page: owner } = ownerSide;
  await owner.getByRole('heading', { level: 1 }).first().click();

  // The finder on Firefox, a 390 px phone, camera, microphone and position granted by its profile.
  const finder = firefoxTab.page;
  await finder.setViewport({ width: 390, height: 844 });
  await finder.evaluateOnNewDocument(recordCallInternals);
  await firefoxGoto(finder, paths.finder(code));
  await (await firefoxButton(finder, callUi.finder.call)).click();

  // The owner is rung and answers; the finder's camera plays on the owner's screen, its position on the map.
  await expect(owner.getByRole('heading', { name: msg.callIncoming })).toBeVisible({ timeout: 30_000 });
  await owner.getByRole('button', { name: callUi.owner.answer }).click();
  const remote = owner.getByLabel(callUi.owner.remoteVideo);
  await expect
    .poll(() => remote.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 })
    .toBeGreaterThan(0);
  const before = await inboundVideoBytes(owner);
  await expect.poll(() => inboundVideoBytes(owner), { timeout: 15_000 }).toBeGreaterThan(before);
  const marker = owner.getByRole('region', { name: callUi.owner.map }).locator('.caller-marker');
  await expect(marker).toHaveAttribute('data-lat', String(FIREFOX_POSITION.latitude), { timeout: 30_000 });
  await expect(marker).toHaveAttribute('data-lng', String(FIREFOX_POSITION.longitude));

  // The owner's voice reaches Firefox.
  await firefoxReceives(finder, 'audio');

  // Firefox hangs up; the owner's side ends.
  await (await firefoxButton(finder, callUi.finder.hangUp)).click();
  await expect(owner.getByRole('heading', { name: callUi.owner.ended })).toBeVisible();
  await ownerSide.close();
});

test("[BRW-01] [CALL-02] [CALL-05] an owner on Firefox answers a finder on Chromium: the finder's video and position reach Firefox, the owner's audio reaches the finder", async ({
  browser,
  request,
  firefoxTab,
}) => {
  test.setTimeout(135_000);
  const { code, token } = await ownedTag(request, 3, { name: 'Mochila azul' });

  // The owner on Firefox, on the dashboard, its call socket accepted by the server.
  const owner = firefoxTab.page;
  await owner.evaluateOnNewDocument(recordCallInternals);
  await firefoxLoginAs(owner, token);
  await firefoxGoto(owner, paths.dashboard);
  await untilInPage(
    owner,
    'the call socket',
    () => (window as unknown as { __socketConnected: boolean }).__socketConnected,
    [],
    15_000,
  );

  // The finder on Chromium: the shared finder's phone (location, camera and microphone allowed) as a Pixel 7.
  const finderSide = await openFinder(browser, { context: devices['Pixel 7'] });
  const finder = finderSide.page;
  await finder.goto(paths.finder(code));
  await finder.getByRole('button', { name: callUi.finder.call }).click();

  // Firefox rings; Atender; the finder's camera plays there and its position is on the map.
  await (await firefoxButton(owner, callUi.owner.answer, 20_000)).click();
  await untilInPage(
    owner,
    "the finder's video playing",
    (label: string) => document.querySelector<HTMLVideoElement>(`video[aria-label="${label}"]`)?.videoWidth,
    [callUi.owner.remoteVideo],
    20_000,
  );
  await firefoxReceives(owner, 'video');
  await untilInPage(
    owner,
    "the finder's position on the map",
    (lat: string, lng: string) => {
      const marker = document.querySelector('.caller-marker');
      return marker?.getAttribute('data-lat') === lat && marker.getAttribute('data-lng') === lng;
    },
    [String(chromiumFinderAt.latitude), String(chromiumFinderAt.longitude)],
    20_000,
  );

  // The owner's voice reaches Chromium.
  const audioBefore = await finder.evaluate(inboundBytesInPage, 'audio' as const);
  await expect
    .poll(() => finder.evaluate(inboundBytesInPage, 'audio' as const), { timeout: 30_000 })
    .toBeGreaterThan(audioBefore);

  // The finder hangs up; Firefox's side ends.
  await finder.getByRole('button', { name: callUi.finder.hangUp }).click();
  await untilInPage(
    owner,
    'the ended call',
    (ended: string) => Array.from(document.querySelectorAll('h1, h2')).some((h) => h.textContent?.trim() === ended),
    [callUi.owner.ended],
  );
  await finderSide.close();
});
