import { randomUUID } from 'node:crypto';
import { googleMsg, googleRoutes, publicConfigPath } from '@toque/contracts/google-sign-in';
import { msg } from '@toque/contracts/messages';
import { api, paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import type { Page } from '@playwright/test';
import { startLocalProvider, type LocalProvider } from '../apps/server/test/oidc-support';
import { expectNoSeriousA11yViolations } from './support/dashboard';
import { apiUrl, type AppServer, bearerOf, expect, expectPath, storedToken, test, toast } from './support';

/**
 * AUTH-16 in the browser: a real OpenID provider on this machine (oidc-provider, the server tests'
 * own, apps/server/test/oidc-support.ts) and a Toque server of the worker's own configured for it
 * (the suite's server stays unconfigured for every other spec). The provider's development login
 * form takes any login name; its "[ Cancel ]" link is consent denied.
 */
const googleTest = test.extend<object, { google: { provider: LocalProvider; server: AppServer } }>({
  google: [
    async ({ appServer }, use) => {
      const provider = await startLocalProvider();
      try {
        const server = await appServer({
          env: {
            GOOGLE_ISSUER_URL: provider.issuer,
            GOOGLE_CLIENT_ID: provider.clientId,
            GOOGLE_CLIENT_SECRET: provider.clientSecret,
          },
        });
        // The server's callback (PUBLIC_URL/api/auth/google/callback) is known once it runs.
        provider.redirectTo(`${server.url}/api/auth/google/callback`);
        await use({ provider, server });
      } finally {
        await provider.close();
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ google }, use) => use(google.server.url),
});

/** The provider's page loads a web font from Google: this machine has no internet, and the page needs none. */
async function withoutWebFonts(page: Page) {
  await page
    .context()
    .route(/^https:\/\/fonts\.(googleapis|gstatic)\.com\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
    );
}

async function openLogin(page: Page) {
  await page.goto(paths.login);
  await expect(page.getByRole('heading', { name: ui.headings.login })).toBeVisible();
}

const googleLink = (page: Page) => page.getByRole('link', { name: ui.buttons.google, exact: true });

googleTest.describe('[AUTH-16] Google sign-in on a phone', () => {
  googleTest.use({ viewport: { width: 390, height: 844 } });

  googleTest(
    '[AUTH-16] configured: "Entrar com Google" → the provider\'s login form → back logged in on a new account named as at Google',
    async ({ page, google, request }) => {
      await withoutWebFonts(page);
      const login = `nova-${randomUUID().slice(0, 8)}`;
      const email = `${login}@exemplo.com.br`;
      google.provider.accounts.set(login, { email, email_verified: true, name: 'Beatriz Lima' });

      await openLogin(page);
      const button = googleLink(page);
      await expect(button).toBeVisible();
      await expect(page.getByText(googleMsg.consent)).toBeVisible();
      const box = await button.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      await expectNoSeriousA11yViolations(page, 'login page with Google sign-in');

      await button.click();
      // The provider's own development login form, on its own origin.
      await expect(page.locator('input[name="login"]')).toBeVisible();
      expect(new URL(page.url()).origin).toBe(google.provider.issuer);
      await page.locator('input[name="login"]').fill(login);
      await page.locator('input[name="password"]').fill('qualquer');
      await page.getByRole('button', { name: 'Sign-in' }).click();

      // Back on Toque: logged in and landed where a password login lands.
      await expect(toast(page, msg.loginSuccess)).toBeVisible();
      await expectPath(page, paths.home);
      const token = await storedToken(page);
      expect(token).toEqual(expect.any(String));
      const me = await request.get(apiUrl(api.userName), { headers: bearerOf(token!) });
      expect(me.status()).toBe(200);
      expect(((await me.json()) as { userName: string }).userName).toBe('Beatriz Lima');
      // The session cookie was spent: a second collection finds none.
      const again = await page.evaluate(
        async (url) =>
          (
            await fetch(url, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: '{}',
            })
          ).status,
        apiUrl(googleRoutes.session),
      );
      expect(again).toBe(401);
    },
  );

  googleTest(
    '[AUTH-16] consent denied at the provider: back on the login page with the Portuguese message, not logged in',
    async ({ page }) => {
      await withoutWebFonts(page);
      await openLogin(page);
      await googleLink(page).click();
      await expect(page.locator('input[name="login"]')).toBeVisible();
      await page.getByRole('link', { name: '[ Cancel ]' }).click();

      await expect(page.getByRole('alert').filter({ hasText: googleMsg.denied })).toBeVisible();
      await expectPath(page, paths.login);
      expect(await storedToken(page)).toBeNull();
      // The button is there to try again.
      await expect(googleLink(page)).toBeVisible();
    },
  );
});

test("[AUTH-16] [AUTH-15] without Google configured (the suite's server) the login page has no Google button at all: AUTH-15's placeholder, a button that did nothing, is gone (superseded by AUTH-16)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const config = page.waitForResponse((r) => new URL(r.url()).pathname === apiUrl(publicConfigPath));
  await openLogin(page);
  expect(((await (await config).json()) as { googleSignIn: boolean }).googleSignIn).toBe(false);
  // The page has had its answer: give React the render that would show the button.
  await expect(page.getByRole('button', { name: ui.buttons.login })).toBeEnabled();
  await expect(page.getByText(ui.buttons.google)).toHaveCount(0);
  await expect(page.getByText(googleMsg.consent)).toHaveCount(0);
});
