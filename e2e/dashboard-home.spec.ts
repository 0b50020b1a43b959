import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { msg } from '@toque/contracts/messages';
import { paths, productsApi } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { ownerWithTags, rowControl, tagRow } from './support/dashboard';
import { apiLogin, expect, loginAs, newUser, registerUser, test, allow } from './support';

const blocks = dashboardUi.blocks;

test.describe('dashboard main page', () => {
  // Each test mints its tags with the operator CLI, which takes seconds to start.
  test.describe.configure({ timeout: 90_000 });

  test('[DASH-04] shows the add-tag button and its four blocks with their links', async ({ page, request }) => {
    await ownerWithTags(request, page, [1]);
    await page.goto(paths.dashboard);
    await expect(page.getByRole('heading', { level: 1, name: ui.headings.dashboard })).toBeVisible();
    await expect(page.getByRole('button', { name: dashboardUi.addTag.open })).toBeVisible();

    const block = (title: string) => page.getByRole('region', { name: title });
    for (const title of [blocks.tags, blocks.finance, blocks.manual, blocks.faq]) {
      await expect(block(title).getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    await expect(block(blocks.tags).getByRole('link', { name: dashboardUi.seeAllTags })).toHaveAttribute(
      'href',
      paths.products,
    );
    await expect(block(blocks.finance).getByRole('link', { name: dashboardUi.seeFinance })).toHaveAttribute(
      'href',
      paths.finance,
    );
    // FIN-02: the real summary — the owner's plans and the next due date.
    await expect(block(blocks.finance).getByText(dashboardUi.finance.summary.next)).toBeVisible();
    await expect(block(blocks.finance).getByText(/^\d{2}\/\d{2}\/\d{4}$/)).toBeVisible();

    const manual = block(blocks.manual);
    const rows = dashboardUi.manualRows;
    await expect(manual.getByRole('link', { name: rows.activate })).toHaveAttribute('href', paths.manual);
    await expect(manual.getByRole('link', { name: rows.install })).toBeVisible();
    await expect(manual.getByRole('link', { name: rows.safeMeetings })).toBeVisible();
    // 'Manual Completo' downloads in place: a download attribute and no target.
    const full = manual.getByRole('link', { name: new RegExp(`^${rows.full}`) });
    await expect(full).toHaveAttribute('download', '');
    expect(await full.getAttribute('target')).toBeNull();

    const faqPdf = block(blocks.faq).getByRole('link', { name: dashboardUi.faqPdf });
    await expect(faqPdf).toHaveAttribute('download', '');
    for (const link of [full, faqPdf]) {
      const res = await request.get((await link.getAttribute('href'))!);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toContain('application/pdf');
      expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  test('[DASH-04] [TAG-03] the tags block lists the tags, each expandable, one at a time', async ({
    page,
    request,
  }) => {
    const { codes } = await ownerWithTags(request, page, [1, 3]);
    await page.goto(paths.dashboard);
    const list = page.getByRole('region', { name: blocks.tags });
    const [first, second] = [tagRow(list, codes[0]!), tagRow(list, codes[1]!)];
    const details = (row: typeof first) => rowControl(row, dashboardUi.tagActions.details);

    await details(first).click();
    await expect(details(first)).toHaveAttribute('aria-expanded', 'true');
    await expect(first.getByText(codes[0]!, { exact: true })).toBeVisible();
    await details(second).click();
    await expect(details(second)).toHaveAttribute('aria-expanded', 'true');
    await expect(details(first)).toHaveAttribute('aria-expanded', 'false');
    await expect(first.getByText(codes[0]!, { exact: true })).toBeHidden();
  });

  test('[DASH-06] an account without tags says so', async ({ page, request }) => {
    const user = await registerUser(request, newUser());
    await loginAs(page, await apiLogin(request, user));
    await page.goto(paths.dashboard);
    await expect(page.getByText(msg.tagsEmpty, { exact: true })).toBeVisible();
  });

  test.describe('a server error', () => {
    // The 503 is the test's own (page.route below), and the screen shows it.
    test.use({ allowConsoleErrors: allow(/status of 503/) });
    test('[DASH-06] the list shows Carregando... while it loads, then the error the server gave', async ({
      page,
      request,
    }) => {
      const user = await registerUser(request, newUser());
      await loginAs(page, await apiLogin(request, user));
      const failure = 'Serviço indisponível no momento.';
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      // The real server is reachable; this holds the list's answer to see the loading state, then
      // answers with a server error to see the error state.
      await page.route(`**/api${productsApi.list}`, async (route) => {
        await held;
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: failure }),
        });
      });
      await page.goto(paths.dashboard);
      await expect(page.getByText(msg.tagsLoading, { exact: true })).toBeVisible();
      release();
      await expect(page.getByText(`Erro: ${failure}`, { exact: true })).toBeVisible({ timeout: 25_000 });
    });
  });
});
