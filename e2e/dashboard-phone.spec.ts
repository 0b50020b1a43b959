import { conversationsApi, conversationsUi } from '@toque/contracts/conversations';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { paths, productsApi } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { apiLogin, apiUrl, expect, field, loginAs, newUser, ownedTag, registerUser, test, toast } from './support';
import { expectNoSeriousA11yViolations, ownerWithTags } from './support/dashboard';

// ACC-04 phone pass: what a 390 px phone cut, hid or covered, each checked where it showed.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.describe('the dashboard on a 390 px phone', () => {
  test.describe.configure({ timeout: 90_000 });

  test('[ACC-04] [TAG-03] tag names are shown whole, the four product tabs are all on screen, and the menu button is an icon', async ({
    page,
    request,
  }) => {
    const { token, codes } = await ownerWithTags(request, page, [1, 3, 4, 2]);
    const names = ['Pulseira da Maria Eduarda', 'Coleira do Bartolomeu', 'Mochila azul da escola', 'Campainha de casa'];
    for (const [i, code] of codes.entries()) {
      const renamed = await request.put(apiUrl(productsApi.updateName), {
        data: { code, name: names[i] },
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(renamed.ok()).toBe(true);
    }

    await page.goto(paths.dashboard);
    for (const name of names) {
      const heading = page.getByRole('heading', { name, exact: true });
      await expect(heading).toBeVisible();
      // Not cut with an ellipsis: the text fits the box it is in.
      expect(await heading.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    const menuButton = page.getByRole('button', { name: ui.site.nav.openMenu });
    await expect(menuButton).toBeVisible();
    await expect(menuButton).toHaveText('');
    await expectNoSeriousA11yViolations(page, 'dashboard on a phone');

    await page.goto(paths.products);
    const tabs = page.getByRole('tablist').getByRole('tab');
    await expect(tabs).toHaveCount(4);
    for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('tab', { name: new RegExp(`^${dashboardUi.tabs.objetos}`) })).toBeInViewport({
      ratio: 1,
    });
    await expectNoSeriousA11yViolations(page, 'my products on a phone');
  });

  test("[FIND-06] [ACC-06] an unread conversation shows on the closed menu's button, not only inside the open menu", async ({ page, request }) => {
    const { code, token } = await ownedTag(request, 3, { name: 'Carteira marrom' });
    await loginAs(page, token);
    await page.goto(paths.dashboard);
    const plain = page.getByRole('button', { name: ui.site.nav.openMenu, exact: true });
    await expect(plain).toBeVisible();
    await expect(page.getByTestId('menu-unread')).toHaveCount(0);

    // A finder writes; the owner opens the dashboard again with the menu closed.
    const started = await request.post(`/api${conversationsApi.start(code)}`, { data: { body: 'Achei sua carteira no ônibus 4103.' } });
    expect(started.status(), await started.text()).toBe(201);
    await page.reload();
    const menuButton = page.getByRole('button', { name: conversationsUi.openMenuUnread(1), exact: true });
    await expect(menuButton).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    const badge = page.getByTestId('menu-unread');
    await expect(badge).toHaveText('1');
    await expect(badge).toBeInViewport({ ratio: 1 });
    // The menu's own badge is inside the closed menu: hidden.
    await expect(page.getByTestId('nav-unread')).toBeHidden();
    await expectNoSeriousA11yViolations(page, 'the unread badge on the menu button');
    await page.screenshot({ path: test.info().outputPath('menu-unread-390.png') });

    // Opened, the menu shows it beside Conversas (and the button's badge gives way to the close icon).
    await menuButton.click();
    await expect(page.getByTestId('nav-unread')).toBeVisible();
    await expect(badge).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('menu-unread-open-390.png') });
  });

  test('[ACC-04] [API-05] a toast opens below the sticky header, not over its buttons', async ({ page, request }) => {
    const user = await registerUser(request, newUser());
    await page.goto(paths.login);
    await field(page, ui.fields.login).fill(user.email);
    await field(page, ui.fields.password).fill('senha-errada');
    await page.getByRole('button', { name: ui.buttons.login, exact: true }).click();
    const failure = toast(page, 'Falha no login. Verifique suas credenciais.');
    await expect(failure).toBeVisible();
    const header = (await page.getByRole('banner').first().boundingBox())!;
    await expect.poll(async () => (await failure.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);

    await loginAs(page, await apiLogin(request, user));
    await page.goto(paths.dashboard);
    const dashboardHeader = (await page.getByRole('banner').first().boundingBox())!;
    expect(dashboardHeader.height).toBeLessThanOrEqual(72);
  });
});
