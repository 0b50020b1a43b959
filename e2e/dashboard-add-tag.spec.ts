import type { Page } from '@playwright/test';
import { productLabel } from '@toque/contracts/constants';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { msg, tagMsg } from '@toque/contracts/messages';
import { paths, productsApi } from '@toque/contracts/routes';
import { listTags, ownerWithTags, tab, tagRow } from './support/dashboard';
import { expect, field, mintCode, recordApiRequests, test, toast } from './support';

const labels = dashboardUi.addTag;
const messy = 'ab-12 cd!34ef';
const clean = 'ab12cd34';

async function openModal(page: Page) {
  await page.getByRole('button', { name: labels.open }).click();
  const dialog = page.getByRole('dialog', { name: labels.title });
  await expect(dialog).toBeVisible();
  return { dialog, input: field(dialog, labels.field) };
}

test.describe('add-tag modal', () => {
  // Each test mints its tags with the operator CLI, which takes seconds to start.
  test.describe.configure({ timeout: 90_000 });

  test('[TAG-02] typing and pasting ab-12 cd!34ef both give ab12cd34', async ({ page, request, context }) => {
    await ownerWithTags(request, page, []);
    await page.goto(paths.products);
    const { input } = await openModal(page);

    await input.pressSequentially(messy);
    await expect(input).toHaveValue(clean);

    await input.clear();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate((text) => navigator.clipboard.writeText(text), messy);
    await input.press('ControlOrMeta+V');
    await expect(input).toHaveValue(clean);
  });

  test('[TAG-02] a code that is not 8 characters long shows the message and sends nothing', async ({
    page,
    request,
  }) => {
    await ownerWithTags(request, page, []);
    await page.goto(paths.dashboard);
    const { dialog, input } = await openModal(page);
    const puts = recordApiRequests(page, productsApi.associate);
    await input.pressSequentially('ab-12');
    await dialog.getByRole('button', { name: labels.submit }).click();
    await expect(dialog.getByText(msg.tagCodeLength, { exact: true })).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toHaveLength(0);
  });

  test('[TAG-02] the server refusal is shown after the failure prefix', async ({ page, request }) => {
    const other = await ownerWithTags(request, null, [4]);
    await ownerWithTags(request, page, []);
    await page.goto(paths.dashboard);
    const { dialog, input } = await openModal(page);

    // A well-formed code nobody minted: the server does not know it.
    await input.fill('ZZZZ2222');
    await dialog.getByRole('button', { name: labels.submit }).click();
    await expect(dialog.getByRole('alert')).toHaveText(msg.addTagFailurePrefix + tagMsg.codeNotFound);

    // Someone else's tag.
    await input.fill(other.codes[0]!);
    await dialog.getByRole('button', { name: labels.submit }).click();
    await expect(dialog.getByRole('alert')).toHaveText(msg.addTagFailurePrefix + tagMsg.ownedByAnother);
    await expect(dialog).toBeVisible();
  });

  test('[TAG-02] a minted code added through the modal joins the list @smoke', async ({ page, request }) => {
    const [owner, code] = await Promise.all([ownerWithTags(request, page, [4]), mintCode(1)]);
    await page.goto(paths.products);
    await expect(tagRow(page, owner.codes[0]!)).toBeVisible();

    const { dialog, input } = await openModal(page);
    await input.pressSequentially(code.toLowerCase());
    await dialog.getByRole('button', { name: labels.submit }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, dashboardUi.toasts.addedTag)).toBeVisible();

    // The list refreshes by itself: the new wristband is under Pessoas.
    await tab(page, dashboardUi.tabs.pessoas).click();
    const row = tagRow(page, code);
    await expect(row).toBeVisible();
    await expect(row).toContainText(productLabel(1));
    const tags = await listTags(request, owner.token);
    expect(tags.map((t) => t.code).sort()).toEqual([code, owner.codes[0]!].sort());
  });

  test('[TAG-12] a code inserted at once as people paste it (lower case, a dash, spaces) is read whole and added', async ({
    page,
    request,
  }) => {
    const [owner, code] = await Promise.all([ownerWithTags(request, page, []), mintCode(4)]);
    await page.goto(paths.products);
    const { dialog, input } = await openModal(page);
    // fill() inserts the text in one go, as a phone keyboard's clipboard chip or autofill does — no paste event.
    const pasted = ` ${code.slice(0, 4).toLowerCase()}-${code.slice(4).toLowerCase()} `;
    await input.fill(pasted);
    await expect(input).toHaveValue(code.toLowerCase());
    await dialog.getByRole('button', { name: labels.submit }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, dashboardUi.toasts.addedTag)).toBeVisible();
    expect((await listTags(request, owner.token)).map((t) => t.code)).toEqual([code]);
  });

  test('[NAV-05] the modal keeps the focus inside and closes on Escape', async ({ page, request }) => {
    await ownerWithTags(request, page, []);
    await page.goto(paths.dashboard);
    const opener = page.getByRole('button', { name: labels.open });
    const { dialog, input } = await openModal(page);
    await expect(input).toBeFocused();
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
