import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { paths } from '@toque/contracts/routes';
import { formatDueDate, planWords } from '@toque/contracts/billing';
import { expectNoSeriousA11yViolations, ownerWithTags } from './support/dashboard';
import { expect, test } from './support';

const crumbs = dashboardUi.crumbs;
const f = dashboardUi.finance;

test.describe('breadcrumbs, finance and manual', () => {
  // Each test mints its tags with the operator CLI, which takes seconds to start.
  test.describe.configure({ timeout: 90_000 });

  test('[DASH-05] breadcrumbs show the whole trail from 768 px up and the last two crumbs below it', async ({
    page,
    request,
  }) => {
    const { codes } = await ownerWithTags(request, page, [1]);
    const code = codes[0]!;
    const trail = page.getByRole('navigation', { name: dashboardUi.breadcrumb });
    const items = trail.getByRole('listitem');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(paths.editTag(code));
    await expect(items).toHaveText(
      [dashboardUi.breadcrumbRoot, crumbs.dashboard, crumbs['meus-produtos'], crumbs['edit-toque']].map((label, i) =>
        i === 0 ? label : new RegExp(`${label}$`),
      ),
    );
    // The tag code in the address is not a crumb.
    await expect(trail).not.toContainText(code);
    await expect(trail.getByRole('link', { name: crumbs['meus-produtos'] })).toHaveAttribute('href', paths.products);
    await expect(trail.getByText(crumbs['edit-toque'])).toHaveAttribute('aria-current', 'page');

    // The breakpoint is the specification's 768 px, written out: the whole trail at 768, two crumbs at 767.
    await page.setViewportSize({ width: 768, height: 800 });
    await expect(items).toHaveCount(4);
    await page.setViewportSize({ width: 767, height: 800 });
    await expect(items).toHaveCount(3);

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(items).toHaveCount(3);
    await expect(items.first()).toContainText('…');
    await expect(items.nth(1)).toContainText(crumbs['meus-produtos']);
    await expect(items.nth(2)).toContainText(crumbs['edit-toque']);
    await expect(trail).not.toContainText(crumbs.dashboard);

    // A path with two crumbs needs no ellipsis.
    await page.goto(paths.dashboardManual);
    await expect(items).toHaveText([
      dashboardUi.breadcrumbRoot,
      new RegExp(`${crumbs['dashboard-manual-do-usuario']}$`),
    ]);
  });

  test("[FIN-01] [FIN-02] the financial page shows each tag's real plan — value, due date, status — and no made-up card or history", async ({
    page,
    request,
  }) => {
    const { codes } = await ownerWithTags(request, page, [1, 4]);
    await page.goto(paths.finance);
    await expect(page.getByRole('heading', { level: 1, name: dashboardUi.headings.finance })).toBeVisible();
    const main = page.getByRole('main');
    const table = main.getByRole('table', { name: f.caption });
    await expect(table.getByRole('columnheader')).toHaveText(Object.values(f.headers));
    await expect(table.getByRole('row')).toHaveCount(3);
    const due = formatDueDate(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString());
    const pulseira = table.locator(`tr[data-code="${codes[0]}"]`);
    await expect(pulseira).toContainText(f.price('R$ 54,90', planWords.per.monthly));
    await expect(pulseira).toContainText(due);
    // FIN-07: a tag never paid is in its free trial, until its first due date.
    await expect(pulseira).toContainText(f.summary.trialUntil(due.slice(0, 5)));
    await expect(table.locator(`tr[data-code="${codes[1]}"]`)).toContainText(f.price('R$ 11,90', planWords.per.monthly));
    // The annual plan: 10 months' price.
    await pulseira.getByRole('combobox', { name: /Plano de/ }).selectOption('annual');
    await expect(pulseira).toContainText(f.price('R$ 549,00', planWords.per.annual));
    for (const madeUp of ['**** **** **** 4242', 'R$ 169,00', 'R$ 179,00', 'Cartão de crédito'])
      await expect(main.getByText(madeUp)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'the financial page');
  });

  test('[DASH-07] [DASH-01] the manual opens inside the dashboard, also at /dashboard/manual', async ({
    page,
    request,
  }) => {
    await ownerWithTags(request, page, []);
    for (const path of [paths.dashboardManual, paths.manualAlias]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: dashboardUi.headings.manual })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: dashboardUi.manualRows.install })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: dashboardUi.manualRows.safeMeetings })).toBeVisible();
    }
    // The dashboard's 'Manual de Uso' rows lead to their sections.
    await page.goto(paths.dashboard);
    await page.getByRole('link', { name: dashboardUi.manualRows.safeMeetings }).click();
    await expect(page).toHaveURL((url) => url.pathname === paths.dashboardManual && url.hash !== '');
    await expect(page.getByRole('heading', { level: 2, name: dashboardUi.manualRows.safeMeetings })).toBeInViewport();
  });

  test('[DASH-01] /dashboard/products opens my products', async ({ page, request }) => {
    await ownerWithTags(request, page, []);
    await page.goto(paths.productsAlias);
    await expect(page.getByRole('heading', { level: 1, name: dashboardUi.headings.products })).toBeVisible();
  });
});
