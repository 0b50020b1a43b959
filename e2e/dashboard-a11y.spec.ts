import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { paths } from '@toque/contracts/routes';
import { expectNoSeriousA11yViolations, ownerWithTags, rowControl, tab, tagRow } from './dashboard-support';
import { expect, test } from './support';

test.describe('account area accessibility', () => {
  test('[A11Y-01] axe-core finds no serious or critical violation on any dashboard page', async ({ page, request }) => {
    test.setTimeout(90_000);
    const { codes } = await ownerWithTags(request, page, [1, 5]);
    const pages = [
      paths.dashboard,
      paths.products,
      paths.productsAlias,
      paths.editTag(codes[0]!),
      paths.finance,
      paths.account,
      paths.accountAlias,
      paths.dashboardManual,
      paths.manualAlias,
      paths.units(codes[1]!),
      paths.editUnit(codes[1]!, 1),
    ];
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, path);
    }
  });

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
