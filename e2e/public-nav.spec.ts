import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import type { Page } from '@playwright/test';
import { apiLogin, expect, expectPath, loginAs, registerUser, test } from './support';
import { expectNewTab, freezeClock, openPage } from './support/public';

// The specification's literal values, written out (not imported): a constant that drifts fails here.
const CONTACT_CLOSE_MS = 80;

const nav = ui.site.nav;
const menuLinks = ['Início', 'Pulseiras', 'Coleiras', 'Objetos', 'Campainhas', 'Manual de Uso'];

function header(page: Page) {
  return page.getByRole('banner');
}

/** The header's Contato panel (desktop). */
function contactPanel(page: Page) {
  return page.locator('#contato-painel').getByText(ui.site.contact.title, { exact: true });
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('[NAV-01] the menu: Início, Pulseiras, Coleiras, Objetos, Campainhas, Manual de Uso, Contato, Minha Conta to /login', async ({
    page,
  }) => {
    await openPage(page, paths.bracelets);
    const menu = header(page).getByRole('navigation', { name: nav.mainMenu });
    await expect(menu.getByRole('link')).toHaveText([...menuLinks, nav.account]);
    await expect(menu.getByRole('button', { name: nav.contact })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Pulseiras' })).toHaveAttribute('aria-current', 'page');
    await menu.getByRole('link', { name: nav.account }).click();
    await expectPath(page, paths.login);
  });

  test('[NAV-02] [PUB-15] Contato opens on hover and closes 80 ms after the pointer leaves', async ({ page }) => {
    await freezeClock(page);
    await openPage(page, paths.home);
    const button = header(page).getByRole('button', { name: nav.contact });
    await expect(contactPanel(page)).toBeHidden();

    await button.hover();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(contactPanel(page)).toBeVisible();
    await expect(page.getByText(ui.site.contact.hours).first()).toBeVisible();
    await expect(page.getByText('8:00').first()).toBeVisible();
    const whatsapp = page.locator('#contato-painel').getByRole('link', { name: new RegExp(ui.site.contact.whatsapp) });
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);
    await expectNewTab(whatsapp);
    await expect(page.locator('#contato-painel').getByRole('link', { name: ui.site.contact.faq })).toHaveAttribute(
      'href',
      '/#faq',
    );

    // Moving onto the panel keeps it open.
    await page.locator('#contato-painel').hover();
    await page.clock.runFor(CONTACT_CLOSE_MS * 3);
    await expect(contactPanel(page)).toBeVisible();

    await page.mouse.move(5, 700);
    await page.clock.runFor(CONTACT_CLOSE_MS - 1);
    await expect(contactPanel(page)).toBeVisible();
    await page.clock.runFor(1);
    await expect(contactPanel(page)).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('[NAV-03] [NAV-05] Contato by keyboard: Enter opens it, Enter again closes it, Escape closes and returns focus', async ({
    page,
  }) => {
    await openPage(page, paths.home);
    const button = header(page).getByRole('button', { name: nav.contact });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(contactPanel(page)).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(contactPanel(page)).toBeHidden();

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.locator('#contato-painel').getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(contactPanel(page)).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('[NAV-03] the open item closes when the page changes or on a click elsewhere', async ({ page }) => {
    await openPage(page, paths.home);
    const button = header(page).getByRole('button', { name: nav.contact });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(contactPanel(page)).toBeVisible();
    await page.mouse.click(640, 700);
    await expect(contactPanel(page)).toBeHidden();

    await button.focus();
    await page.keyboard.press('Enter');
    await page.locator('#contato-painel').getByRole('link', { name: ui.site.contact.faq }).click();
    await expect(contactPanel(page)).toBeHidden();
  });

  test('[NAV-04] a new page starts at the top', async ({ page }) => {
    await openPage(page, paths.home);
    await page.locator('#produtos').scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page
      .locator('[data-product="collar"]')
      .getByRole('link', { name: /Saiba mais/ })
      .click();
    await expectPath(page, paths.collars);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('[NAV-04] a link to /#faq glides down to the FAQ; opening /#faq shows it', async ({ page }) => {
    await openPage(page, paths.bracelets);
    // Record the scroll position on every frame: a smooth scroll passes through positions in between.
    await page.evaluate(() => {
      const w = window as unknown as { positions: number[] };
      w.positions = [];
      const record = () => {
        w.positions.push(window.scrollY);
        requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    const button = header(page).getByRole('button', { name: nav.contact });
    await button.focus();
    await page.keyboard.press('Enter');
    await page.locator('#contato-painel').getByRole('link', { name: ui.site.contact.faq }).click();
    await expect(page).toHaveURL(/\/#faq$/);
    await expect(page.locator('#faq-titulo')).toBeInViewport();
    // It stops just under the sticky header (the section's scroll-margin-top).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const faq = document.getElementById('faq')!;
          return Math.abs(faq.getBoundingClientRect().top - parseFloat(getComputedStyle(faq).scrollMarginTop));
        }),
      )
      .toBeLessThan(2);
    const positions = await page.evaluate(() => (window as unknown as { positions: number[] }).positions);
    const final = positions[positions.length - 1]!;
    // An instant jump has no position between the start and the end (a busy machine may drop frames).
    const between = positions.filter((y) => y > 0 && y < final);
    expect(between.length, 'intermediate scroll positions').toBeGreaterThan(0);

    await page.goto('/#faq');
    await expect(page.locator('#faq-titulo')).toBeInViewport();
  });

  test('[PUB-09] [PUB-14] every footer page link opens in a new tab', async ({ page }) => {
    await openPage(page, paths.home);
    const links = page.getByRole('contentinfo').locator('a[href^="/"], a[href^="http"]');
    expect(await links.count()).toBeGreaterThan(10);
    for (const link of await links.all()) await expectNewTab(link);
  });
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('[NAV-01] [NAV-05] the side menu: a modal that lists the pages, keeps focus inside and closes on Escape', async ({
    page,
  }) => {
    await openPage(page, paths.home);
    const open = page.getByRole('button', { name: nav.openMenu });
    await open.tap();
    const drawer = page.getByRole('dialog', { name: nav.mainMenu });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link')).toHaveText([...menuLinks, nav.mobileLogin]);
    await expect(drawer.getByRole('link', { name: nav.mobileLogin })).toHaveAttribute('href', paths.login);

    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await open.tap();
    await drawer.getByRole('link', { name: 'Coleiras' }).tap();
    await expectPath(page, paths.collars);
    await expect(drawer).toBeHidden();
  });

  test('[NAV-02] [NAV-03] in the side menu Contato toggles on tap', async ({ page }) => {
    await openPage(page, paths.home);
    await page.getByRole('button', { name: nav.openMenu }).tap();
    const drawer = page.getByRole('dialog', { name: nav.mainMenu });
    const contact = drawer.getByRole('button', { name: nav.contact });
    await contact.tap();
    await expect(contact).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByText(ui.site.contact.title)).toBeVisible();
    await expect(drawer.getByText(ui.site.contact.hours)).toBeVisible();
    await contact.tap();
    await expect(contact).toHaveAttribute('aria-expanded', 'false');
    await expect(drawer.getByText(ui.site.contact.title)).toBeHidden();
  });

  test('[NAV-01] the side menu reads Área Logada for a logged-in user', async ({ page, request }) => {
    const token = await apiLogin(request, await registerUser(request));
    await loginAs(page, token);
    await openPage(page, paths.home);
    await page.getByRole('button', { name: nav.openMenu }).tap();
    const drawer = page.getByRole('dialog', { name: nav.mainMenu });
    await expect(drawer.getByRole('link', { name: nav.mobileLoggedIn })).toBeVisible();
    await drawer.getByRole('link', { name: nav.mobileLoggedIn }).tap();
    await expectPath(page, paths.dashboard);
  });
});
