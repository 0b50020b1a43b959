import { msg } from '@toque/contracts/messages';
import { api, paths } from '@toque/contracts/routes';
import { storageKeys } from '@toque/contracts/constants';
import { ui } from '@toque/contracts/ui';
import {
  action,
  apiLogin,
  apiUrl,
  createAdmin,
  expect,
  expectPath,
  field,
  loginAs,
  logoutViaMenu,
  newUser,
  registerUser,
  storedToken,
  test,
  toast,
} from './support';

const guestOnly = [
  paths.login,
  paths.signUp,
  paths.forgotPassword,
  paths.forgotPasswordSuccess,
  paths.resetPassword,
  paths.resetPasswordSuccess,
];

test('[AUTH-01] every guest-only page sends a logged-in user to the dashboard', async ({ page, request }) => {
  const user = await registerUser(request, newUser());
  await loginAs(page, await apiLogin(request, user));
  for (const path of guestOnly) {
    await page.goto(path);
    await expectPath(page, paths.dashboard);
    await expect(page.getByRole('button', { name: ui.buttons.accountMenu, exact: true })).toBeVisible();
  }
});

test('[AUTH-02] [DASH-01] an anonymous visit to my account goes to /login and, after login, back to my account', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, newUser());
  await page.goto(paths.account);
  await expectPath(page, paths.login);
  await expect(page.getByRole('heading', { name: ui.headings.login })).toBeVisible();

  await field(page, ui.fields.login).fill(user.email);
  await field(page, ui.fields.password).fill(user.password);
  await page.getByRole('button', { name: ui.buttons.login, exact: true }).click();
  await expect(toast(page, msg.loginSuccess)).toBeVisible();
  await expectPath(page, paths.account);
  await expect(page.getByRole('heading', { name: ui.headings.account, level: 1 })).toBeVisible();
});

test('[AUTH-02] [DASH-01] an anonymous visit to the dashboard goes to /login', async ({ page }) => {
  await page.goto(paths.dashboard);
  await expectPath(page, paths.login);
  await expect(page.getByRole('heading', { name: ui.headings.login })).toBeVisible();
  await expect(page.getByRole('button', { name: ui.buttons.accountMenu, exact: true })).toHaveCount(0);
});

test('[DASH-01] /dashboard/account shows the my-account page', async ({ page, request }) => {
  const user = await registerUser(request, newUser());
  await loginAs(page, await apiLogin(request, user));
  await page.goto(paths.accountAlias);
  await expect(page.getByRole('heading', { name: ui.headings.account, level: 1 })).toBeVisible();
  await expect(field(page, ui.fields.accountName)).toHaveValue(user.name);
});

test('[DASH-01] the admin-only clients page sends a customer to /dashboard', async ({ page, request }) => {
  const user = await registerUser(request, newUser());
  await loginAs(page, await apiLogin(request, user));
  await page.goto(paths.manageClients);
  await expectPath(page, paths.dashboard);
  await expect(page.getByRole('button', { name: ui.buttons.accountMenu, exact: true })).toBeVisible();
});

test('[DASH-01] the admin-only clients page admits an administrator', async ({ page, request }) => {
  const admin = createAdmin(newUser());
  await loginAs(page, await apiLogin(request, admin));
  const adminChecked = page.waitForResponse(
    (res) => new URL(res.url()).pathname === apiUrl(api.isToqueAdmin) && res.ok(),
  );
  await page.goto(paths.manageClients);
  expect(await (await adminChecked).json()).toEqual({ toqueAdmin: true });
  await expect(page.getByRole('button', { name: ui.buttons.accountMenu, exact: true })).toBeVisible();
  // Give the guard every chance to act on the answer before checking that it let the admin stay.
  await page.waitForLoadState('networkidle');
  await expectPath(page, paths.manageClients);
});

test('[AUTH-06] [DASH-03] logging out removes the token, says so and goes to /login', async ({ page, request }) => {
  const user = await registerUser(request, newUser());
  await loginAs(page, await apiLogin(request, user));
  await page.goto(paths.dashboard);
  await expect.poll(() => storedToken(page)).toEqual(expect.any(String));
  await logoutViaMenu(page);
  await expect(toast(page, msg.logoutSuccess)).toBeVisible();
  await expectPath(page, paths.login);
  expect(await storedToken(page)).toBeNull();
  // The session is really over: the dashboard asks for a login again.
  await page.goto(paths.dashboard);
  await expectPath(page, paths.login);
});

test('[AUTH-05] a token the server rejects ends logged out with the load-user error', async ({ page }) => {
  await page.addInitScript(
    ([key]) => {
      if (window.sessionStorage.getItem('e2e-garbage-seeded')) return;
      window.sessionStorage.setItem('e2e-garbage-seeded', '1');
      window.localStorage.setItem(key, 'isto-nao-e-um-token');
    },
    [storageKeys.authToken] as const,
  );
  const bearer = page.waitForRequest((req) => new URL(req.url()).pathname === apiUrl(api.userName));
  await page.goto(paths.dashboard);
  // AUTH-05: the stored token goes out as a Bearer header.
  expect((await bearer).headers()['authorization']).toBe('Bearer isto-nao-e-um-token');
  await expect(toast(page, msg.loadUserError)).toBeVisible();
  await expectPath(page, paths.login);
  await expect.poll(() => storedToken(page)).toBeNull();
});

test('[PUB-13] [SEC-06] an unknown path answers HTTP 404 and shows the 404 page, whose button goes back to the start', async ({ page }) => {
  const response = await page.goto('/esta-pagina-nao-existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByText(msg.notFoundTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(msg.notFoundText, { exact: true })).toBeVisible();
  await action(page, ui.buttons.backHome).click();
  await expectPath(page, paths.home);
  await expect(page.getByText(msg.notFoundTitle, { exact: true })).toHaveCount(0);
});

test("[SEC-06] the Permissions-Policy every page carries names only features the browser knows: no 'Unrecognized feature' on the console", async ({
  page,
}) => {
  const policyMessages: string[] = [];
  page.on('console', (message) => {
    if (/permissions-policy|unrecognized feature/i.test(message.text())) policyMessages.push(`${message.type()}: ${message.text()} (${page.url()})`);
  });
  for (const path of [paths.home, paths.login, '/esta-pagina-nao-existe']) {
    const response = await page.goto(path);
    expect(response?.headers()['permissions-policy']).toContain('camera=(self), microphone=(self), geolocation=(self)');
    // The console keeps its order: once this line has arrived, the header's warnings (logged as the
    // document was parsed) would have too.
    const marker = `policy-checked ${path}`;
    const seen = page.waitForEvent('console', (message) => message.text() === marker);
    await page.evaluate((text) => console.info(text), marker);
    await seen;
  }
  expect(policyMessages).toEqual([]);
});
