import type { APIRequestContext, Page } from '@playwright/test';
import { paths, productsApi } from '@toque/contracts/routes';
import { setupGuideStorageKey, setupGuideUi as copy } from '@toque/contracts/ringing';
import { listTags, ownerWithTags } from './support/dashboard';
import { apiUrl, bearerOf, expect, test } from './support';

/**
 * FIND-13 / issue 33 item 9: what the owner writes for the finder in setup step 2 is shown to the finder
 * unless they say otherwise — the switch starts on, on the same screen; what was saved stays as saved.
 */
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
};
const guide = (page: Page) => page.getByRole('dialog', { name: copy.title });

async function atStepTwo(page: Page, code: string) {
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key, value),
    [setupGuideStorageKey, JSON.stringify({ code, step: 1 })] as const,
  );
  await page.goto(paths.home);
  await expect(guide(page).getByRole('heading', { name: copy.info.title })).toBeVisible();
}
async function rename(request: APIRequestContext, token: string, code: string, extra: object) {
  const res = await request.put(apiUrl(productsApi.updateName), { headers: bearerOf(token), data: { code, name: 'Coleira da Mel', ...extra } });
  expect(res.ok()).toBe(true);
}

test('[FIND-13] [ACC-05] at 390×844: setup step 2 starts with "Mostrar esta informação" on, and what the owner writes reaches the finder', async ({
  page,
  request,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { codes, token } = await ownerWithTags(request, page, [3]);
  const code = codes[0]!;
  await rename(request, token, code, {});
  await atStepTwo(page, code);
  const show = guide(page).getByRole('switch', { name: copy.info.show });
  await expect(show).toBeChecked();
  await guide(page).getByLabel(copy.info.label, { exact: true }).fill('Mel é medrosa. Toma remédio às 8h.');
  await shot(page, 'setup-info-shown-390');
  await guide(page).getByRole('button', { name: copy.saveAndContinue }).click();
  await expect(guide(page).getByRole('heading', { name: copy.lost.title })).toBeVisible();
  expect((await listTags(request, token)).find((t) => t.code === code)).toMatchObject({
    important_info: 'Mel é medrosa. Toma remédio às 8h.',
    show_info_to_finder: true,
  });

  const finder = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await finder.goto(paths.finder(code));
  await expect(finder.getByText('Mel é medrosa. Toma remédio às 8h.')).toBeVisible();
  await finder.close();
});

test('[FIND-13] at 390×844: information already saved as hidden stays hidden in setup step 2', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { codes, token } = await ownerWithTags(request, page, [3]);
  const code = codes[0]!;
  await rename(request, token, code, { importantInfo: 'Só para mim', showInfoToFinder: false });
  await atStepTwo(page, code);
  await expect(guide(page).getByLabel(copy.info.label, { exact: true })).toHaveValue('Só para mim');
  await expect(guide(page).getByRole('switch', { name: copy.info.show })).not.toBeChecked();
});
