import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { callMsg, msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { scansApi } from '@toque/contracts/scans';
import { callsApi } from '@toque/contracts/calls';
import { ownerWithTags, renameTag } from './support/dashboard';
import { allow, apiUrl, expect, PUSH_IN_INCOGNITO, test, toast, watchCallSocket } from './support';

// Chromium in a test profile refuses Web Push subscriptions and says so on the console itself (call-push.spec.ts).
test.use({ allowConsoleErrors: allow(PUSH_IN_INCOGNITO) });

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };

/** Screenshots for a person to look at, only when asked for: `SHOTS_DIR=/tmp/shots npx playwright test …`. */
async function shoot(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  mkdirSync(process.env.SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

/** Nothing on the page scrolls sideways: the page itself and every box that could. */
async function expectNoSidewaysScroll(page: Page, box: Locator) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
  expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}

/** The text is wholly inside the viewport's width. */
async function expectWithinWidth(page: Page, text: Locator) {
  const box = (await text.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

const MESSAGE =
  'Achei a pulseira na praça da Liberdade, estou no banco em frente à padaria. Pode me ligar: (31) 98888-7777.';

test("[ACC-06] [CALL-11] the call history is one card per call on a 390 px phone, the finder's message in view without sideways scrolling, and a table at 1366 px", async ({
  page,
  request,
}) => {
  const { codes } = await ownerWithTags(request, page, [1]);
  const call = await request.post(apiUrl(callsApi.create), { data: { code: codes[0], latitude: -19.93, longitude: -43.94 } });
  const { roomId, callerToken } = (await call.json()) as { roomId: string; callerToken: string };
  const left = await request.post(apiUrl(callsApi.message(roomId)), {
    data: { message: MESSAGE },
    headers: { Authorization: `Bearer ${callerToken}` },
  });
  expect(left.status()).toBe(201);

  await page.setViewportSize(phone);
  await page.goto(paths.callHistory);
  const cards = page.getByRole('list', { name: callUi.history.heading });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('table')).toHaveCount(0);
  const card = cards.getByRole('listitem').first();
  // Each value under its column's name.
  for (const label of [
    callUi.history.when,
    callUi.history.tag,
    callUi.history.where,
    callUi.history.outcome,
    callUi.history.message,
  ]) {
    await expect(card.getByRole('term').filter({ hasText: label })).toBeVisible();
  }
  const message = card.getByText(MESSAGE);
  await expect(message).toBeVisible();
  await expectWithinWidth(page, message);
  await expectNoSidewaysScroll(page, cards);
  await expect(card.getByRole('link', { name: callUi.history.seeOnMap })).toBeVisible();
  await shoot(page, 'call-history-390');

  await page.setViewportSize(desktop);
  const table = page.getByRole('table', { name: callUi.history.heading });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText([
    callUi.history.when,
    callUi.history.tag,
    callUi.history.where,
    callUi.history.outcome,
    callUi.history.message,
  ]);
  await expect(table.getByRole('row').filter({ hasText: MESSAGE })).toBeVisible();
  await expect(cards).toBeHidden();
  await shoot(page, 'call-history-1366');
});

test('[ACC-06] [FIN-02] the plans are one card per tag on a 390 px phone and a table at 1366 px', async ({ page, request }) => {
  await ownerWithTags(request, page, [1, 3]);
  const f = dashboardUi.finance;
  const headers = Object.values(f.headers);
  await page.setViewportSize(phone);
  await page.goto(paths.finance);
  const cards = page.getByRole('list', { name: f.caption });
  await expect(cards.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('table')).toHaveCount(0);
  for (const header of headers)
    await expect(cards.getByRole('listitem').first().getByRole('term').filter({ hasText: header })).toBeVisible();
  await expectNoSidewaysScroll(page, cards);
  for (const item of await cards.getByRole('listitem').all()) await expectWithinWidth(page, item);
  await shoot(page, 'finance-390');

  await page.setViewportSize(desktop);
  const table = page.getByRole('table', { name: f.caption });
  await expect(table.getByRole('columnheader')).toHaveText(headers);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(cards).toBeHidden();
  await shoot(page, 'finance-1366');
});

test("[ACC-06] [API-05] on a 390 px phone a toast shown while the incoming-call card rings does not cover it, nor the header's buttons", async ({
  page,
  request,
}) => {
  await page.setViewportSize(phone);
  const { codes, token } = await ownerWithTags(request, page, [3]);
  await renameTag(request, token, codes[0]!, 'Coleira do Thor');
  const socket = watchCallSocket(page);
  await page.goto(paths.dashboard);
  await socket.connected();

  // The header's buttons are clear of a toast.
  const scanned = await request.post(`/api${scansApi.scan(codes[0]!)}`, { data: {} });
  expect(scanned.status()).toBe(204);
  const alert = toast(page, callMsg.scanned('Coleira do Thor'));
  await expect(alert).toBeVisible();
  // Held open under the pointer (it closes by itself after 5 s, and a busy machine can take longer
  // than that to ring the card below).
  await alert.hover();
  for (const button of await page.getByRole('banner').getByRole('button').all()) {
    expect(
      intersects((await button.boundingBox())!, (await alert.boundingBox())!),
      'a header button under the toast',
    ).toBe(false);
  }

  // A finder calls while the toast is shown: the owner's phone rings with the card, the toast stays clear of it.
  const call = await request.post(apiUrl(callsApi.create), { data: { code: codes[0], latitude: -19.93, longitude: -43.94 } });
  expect(call.status()).toBe(201);
  const card = page.locator('[data-incoming-call]');
  await expect(card.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
  await expect(alert).toBeVisible();
  await expect(card.getByRole('button', { name: callUi.owner.answer })).toBeInViewport();
  const cardBox = (await card.boundingBox())!;
  await expect
    .poll(async () => intersects(cardBox, (await alert.boundingBox())!), { message: 'the toast over the call card' })
    .toBe(false);
  await shoot(page, 'toast-and-call-card-390');
});

test('[ACC-06] [API-05] at 1366 px a toast starts below the header: the account menu and the other header buttons stay clear', async ({
  page,
  request,
}) => {
  await page.setViewportSize(desktop);
  const { codes, token } = await ownerWithTags(request, page, [4]);
  await renameTag(request, token, codes[0]!, 'Mochila azul');
  const socket = watchCallSocket(page);
  await page.goto(paths.dashboard);
  await socket.connected();
  const scanned = await request.post(`/api${scansApi.scan(codes[0]!)}`, { data: {} });
  expect(scanned.status()).toBe(204);
  const alert = toast(page, callMsg.scanned('Mochila azul'));
  await expect(alert).toBeVisible();
  // The toast closes by itself after 5 s: held open under the pointer, and measured once (a loaded
  // machine took longer than 5 s to walk the header's buttons, and the toast was gone).
  await alert.hover();
  const alertBox = (await alert.boundingBox())!;
  // The header's buttons render once the session is known: wait for the first before listing them.
  await expect(
    page.getByRole('banner').getByRole('button').first(),
    'the header has its account menu button',
  ).toBeVisible();
  const buttons = await page.getByRole('banner').getByRole('button').all();
  for (const button of buttons) {
    if (!(await button.isVisible())) continue;
    expect(
      intersects((await button.boundingBox())!, alertBox),
      'a header button under the toast',
    ).toBe(false);
  }
  await shoot(page, 'toast-header-1366');
});

function intersects(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
