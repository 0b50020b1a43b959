import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { expect, seriousViolations, test } from './support';
import { marketingPaths, openPage } from './support/public';

const publicRoutes = [...marketingPaths, '/pagina-que-nao-existe'];

for (const route of publicRoutes) {
  test(`[A11Y-01] axe finds no serious or critical violation on ${route}`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPage(page, route);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('[A11Y-01] axe: the open Contato panel, an open answer and a playing video', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.route(/youtube-nocookie\.com/, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<p>player</p>' }),
  );
  await openPage(page, paths.home);
  await page.getByRole('banner').getByRole('button', { name: ui.site.nav.contact }).click();
  await page.locator('#faq').getByRole('button').first().click();
  await page
    .getByRole('button', { name: new RegExp(`^${ui.site.carousel.playVideo}`) })
    .first()
    .click();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('[A11Y-01] [NAV-01] home and side menu at 390×844: nothing overflows sideways, axe is clean', async ({
    page,
  }) => {
    await openPage(page, paths.home);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/toque-public-mobile-home.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: ui.site.nav.openMenu }).tap();
    const drawer = page.getByRole('dialog', { name: ui.site.nav.mainMenu });
    await drawer.getByRole('button', { name: ui.site.nav.contact }).tap();
    await expect(drawer.getByText(ui.site.contact.title)).toBeVisible();
    await page.screenshot({ path: '/tmp/toque-public-mobile-menu.png' });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
