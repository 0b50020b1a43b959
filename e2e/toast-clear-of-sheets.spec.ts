import type { Locator, Page } from '@playwright/test';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { callMsg } from '@toque/contracts/messages';
import { paths, productsApi } from '@toque/contracts/routes';
import { setupGuideStorageKey, setupGuideUi as copy } from '@toque/contracts/ringing';
import { scansApi } from '@toque/contracts/scans';
import { ownerWithTags } from './support/dashboard';
import { allow, apiUrl, bearerOf, expect, PUSH_IN_INCOGNITO, test, toast, watchCallSocket } from './support';

/** ACC-06 (issue 33 item 11): on a phone a toast never covers the setup sheet's or the Pix dialog's buttons. */
test.use({ allowConsoleErrors: allow(PUSH_IN_INCOGNITO) });
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
};
type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
async function clearOf(buttons: Locator, note: Locator) {
  // Read at once: the toast closes by itself after 5 s (a dialog's backdrop keeps the pointer off it).
  const box = (await note.boundingBox())!;
  for (const button of await buttons.all()) {
    if (!(await button.isVisible())) continue;
    expect(intersects((await button.boundingBox())!, box), `the toast over "${await button.innerText()}"`).toBe(false);
  }
}

test('[ACC-06] at 390×844: a toast stays clear of the Pix dialog\'s buttons', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await ownerWithTags(request, page, [3]);
  await page.goto(paths.finance);
  await page.getByRole('button', { name: /^Pagar .+ com Pix$/ }).click();
  const dialog = page.getByRole('dialog', { name: dashboardUi.finance.pix.title });
  await dialog.getByRole('button', { name: dashboardUi.finance.pix.copy }).click();
  const note = page.locator('.Toastify__toast');
  await expect(note).toBeVisible();
  await clearOf(dialog.getByRole('button'), note);
  await shot(page, 'toast-pix-390');
});

test('[ACC-06] at 390×844: a toast stays clear of the setup sheet\'s buttons', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { codes, token } = await ownerWithTags(request, page, [3]);
  expect(
    (await request.put(apiUrl(productsApi.updateName), { headers: bearerOf(token), data: { code: codes[0], name: 'Coleira da Mel' } })).ok(),
  ).toBe(true);
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key, value),
    [setupGuideStorageKey, JSON.stringify({ code: codes[0], step: 1 })] as const,
  );
  const socket = watchCallSocket(page);
  await page.goto(paths.dashboard);
  const sheet = page.getByRole('dialog', { name: copy.title });
  await expect(sheet.getByRole('heading', { name: copy.info.title })).toBeVisible();
  await socket.connected();
  expect((await request.post(`/api${scansApi.scan(codes[0]!)}`, { data: {} })).status()).toBe(204);
  const note = toast(page, callMsg.scanned('Coleira da Mel'));
  await expect(note).toBeVisible();
  await clearOf(sheet.getByRole('button'), note);
  await shot(page, 'toast-setup-390');
});
