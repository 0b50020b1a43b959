import { callUi } from '@toque/contracts/call-ui';
import type { IncomingCall } from '@toque/contracts/calls';
import { storageKeys } from '@toque/contracts/constants';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import {
  apiLogin,
  expect,
  loginAs,
  pageErrors,
  registerUser,
  serviceWorkerOf,
  shownNotifications,
  test,
  allow,
  PUSH_IN_INCOGNITO,
  type WorkerScope,
} from './support';

// Chromium in a test profile refuses Web Push subscriptions and says so on the console itself; the
// app catches the refusal (the push half is proved through CDP below).
test.use({ allowConsoleErrors: allow(PUSH_IN_INCOGNITO) });

const shown = (worker: Parameters<typeof shownNotifications>[0]) => shownNotifications(worker, { withData: true });

test('[CALL-03] [CALL-04] [CALL-05] the service worker turns a push into a notification whose click opens /call with the call data', async ({
  browser,
  request,
}) => {
  const token = await apiLogin(request, await registerUser(request));
  const context = await browser.newContext({ permissions: ['notifications'] });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await loginAs(page, token);
  const sentFrames: string[] = [];
  page.on('websocket', (ws) => ws.on('framesent', (frame) => sentFrames.push(String(frame.payload))));

  // A logged-in page registers the worker, which takes control of the page at once.
  const { origin, worker, pushAndExpectShown } = await serviceWorkerOf(context, page, paths.callHistory);
  await expect(page.getByRole('heading', { name: callUi.history.heading })).toBeVisible();

  /*
   * /call rings only for a call the server says is the user's and ringing (CALL-08). This test is
   * about the worker, with a made-up call: the server's check answers 'ringing' for it here (the
   * check itself is proved in call-page-guard.spec.ts and calls-public.test.ts).
   */
  await context.route('**/api/calls/push-room-7Yk2/status', (route) =>
    route.fulfill({ json: { status: 'ringing', tagName: 'Coleira do Thor', productId: 3, unitName: null } }),
  );

  // The server's push payload for a call (PushPayload), delivered as a push service would.
  const call: IncomingCall = {
    roomId: 'push-room-7Yk2',
    latitude: -19.9167,
    longitude: -43.9345,
    tagCode: 'ABCDEFGH',
    tagName: 'Coleira do Thor',
    productId: 3,
    unitName: null,
  };
  const data = { roomId: call.roomId, latitude: call.latitude, longitude: call.longitude };
  await pushAndExpectShown(
    { type: 'incoming-call', call },
    [{ title: 'Toque', body: `Coleira do Thor: ${msg.callIncoming}`, tag: `call-${call.roomId}`, data }],
    { withData: true },
  );

  /*
   * DevTools cannot click a notification, and a synthetic `notificationclick` cannot waitUntil. The
   * worker's click listener is one line around openCallFromNotification(event.notification): the
   * test runs that same function in the worker with the notification the push produced.
   */
  await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    await scope.openCallFromNotification(notification!);
  });

  // /call took the data from the address into sessionStorage, cleaned the address, and rings.
  await expect(page.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
  // Opened from the notification, the page still names the tag: the server's check says whose it is.
  await expect(page.getByText(callUi.owner.subject('Coleira do Thor', 3))).toBeVisible();
  await expect(page).toHaveURL(`${origin}${paths.call}`);
  const stored = await page.evaluate((key) => window.sessionStorage.getItem(key), storageKeys.callData);
  expect(JSON.parse(stored!)).toEqual(data);
  await expect(page.getByRole('button', { name: callUi.owner.answer })).toBeVisible();
  // CALL-04: the ringing page shows its own notification (the clicked one was closed), naming the tag.
  await expect
    .poll(() => shown(worker))
    .toEqual([
      {
        title: 'Toque',
        body: `Coleira do Thor: ${msg.callIncoming}`,
        tag: `call-${call.roomId}`,
        data: { roomId: call.roomId },
      },
    ]);

  // CALL-05: a refused microphone (CALL-14: all that Atender asks for) leaves the call unanswered, silently: no join, no message.
  await page.evaluate(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await page.getByRole('button', { name: callUi.owner.answer }).click();
  await page.waitForTimeout(1000);
  await expect(page.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(sentFrames.filter((f) => f.includes('"join"'))).toEqual([]);

  // Rejeitar stops the ringing: its notification goes too.
  await page.getByRole('button', { name: callUi.owner.decline }).click();
  await expect.poll(() => shown(worker)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('[CALL-03] the app is installable: pages link the web manifest, which names the app, starts standalone on the dashboard and has 192 and 512 px icons', async ({
  page,
  request,
}) => {
  await page.goto(paths.home);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const res = await request.get(href!);
  expect(res.ok()).toBe(true);
  const manifest = (await res.json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Toque', start_url: paths.dashboard, display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  for (const size of [192, 512]) {
    const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.type === 'image/png');
    expect(icon, `a ${size} px PNG icon`).toBeDefined();
    const png = await (await request.get(icon!.src)).body();
    // The PNG's own header (IHDR) says how big it is.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
  }
});
