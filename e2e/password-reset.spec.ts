import { msg } from '@toque/contracts/messages';
import { api, paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import type { Page } from '@playwright/test';
import {
  action,
  apiUrl,
  expect,
  expectFieldError,
  expectPath,
  field,
  fillAccountFields,
  mintCodes,
  newUser,
  openAccountMenu,
  readResetCode,
  recordApiRequests,
  registerUser,
  storedToken,
  test,
  type TestUser,
  toast,
} from './support';

async function openForgot(page: Page) {
  await page.goto(paths.forgotPassword);
  await expect(page.getByRole('heading', { name: ui.headings.forgotPassword })).toBeVisible();
}

function sendCode(page: Page) {
  return page.getByRole('button', { name: ui.buttons.sendCode, exact: true }).click();
}

async function openReset(page: Page, email?: string) {
  await page.goto(email ? `${paths.resetPassword}?email=${encodeURIComponent(email)}` : paths.resetPassword);
  await expect(page.getByRole('heading', { name: ui.headings.resetPassword })).toBeVisible();
}

async function fillReset(
  page: Page,
  form: { email?: string; code: string; password: string; confirmPassword: string },
) {
  if (form.email !== undefined) await field(page, ui.fields.email).fill(form.email);
  await field(page, ui.fields.resetCode).fill(form.code);
  await field(page, ui.fields.newPassword).fill(form.password);
  await field(page, ui.fields.confirmNewPassword).fill(form.confirmPassword);
}

function submitReset(page: Page) {
  return page.getByRole('button', { name: ui.buttons.resetPassword, exact: true }).click();
}

async function login(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await field(page, ui.fields.login).fill(user.email);
  await field(page, ui.fields.password).fill(user.password);
  await page.getByRole('button', { name: ui.buttons.login, exact: true }).click();
}

test('[AUTH-11] the e-mail is required and must be valid; nothing is sent until it is', async ({ page }) => {
  await openForgot(page);
  const posts = recordApiRequests(page, api.generateCode);
  await sendCode(page);
  await expectFieldError(page, ui.fields.email, msg.required);
  await field(page, ui.fields.email).fill('maria@');
  await sendCode(page);
  await expectFieldError(page, ui.fields.email, msg.emailInvalid);
  await expect(page.getByText(msg.required, { exact: true })).toHaveCount(0);
  expect(posts).toHaveLength(0);
});

test('[AUTH-11] an unknown e-mail shows the user-not-found toast', async ({ page }) => {
  await openForgot(page);
  await field(page, ui.fields.email).fill(newUser().email);
  await sendCode(page);
  await expect(toast(page, msg.forgotUserNotFound)).toBeVisible();
  await expectPath(page, paths.forgotPassword);
});

test('[AUTH-11] a known e-mail gets a code and the success page leads to the reset form with the e-mail', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, newUser());
  await openForgot(page);
  await field(page, ui.fields.email).fill(user.email);
  await sendCode(page);
  await expectPath(page, paths.forgotPasswordSuccess);
  await expect(page.getByRole('heading', { name: ui.headings.forgotPasswordSuccess })).toBeVisible();
  expect(readResetCode(user.email)).toMatch(/^\d{6}$/);

  await action(page, ui.links.goToReset).click();
  await expectPath(page, paths.resetPassword);
  expect(new URL(page.url()).searchParams.get('email')).toBe(user.email);
  await expect(field(page, ui.fields.email)).toHaveValue(user.email);
});

test('[AUTH-12] the reset form requires the code and a confirmed password of at least 6 characters', async ({
  page,
}) => {
  const email = newUser().email;
  await openReset(page, email);
  const posts = recordApiRequests(page, api.resetPassword);
  await submitReset(page);
  await expectFieldError(page, ui.fields.resetCode, msg.resetCodeRequired);
  await expectFieldError(page, ui.fields.newPassword, msg.passwordMin);
  await expectFieldError(page, ui.fields.confirmNewPassword, msg.resetConfirmRequired);

  await fillReset(page, { code: '123456', password: '12345', confirmPassword: '12345' });
  await submitReset(page);
  await expectFieldError(page, ui.fields.newPassword, msg.passwordMin);
  await expect(page.getByText(msg.resetCodeRequired, { exact: true })).toHaveCount(0);
  await expect(page.getByText(msg.resetConfirmRequired, { exact: true })).toHaveCount(0);
  expect(posts).toHaveLength(0);
});

test('[AUTH-12] a confirmation that differs from the new password is refused', async ({ page }) => {
  await openReset(page, newUser().email);
  const posts = recordApiRequests(page, api.resetPassword);
  await fillReset(page, { code: '123456', password: 'novasenha1', confirmPassword: 'novasenha2' });
  await submitReset(page);
  await expectFieldError(page, ui.fields.confirmNewPassword, msg.passwordsDontMatch);
  expect(posts).toHaveLength(0);
});

test('[AUTH-12] [AUTH-13] a wrong code shows the invalid-code toast and leaves the password alone', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, newUser());
  expect((await request.post(apiUrl(api.generateCode), { data: { email: user.email } })).status()).toBe(200);
  const right = readResetCode(user.email);
  const wrong = right.replace(/\d$/, (d) => String((Number(d) + 1) % 10));

  await openReset(page, user.email);
  await fillReset(page, { code: wrong, password: 'novasenha1', confirmPassword: 'novasenha1' });
  await submitReset(page);
  await expect(toast(page, msg.resetInvalidCode)).toBeVisible();
  await expectPath(page, paths.resetPassword);
  // The old password still works; the new one does not.
  expect(
    (await request.post(apiUrl(api.login), { data: { email: user.email, password: user.password } })).status(),
  ).toBe(200);
  expect(
    (await request.post(apiUrl(api.login), { data: { email: user.email, password: 'novasenha1' } })).status(),
  ).toBe(401);
});

test('[AUTH-13] [AUTH-06] [AUTH-09] [AUTH-11] [AUTH-12] [DASH-03] the whole journey: onboarding, logout, mailed code, reset, login', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const [code] = await mintCodes(3);
  const user = newUser();

  // A buyer creates the account with the code of the tag they bought.
  await page.goto(paths.onboarding(code!));
  const form = page.locator('#register');
  await fillAccountFields(form, user);
  await field(form, ui.fields.productType).selectOption('3');
  // ACC-03: the consent every new account gives.
  await form.getByRole('checkbox', { name: 'Li e aceito os Termos de uso e a Política de privacidade' }).check();
  await form.getByRole('button', { name: ui.buttons.onboarding, exact: true }).click();
  await expect(toast(page, msg.onboardingSuccess)).toBeVisible();
  await expectPath(page, paths.home);

  // In the dashboard, the avatar menu shows the name and logs out.
  await page.goto(paths.dashboard);
  const menu = await openAccountMenu(page);
  await expect(menu.getByText(user.name)).toBeVisible();
  await expect(action(menu, ui.buttons.editProfile)).toBeVisible();
  await action(menu, ui.buttons.logout).click();
  await expect(toast(page, msg.logoutSuccess)).toBeVisible();
  await expectPath(page, paths.login);
  expect(await storedToken(page)).toBeNull();

  // Forgot password, from the login page.
  await action(page, ui.links.forgotPassword).click();
  await expectPath(page, paths.forgotPassword);
  // The URL changes before the lazy page replaces the login form, whose E-mail field has the same label.
  await expect(page.getByRole('heading', { name: ui.headings.forgotPassword })).toBeVisible();
  await field(page, ui.fields.email).fill(user.email);
  await sendCode(page);
  await expectPath(page, paths.forgotPasswordSuccess);

  // The code arrives by e-mail (the embedded outbox, read with the operator CLI).
  const resetCode = readResetCode(user.email);
  await action(page, ui.links.goToReset).click();
  await expectPath(page, paths.resetPassword);
  await expect(field(page, ui.fields.email)).toHaveValue(user.email);
  const newPassword = 'outrasenha456';
  await fillReset(page, { code: resetCode, password: newPassword, confirmPassword: newPassword });
  await submitReset(page);
  await expect(toast(page, msg.resetSuccess)).toBeVisible();
  await expectPath(page, paths.resetPasswordSuccess);
  await expect(page.getByRole('heading', { name: ui.headings.resetPasswordSuccess })).toBeVisible();

  // The old password no longer opens the account; the new one does.
  await page.goto(paths.login);
  await login(page, user);
  await expect(toast(page, msg.loginFailure)).toBeVisible();
  await expectPath(page, paths.login);
  await login(page, { email: user.email, password: newPassword });
  await expect(toast(page, msg.loginSuccess)).toBeVisible();
  await expectPath(page, paths.home);
  expect(await storedToken(page)).toEqual(expect.any(String));

  // AUTH-13: the mailed code was good for one use only.
  const again = await request.post(apiUrl(api.resetPassword), {
    data: { email: user.email, code: resetCode, password: 'terceira789', confirmPassword: 'terceira789' },
  });
  expect(again.status()).toBe(401);
});
