import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { paths } from '@toque/contracts/routes';
import { expectNoSeriousA11yViolations, ownerWithTags, rowControl, tab, tagRow } from './support/dashboard';
import { expect, test } from './support';

test.describe('account area accessibility', () => {
  // Each test mints its tags with the operator CLI, which takes seconds to start.
  test.describe.configure({ timeout: 90_000 });

  /** Every page of the account area; `withTags` pages need a wristband and a condominium plate. */
  const pages: Array<[string, (codes: string[]) => string, boolean]> = [
    ['the main page', () => paths.dashboard, true],
    ['my products', () => paths.products, true],
    ['/dashboard/products', () => paths.productsAlias, false],
    ['the edit-tag page', (codes) => paths.editTag(codes[0]!), true],
    ['the financial page', () => paths.finance, false],
    ['my account', () => paths.account, false],
    ['/dashboard/account', () => paths.accountAlias, false],
    ['the dashboard manual', () => paths.dashboardManual, false],
    ['/dashboard/manual', () => paths.manualAlias, false],
    ['the units page', (codes) => paths.units(codes[1] ?? 'ABCD2345'), false],
    ['the edit-unit page', (codes) => paths.editUnit(codes[1] ?? 'ABCD2345', 1), false],
  ];
  for (const [name, pathOf, withTags] of pages) {
    test(`[A11Y-01] axe-core finds no serious or critical violation on ${name}`, async ({ page, request }) => {
      const { codes } = await ownerWithTags(request, page, withTags ? [1, 5] : []);
      const path = pathOf(codes);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, path);
    });
  }

  test('[A11Y-01] the expanded row and the modals pass axe-core too', async ({ page, request }) => {
    const { codes } = await ownerWithTags(request, page, [1]);
    await page.goto(paths.products);
    await tab(page, dashboardUi.tabs.pessoas).click();
    const row = tagRow(page, codes[0]!);
    await rowControl(row, dashboardUi.tagActions.details).click();
    await expectNoSeriousA11yViolations(page, 'an expanded tag row');

    await rowControl(row, dashboardUi.tagActions.qr).click();
    await expect(page.getByRole('dialog').getByRole('img')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the QR modal');
    await page.keyboard.press('Escape');

    await rowControl(row, dashboardUi.tagActions.delete).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the delete confirmation');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: dashboardUi.addTag.open }).click();
    await page.getByRole('dialog').getByRole('button', { name: dashboardUi.addTag.submit }).click();
    await expectNoSeriousA11yViolations(page, 'the add-tag modal with its error');
  });
});
