import { callUi } from '@toque/contracts/call-ui';
import { osmLink } from '@toque/contracts/calls';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { expectNoSeriousA11yViolations } from './support/dashboard';
import { openPage } from './support/public';
import {
  allow,
  apiLogin,
  expect,
  expectPath,
  finderPhone,
  GEOCODER_DOWN,
  loginAs,
  openFinder,
  openOwner,
  registerUser,
  test,
} from './support';
import { shotAtWidth } from './support/shots';

/**
 * CALL-17: the owner knows where they are — the logged-in header's 'Minha área', the ringing card's
 * subject and place, and the end of an answered call (duration, place, next steps).
 */

// The geocoder is down in the tests: the place falls back to the finder's coordinates.
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN) });

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false },
] as const;

for (const size of sizes) {
  test(`[CALL-17] at ${size.viewport.width}×${size.viewport.height} the logged-in header offers 'Minha área', which leads to the dashboard; logged out it does not`, async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({
      viewport: size.viewport,
      isMobile: size.isMobile,
      hasTouch: size.hasTouch,
    });
    const page = await context.newPage();
    await openPage(page, paths.home);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: ui.site.nav.myArea })).toHaveCount(0);

    const token = await apiLogin(request, await registerUser(request));
    await loginAs(page, token);
    await openPage(page, paths.home);
    const myArea = banner.getByRole('link', { name: ui.site.nav.myArea });
    // In the header itself at both sizes, not behind the side menu.
    await expect(myArea).toBeVisible();
    const box = (await myArea.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await shotAtWidth(page, 'header-logged-in', false);
    if (!size.isMobile) {
      // From 1024 px (the inline menu) the logged-in header still fits on one line.
      await page.setViewportSize({ width: 1024, height: 768 });
      await expect(myArea).toBeVisible();
      const fits = await banner.evaluate((el) => {
        const row = el.firstElementChild as HTMLElement;
        return row.scrollWidth <= row.clientWidth && row.getBoundingClientRect().height < 90;
      });
      expect(fits).toBe(true);
      await shotAtWidth(page, 'header-logged-in', false);
      await page.setViewportSize(size.viewport);
    }
    await myArea.click();
    await expectPath(page, paths.dashboard);
    await context.close();
  });

  test(`[CALL-17] at ${size.viewport.width}×${size.viewport.height} the ringing card names the tag and the place; an answered call ends on its duration, place and next steps`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const owner = await openOwner(browser, request, {
      tag: { name: 'Coleira da Mel' },
      context: { viewport: size.viewport, isMobile: size.isMobile, hasTouch: size.hasTouch },
    });
    const finder = await openFinder(browser);
    await finder.page.goto(paths.finder(owner.code));
    await finder.page.getByRole('button', { name: callUi.finder.call }).click();

    // Ringing: the catalogue's 'está te chamando...', then the tag and what happened, and the place.
    await expectPath(owner.page, paths.call);
    const card = owner.page.getByRole('alertdialog', { name: msg.callIncoming });
    await expect(card).toBeVisible();
    await expect(card.getByText(callUi.owner.subject('Coleira da Mel', 3), { exact: true })).toBeVisible();
    const { latitude, longitude } = finderPhone.geolocation!;
    // The geocoder is down: the place is the finder's coordinates (awaited until the phone gives them).
    await expect(card.locator('[data-place]')).toHaveText(callUi.owner.coordinates(latitude, longitude), {
      timeout: 20_000,
    });
    await expectNoSeriousA11yViolations(owner.page, 'the ringing card');
    await shotAtWidth(owner.page, 'ringing');

    await card.getByRole('button', { name: callUi.owner.answer }).click();
    await expect(finder.page.getByRole('status').filter({ hasText: callUi.finder.connected })).toBeVisible({
      timeout: 30_000,
    });
    await expect(owner.page.locator('[data-call-duration]')).toBeVisible({ timeout: 30_000 });
    // Let the call last past a second, so that its duration is more than nothing.
    await expect(owner.page.locator('[data-call-duration] time')).not.toHaveText('00:00', { timeout: 10_000 });
    await owner.page.getByRole('button', { name: callUi.owner.hangUp }).click();

    // The end: which tag, how long, where, and what next — not a bare 'Chamada encerrada.'.
    const ended = owner.page.locator('[data-call-ended]');
    await expect(ended.getByRole('heading', { level: 1, name: callUi.owner.ended })).toBeVisible();
    await expect(ended.getByText(callUi.owner.from('Coleira da Mel'), { exact: true })).toBeVisible();
    const duration = ended.locator('[data-ended-duration] time');
    await expect(duration).toHaveText(/^\d\d:\d\d$/);
    expect(await duration.textContent()).not.toBe('00:00');
    await expect(ended.locator('[data-place]')).toHaveText(callUi.owner.coordinates(latitude, longitude));
    await expect(ended.getByRole('heading', { level: 2, name: callUi.owner.nextSteps })).toBeVisible();
    await expect(ended.getByRole('link', { name: callUi.owner.seeMap })).toHaveAttribute(
      'href',
      osmLink(latitude, longitude),
    );
    await expectNoSeriousA11yViolations(owner.page, 'the end of the call');
    await shotAtWidth(owner.page, 'call-ended');
    await ended.getByRole('link', { name: callUi.owner.backToDashboard }).click();
    await expectPath(owner.page, paths.dashboard);

    await owner.close();
    await finder.close();
  });
}
