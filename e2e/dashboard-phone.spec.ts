import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { apiLogin, expect, field, loginAs, newUser, registerUser, test, toast } from './support';
import { expectNoSeriousA11yViolations, ownerWithTags } from './dashboard-support';

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
      const renamed = await request.put('/api/products/updateName', {
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
