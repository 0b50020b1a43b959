import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { callMsg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { scanAlertText, scansApi, type TagScan } from '@toque/contracts/scans';
import {
  expect,
  field,
  loginAs,
  openFinder,
  openOwner,
  ownedTag,
  pageErrors,
  serviceWorkerOf,
  shownNotifications,
  test,
  toast,
  toque,
  allow,
  PUSH_IN_INCOGNITO,
  type WorkerScope,
} from './support';

// Chromium in a test profile refuses Web Push subscriptions and says so on the console itself (as in call-push.spec.ts).
test.use({ allowConsoleErrors: allow(PUSH_IN_INCOGNITO) });
test.describe.configure({ timeout: 90_000 });

const finderAt = { latitude: -19.9319, longitude: -43.9378 };

async function scanHistory(request: APIRequestContext, token: string): Promise<TagScan[]> {
  const res = await request.get(`/api${scansApi.history}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as TagScan[];
}

/** A finder's phone (the shared one) whose position is here. */
const finderPhone = (browser: Browser) => openFinder(browser, { context: { geolocation: finderAt } });

/** Opens the finder's page and waits for its scan report (sent once the page runs in the browser). */
async function openFinderPage(page: Page, code: string) {
  const reported = page.waitForResponse(
    (r) => r.url().endsWith(`/api${scansApi.scan(code)}`) && r.request().method() === 'POST',
  );
  await page.goto(paths.finder(code));
  expect((await reported).status()).toBe(204);
}

/** A fresh owner of a tag named `name` on the dashboard's tag list, logged in, with its socket connected. */
async function ownerDashboard(browser: Browser, request: APIRequestContext, tag: { productId: number; name: string }) {
  // Every 'tag-scanned' the page's socket receives (toasts close after 5 s: the socket is the count).
  const alerts: string[] = [];
  const owner = await openOwner(browser, request, {
    tag,
    path: paths.products,
    init: async (page) => {
      page.on('websocket', (ws) =>
        ws.on('framereceived', (frame) => {
          if (String(frame.payload).includes('"tag-scanned"')) alerts.push(String(frame.payload));
        }),
      );
    },
  });
  return { ...owner, alerts };
}

test("[FIND-01] a finder opens a tag: the owner's open dashboard shows the scan alert at once and the history lists it; a shared position follows without a call", async ({
  browser,
  request,
}) => {
  const owner = await ownerDashboard(browser, request, { productId: 3, name: 'Coleira do Thor' });
  const { code, token } = owner;

  const finder = await finderPhone(browser);
  await openFinderPage(finder.page, code);
  await expect(toast(owner.page, callMsg.scanned('Coleira do Thor'))).toBeVisible();

  // 'Compartilhar minha localização' sends the position without calling: a second alert, with a map link.
  await finder.page.getByRole('button', { name: callUi.finder.shareLocation }).click();
  await expect(finder.page.getByRole('status').filter({ hasText: callUi.finder.locationShared })).toBeVisible();
  // A second alert reached the page and shows (the first toast may have closed by itself after its 5 s).
  await expect.poll(() => owner.alerts.length).toBe(2);
  await expect(toast(owner.page, callMsg.scanned('Coleira do Thor')).last()).toBeVisible();

  await owner.page.goto(paths.callHistory);
  const scans = owner.page.getByRole('region', { name: callUi.scans.heading });
  await expect(scans.getByRole('listitem')).toHaveCount(2);
  await expect(scans.getByRole('listitem').first()).toContainText(callMsg.scanned('Coleira do Thor'));
  await expect(
    scans.getByRole('listitem').first().getByRole('link', { name: callUi.history.seeOnMap }),
  ).toHaveAttribute('href', new RegExp(`mlat=${finderAt.latitude}&mlon=${finderAt.longitude}`));
  const history = await scanHistory(request, token);
  expect(history.map((s) => [s.latitude, s.lost])).toEqual([
    [finderAt.latitude, false],
    [null, false],
  ]);
  expect([...owner.errors, ...finder.errors]).toEqual([]);
  await Promise.all([owner.close(), finder.close()]);
});

test('[FIND-01] 20 rapid scans of a tag from one address give the owner one alert', async ({ browser, request }) => {
  const owner = await ownerDashboard(browser, request, { productId: 4, name: 'Mochila azul' });
  const { code, token } = owner;
  const finder = await finderPhone(browser);
  await openFinderPage(finder.page, code);
  await expect(toast(owner.page, callMsg.scanned('Mochila azul'))).toBeVisible();
  for (let i = 1; i < 20; i++) await openFinderPage(finder.page, code);
  // Long enough for a late alert to have arrived.
  await owner.page.waitForTimeout(1000);
  expect(owner.alerts).toHaveLength(1);
  expect(await scanHistory(request, token)).toHaveLength(1);
  expect([...owner.errors, ...finder.errors]).toEqual([]);
  await Promise.all([owner.close(), finder.close()]);
});

test('[FIND-01] a scan push becomes a notification with its own text, whose click opens the history, not the call screen', async ({
  browser,
  request,
}) => {
  const { code, token } = await ownedTag(request, 3, { name: 'Coleira do Thor' });
  const context = await browser.newContext({ permissions: ['notifications'] });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await loginAs(page, token);
  const { origin, worker, pushAndExpectShown } = await serviceWorkerOf(context, page, paths.products);

  // The payload the server pushes for a scan of a lost tag (PushPayload 'tag-scanned').
  const scan: TagScan = {
    id: 4242,
    tagCode: code,
    tagName: 'Coleira do Thor',
    productId: 3,
    lost: true,
    latitude: null,
    longitude: null,
    locality: 'Belo Horizonte',
    scannedAt: new Date().toISOString(),
  };
  const text = scanAlertText(scan);
  expect(text).toBe(`${callMsg.scannedAt('Coleira do Thor', 'Belo Horizonte')} (${callUi.scans.lostMark})`);
  await pushAndExpectShown({ type: 'tag-scanned', scan, text, url: paths.callHistory }, [{ title: 'Toque', body: text, tag: 'scan-4242' }]);

  // As in call-push.spec.ts: the click listener's one call, run in the worker with the pushed notification.
  await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    await scope.openScanFromNotification(notification!);
  });
  await expect(page).toHaveURL(`${origin}${paths.callHistory}`);
  await expect(page.getByRole('heading', { name: callUi.scans.heading })).toBeVisible();
  await expect.poll(() => shownNotifications(worker)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('[FIND-02] lost mode on the edit page: the server HTML of the finder page shows the message first, a scan mails the owner, the history marks it; off again returns to normal', async ({
  browser,
  page,
  request,
}) => {
  const { code, user, token } = await ownedTag(request, 3, { name: 'Coleira do Thor' });
  await loginAs(page, token);
  await page.goto(paths.editTag(code));
  const message = 'O Thor fugiu! Ele é manso. Por favor, chame pela página.';
  await page.getByRole('switch', { name: callUi.scans.lostToggle, exact: true }).check();
  await field(page, callUi.scans.lostMessage).fill(message);
  await field(page, callUi.scans.lostReward).fill('R$ 300');
  await page.getByRole('button', { name: dashboardUi.editTag.save, exact: true }).click();
  await expect(toast(page, dashboardUi.toasts.updated)).toBeVisible();

  // The server-rendered HTML (no script run): the lost notice comes before everything else of the tag.
  // The page's body: the head's Open Graph tags (FIND-10) repeat the lost message for a shared link's preview.
  const served = await (await request.get(paths.finder(code))).text();
  const html = served.slice(served.indexOf('<body'));
  const lostAt = html.indexOf(callUi.finder.lostHeading);
  expect(lostAt).toBeGreaterThan(-1);
  expect(html.indexOf('O Thor fugiu!')).toBeGreaterThan(lostAt);
  expect(html).toContain(callUi.finder.reward('R$ 300'));
  expect(lostAt).toBeLessThan(html.indexOf(callUi.finder.heading));
  expect(lostAt).toBeLessThan(html.indexOf(callUi.finder.call));
  expect(served).not.toContain(user.email);

  const finder = await finderPhone(browser);
  await openFinderPage(finder.page, code);
  const notice = finder.page.getByRole('region', { name: callUi.finder.lostHeading });
  await expect(notice).toContainText(message);
  const size = await notice.getByTestId('lost-message').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(size).toBeGreaterThanOrEqual(24);
  await finder.page.screenshot({ path: test.info().outputPath('finder-lost-390.png') });

  // The lost-mode e-mail, read from the embedded outbox as an operator would.
  await expect
    .poll(() =>
      toque('outbox', '200')
        .split(/^--- /m)
        .filter((m) => m.includes(`para: ${user.email}`))
        .join('\n'),
    )
    .toContain(`Assunto: ${callMsg.lostScannedSubject}: Coleira do Thor`);
  const history = await scanHistory(request, token);
  expect(history.map((s) => s.lost)).toEqual([true]);
  await page.goto(paths.callHistory);
  await expect(
    page.getByRole('region', { name: callUi.scans.heading }).getByText(callUi.scans.lostMark, { exact: true }),
  ).toBeVisible();

  // Off again: the finder page is the ordinary one.
  await page.goto(paths.editTag(code));
  await page.getByRole('switch', { name: callUi.scans.lostToggle, exact: true }).uncheck();
  await page.getByRole('button', { name: dashboardUi.editTag.save, exact: true }).click();
  await expect(toast(page, dashboardUi.toasts.updated)).toBeVisible();
  const normal = await (await request.get(paths.finder(code))).text();
  expect(normal).not.toContain(callUi.finder.lostHeading);
  expect(normal).not.toContain('O Thor fugiu!');
  expect(finder.errors).toEqual([]);
  await finder.close();
});
