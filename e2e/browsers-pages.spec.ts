import type { APIRequestContext } from '@playwright/test';
import { storageKeys } from '@toque/contracts/constants';
import { callUi } from '@toque/contracts/call-ui';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { claimTag, mintCodes, allow } from './support';
import { expect, firefoxGoto, openFirefoxTab, test, untilInPage } from './support/firefox';
import { marketingPaths } from './support/public';

// BRW-01: every kind of page at 390 px, in Firefox and in Chromium, without a script error or a
// Content-Security-Policy violation (the guards of support.ts and support/firefox.ts fail the test
// on either). Each page is given its code's time: the state below says that the app's code for it
// has run (hydrated, or rendered by the app), which is when Zod's eval probe used to fire.

const PHONE = { width: 390, height: 844 };

/** What shows that a page's code has run. Runs in the page, in either engine. */
type Ready =
  | { kind: 'hydrated'; path: string } // a prerendered marketing page names itself once hydrated
  | { kind: 'button'; name: string } // a form or the call button, enabled once interactive
  | { kind: 'heading' }; // a page only the app renders

function isReady(ready: Ready): boolean {
  if (ready.kind === 'hydrated') return document.documentElement.dataset.pageReady === ready.path;
  if (ready.kind === 'heading') return document.querySelector('h1') !== null;
  return Array.from(document.querySelectorAll('button')).some(
    (button) => button.textContent?.trim() === ready.name && !button.matches(':disabled'),
  );
}

/** The page does not scroll sideways on the phone. */
function fitsWidth(): boolean {
  return document.documentElement.scrollWidth <= window.innerWidth;
}

interface PageToTry {
  path: string;
  ready: Ready;
}

/** The public pages, the sign-in pages, onboarding and the finder page (anonymous). */
function publicPages(claimed: string, unclaimed: string): PageToTry[] {
  const marketing = marketingPaths.map((path): PageToTry => ({ path, ready: { kind: 'hydrated', path } }));
  return [
    ...marketing,
    { path: paths.login, ready: { kind: 'button', name: ui.buttons.login } },
    { path: paths.signUp, ready: { kind: 'button', name: ui.buttons.signUp } },
    { path: paths.forgotPassword, ready: { kind: 'button', name: ui.buttons.sendCode } },
    { path: paths.onboarding(unclaimed), ready: { kind: 'button', name: ui.buttons.onboarding } },
    { path: paths.finder(claimed), ready: { kind: 'button', name: callUi.finder.call } },
  ];
}

/** The dashboard's pages, for the owner of the claimed tag. */
const dashboardPages: PageToTry[] = [paths.dashboard, paths.products, paths.account, paths.callHistory].map((path) => ({
  path,
  ready: { kind: 'heading' },
}));

async function fixtures(request: APIRequestContext) {
  const [claimed, unclaimed] = await mintCodes(1, 2);
  const { token } = await claimTag(request, claimed!, { name: 'Pulseira da Ana', importantInfo: 'Tem asma' });
  return { pages: publicPages(claimed!, unclaimed!), token };
}

test('[BRW-01] [SEC-04] Firefox at 390 px: the public pages, the finder page and the dashboard load with no script error, no CSP violation and no sideways scroll', async ({
  request,
  firefoxTab,
}) => {
  test.setTimeout(135_000);
  const { pages, token } = await fixtures(request);
  const { page, errors } = firefoxTab;
  await page.setViewport(PHONE);
  const overflowing: string[] = [];
  const open = async ({ path, ready }: PageToTry) => {
    await firefoxGoto(page, path);
    await untilInPage(page, `${path} ready (${JSON.stringify(ready)})`, isReady, [ready], 10_000);
    if (!(await page.evaluate(fitsWidth))) overflowing.push(path);
  };

  for (const entry of pages) await open(entry);
  await page.evaluate(
    (key: string, value: string) => window.localStorage.setItem(key, value),
    storageKeys.authToken,
    token,
  );
  for (const entry of dashboardPages) await open(entry);
  // A signed-in owner's page, not the login page it would fall back to.
  expect(new URL(page.url()).pathname).toBe(paths.callHistory);
  expect(errors).toEqual([]);
  expect(overflowing, 'pages wider than the phone').toEqual([]);
});

test.describe('Chromium at 390 px', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('[BRW-01] [SEC-04] Chromium at 390 px: the public pages, the finder page and the dashboard load with no script error, no CSP violation and no sideways scroll', async ({
    page,
    request,
  }) => {
    test.setTimeout(135_000);
    const { pages, token } = await fixtures(request);
    const overflowing: string[] = [];
    const open = async ({ path, ready }: PageToTry) => {
      await page.goto(path);
      await page.waitForFunction(isReady, ready, { timeout: 15_000 });
      if (!(await page.evaluate(fitsWidth))) overflowing.push(path);
    };

    for (const entry of pages) await open(entry);
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
      storageKeys.authToken,
      token,
    ] as const);
    for (const entry of dashboardPages) await open(entry);
    await expect(page).toHaveURL((url) => url.pathname === paths.callHistory);
    expect(overflowing, 'pages wider than the phone').toEqual([]);
    // The console guard of support.ts fails this test on any error or CSP violation it saw.
  });
});

test.describe('the CSP guard', () => {
  // The violation this test provokes, as the guard reports it and as Chromium itself logs it.
  test.use({
    allowConsoleErrors: allow(/^CSP violation: script-src-elem blocked inline/, /^Executing inline script violates/),
  });

  test('[BRW-01] [SEC-04] catches a violation in Firefox and in Chromium: an injected inline script is blocked and reported', async ({
    page,
    firefox,
  }) => {
    const inject = () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
    };

    const tab = await openFirefoxTab(firefox);
    try {
      await firefoxGoto(tab.page, paths.login);
      await tab.page.evaluate(inject);
      await expect.poll(() => tab.errors.join('\n')).toMatch(/CSP violation: script-src-elem blocked inline/);
      expect(await tab.page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    } finally {
      await tab.close();
    }

    const seen: string[] = [];
    page.on('console', (message) => seen.push(message.text()));
    await page.goto(paths.login);
    await page.evaluate(inject);
    await expect.poll(() => seen.join('\n')).toMatch(/CSP violation: script-src-elem blocked inline/);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  });
});
