import { TERMS_VERSION } from '@toque/contracts/account';
import { msg } from '@toque/contracts/messages';
import { api, paths } from '@toque/contracts/routes';
import { productTypes, type ProductId } from '@toque/contracts/constants';
import { ui } from '@toque/contracts/ui';
import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectFieldError,
  expectPath,
  field,
  fillAccountFields,
  mintCodes,
  newUser,
  recordApiRequests,
  registerUser,
  storedToken,
  test,
  toast,
  type TestUser,
} from './support';

/** Opens /onboarding/{code} and returns the registration form, anchored as #register (AUTH-09). */
async function openOnboarding(page: Page, code: string): Promise<Locator> {
  await page.goto(paths.onboarding(code));
  await expect(page.getByRole('heading', { name: ui.headings.onboarding })).toBeVisible();
  const form = page.locator('#register');
  await expect(form).toBeVisible();
  return form;
}

async function fillOnboarding(form: Locator, user: TestUser, productId: ProductId) {
  await fillAccountFields(form, user);
  await expect(field(form, ui.fields.productType)).toHaveValue(String(productId));
  await form.getByRole('checkbox', { name: 'Li e aceito os Termos de uso e a Política de privacidade' }).check();
}

function submit(form: Locator) {
  return form.getByRole('button', { name: ui.buttons.onboarding, exact: true }).click();
}

// Each test mints its codes with the operator CLI, which takes seconds to start on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** A well-formed code that was never minted (minted codes avoid 0, 1, I, L and O). */
const unknownCode = 'Z0Z0Z0Z0';

test("[AUTH-09] [ACC-04] the form sits in #register, its dropdown holds only the code's type, and it validates on submit", async ({
  page,
}) => {
  const [code] = await mintCodes(1);
  const form = await openOnboarding(page, code!);
  // ACC-04: the page says which product the code is, and the type cannot be changed.
  await expect(form.getByText(`Este código é de: ${productTypes[1]}.`, { exact: true })).toBeVisible();
  const select = field(form, ui.fields.productType);
  await expect(select).toHaveValue('1');
  await expect(select.locator('option')).toHaveText([productTypes[1]]);

  const posts = recordApiRequests(page, api.webOnboarding);
  await field(form, ui.fields.email).fill('maria@');
  await field(form, ui.fields.phone).fill('319888877');
  await field(form, ui.fields.cpfOrCnpj).fill('1234567890');
  await field(form, ui.fields.password).fill('12345');
  await submit(form);
  await expectFieldError(form, ui.fields.name, msg.required);
  await expectFieldError(form, ui.fields.email, msg.emailInvalid);
  await expectFieldError(form, ui.fields.phone, msg.phoneInvalid);
  await expectFieldError(form, ui.fields.cpfOrCnpj, msg.cpfInvalid);
  await expectFieldError(form, ui.fields.password, msg.passwordMin);
  await expectFieldError(form, ui.fields.confirmPassword, msg.confirmRequired);
  // ACC-03: no account without consent.
  await expectFieldError(
    form,
    'Li e aceito os Termos de uso e a Política de privacidade',
    'É preciso aceitar os Termos de uso e a Política de privacidade.',
  );
  // The registration wording of the e-mail message belongs to /sign-up, not here.
  await expect(page.getByText(msg.emailInvalidRegister, { exact: true })).toHaveCount(0);
  expect(posts).toHaveLength(0);
});

test('[AUTH-09] a confirmation that differs from the password is refused', async ({ page }) => {
  const [code] = await mintCodes(1);
  const user = newUser();
  const form = await openOnboarding(page, code!);
  const posts = recordApiRequests(page, api.webOnboarding);
  await fillOnboarding(form, user, 1);
  await field(form, ui.fields.confirmPassword).fill(`${user.password}x`);
  await submit(form);
  await expectFieldError(form, ui.fields.confirmPassword, msg.passwordsDontMatch);
  expect(posts).toHaveLength(0);
});

test('[ACC-04] an unknown code is said to be unknown before any form is shown', async ({ page }) => {
  await page.goto(paths.onboarding(unknownCode));
  await expect(page.getByRole('heading', { name: 'Código não encontrado', level: 2 })).toBeVisible();
  await expect(page.locator('#register')).toHaveCount(0);
  expect(await storedToken(page)).toBeNull();
});

test('[ACC-04] a plate code offers only Condomínio, and a bracelet code never offers it', async ({ page }) => {
  const [plate] = await mintCodes(5);
  let form = await openOnboarding(page, plate!);
  await expect(field(form, ui.fields.productType).locator('option')).toHaveText([productTypes[5]]);
  const [bracelet] = await mintCodes(1);
  form = await openOnboarding(page, bracelet!);
  await expect(field(form, ui.fields.productType).locator('option')).toHaveText([productTypes[1]]);
  await expect(form.getByText(productTypes[5], { exact: true })).toHaveCount(0);
});

test('[AUTH-10] an e-mail that already has an account shows the conflict toast', async ({ page, request }) => {
  const existing = await registerUser(request, newUser());
  const [code] = await mintCodes(4);
  const form = await openOnboarding(page, code!);
  await fillOnboarding(form, newUser({ email: existing.email }), 4);
  await submit(form);
  await expect(toast(page, msg.onboardingConflict)).toBeVisible();
  await expectPath(page, paths.onboarding(code!));
  expect(await storedToken(page)).toBeNull();
});

test('[AUTH-09] [AUTH-10] onboarding with a minted code creates the account, logs in and goes to /', async ({
  page,
}) => {
  const [code] = await mintCodes(2);
  const user = newUser();
  const form = await openOnboarding(page, code!);
  const posts = recordApiRequests(page, api.webOnboarding);
  await fillOnboarding(form, user, 2);
  await submit(form);
  await expect(toast(page, msg.onboardingSuccess)).toBeVisible();
  await expectPath(page, paths.home);
  await expect.poll(() => storedToken(page)).toEqual(expect.any(String));
  expect(posts).toHaveLength(1);
  expect(posts[0]!.postDataJSON()).toEqual({
    name: user.name,
    phone: user.phone,
    cpfOrCnpj: user.cpfOrCnpj,
    email: user.email,
    password: user.password,
    code,
    productId: 2,
    termsVersion: TERMS_VERSION,
  });
  // Logged in: the dashboard opens instead of sending the user to the login page.
  await page.goto(paths.dashboard);
  await expect(page.getByRole('button', { name: ui.buttons.accountMenu, exact: true })).toBeVisible();
  await expectPath(page, paths.dashboard);
});
