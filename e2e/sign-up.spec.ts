import { TERMS_VERSION } from '@toque/contracts/account';
import { msg } from '@toque/contracts/messages';
import { api, paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import type { Page } from '@playwright/test';
import {
  apiUrl,
  expect,
  expectFieldError,
  expectPath,
  fillAccountFields,
  newUser,
  recordApiRequests,
  registerUser,
  storedToken,
  test,
  type TestUser,
  toast,
} from './support';

type SignUpForm = Pick<TestUser, 'name' | 'email' | 'phone' | 'cpfOrCnpj' | 'password'> & { confirmPassword: string };

async function openSignUp(page: Page) {
  await page.goto(paths.signUp);
  await expect(page.getByRole('heading', { name: ui.headings.signUp })).toBeVisible();
}

async function fillSignUp(page: Page, form: SignUpForm) {
  await fillAccountFields(page, form);
  // ACC-03: the consent every sign-up gives.
  await page.getByRole('checkbox', { name: 'Li e aceito os Termos de uso e a Política de privacidade' }).check();
}

function submit(page: Page) {
  return page.getByRole('button', { name: ui.buttons.signUp, exact: true }).click();
}

test('[AUTH-07] an empty form shows the messages under the fields and posts nothing', async ({ page }) => {
  await openSignUp(page);
  const posts = recordApiRequests(page, api.register);
  await submit(page);
  await expectFieldError(page, ui.fields.name, msg.required);
  await expectFieldError(page, ui.fields.phone, msg.phoneInvalid);
  await expectFieldError(page, ui.fields.cpfOrCnpj, msg.cpfInvalid);
  await expectFieldError(page, ui.fields.password, msg.passwordMin);
  await expectFieldError(page, ui.fields.confirmPassword, msg.confirmRequired);
  expect(posts).toHaveLength(0);
  await expectPath(page, paths.signUp);
});

test('[AUTH-07] a bad e-mail, short phone, short CPF and short password each get their message', async ({ page }) => {
  await openSignUp(page);
  const posts = recordApiRequests(page, api.register);
  await fillSignUp(page, {
    name: 'Maria Teste',
    email: 'maria@',
    phone: '319888877', // 9 digits: one short of the minimum of 10
    cpfOrCnpj: '1234567890', // 10: one short of 11
    password: '12345', // 5: one short of 6
    confirmPassword: '12345',
  });
  await submit(page);
  await expectFieldError(page, ui.fields.email, msg.emailInvalidRegister);
  await expectFieldError(page, ui.fields.phone, msg.phoneInvalid);
  await expectFieldError(page, ui.fields.cpfOrCnpj, msg.cpfInvalid);
  await expectFieldError(page, ui.fields.password, msg.passwordMin);
  await expect(page.getByText(msg.required, { exact: true })).toHaveCount(0);
  expect(posts).toHaveLength(0);
});

test('[AUTH-07] a confirmation that differs from the password is refused', async ({ page }) => {
  const user = newUser();
  await openSignUp(page);
  const posts = recordApiRequests(page, api.register);
  await fillSignUp(page, { ...user, confirmPassword: `${user.password}x` });
  await submit(page);
  await expectFieldError(page, ui.fields.confirmPassword, msg.passwordsDontMatch);
  expect(posts).toHaveLength(0);
});

test('[AUTH-07] [AUTH-08] a valid sign-up registers, logs in automatically and goes to / @smoke', async ({ page }) => {
  const user = newUser();
  await openSignUp(page);
  const requests = recordApiRequests(page, '/auth/');
  await fillSignUp(page, { ...user, confirmPassword: user.password });
  await submit(page);
  await expect(toast(page, msg.registerSuccess)).toBeVisible();
  await expectPath(page, paths.home);
  await expect.poll(() => storedToken(page)).toEqual(expect.any(String));
  // Registration, then the automatic login with the same credentials.
  const posts = requests.filter((r) => r.method() === 'POST');
  expect(posts.map((r) => new URL(r.url()).pathname)).toEqual([apiUrl(api.register), apiUrl(api.login)]);
  expect(posts[0]!.postDataJSON()).toEqual({
    name: user.name,
    email: user.email,
    cpfOrCnpj: user.cpfOrCnpj,
    phone: user.phone,
    password: user.password,
    termsVersion: TERMS_VERSION,
  });
  // Logged in: the dashboard opens instead of sending the user to the login page.
  await page.goto(paths.dashboard);
  await expect(page.getByRole('button', { name: ui.buttons.accountMenu, exact: true })).toBeVisible();
  await expectPath(page, paths.dashboard);
});

test('[AUTH-08] an e-mail that is already registered shows the conflict toast', async ({ page, request }) => {
  const existing = await registerUser(request, newUser());
  await openSignUp(page);
  await fillSignUp(page, { ...newUser({ email: existing.email }), confirmPassword: existing.password });
  await submit(page);
  await expect(toast(page, msg.registerConflict)).toBeVisible();
  await expectPath(page, paths.signUp);
  expect(await storedToken(page)).toBeNull();
});
