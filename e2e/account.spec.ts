import { accountUi } from '@toque/contracts/account';
import { msg } from '@toque/contracts/messages';
import { api, paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import type { Page } from '@playwright/test';
import {
  apiLogin,
  apiUrl,
  expect,
  expectFieldError,
  expectPath,
  field,
  loginAs,
  newUser,
  openAccountMenu,
  recordApiRequests,
  registerUser,
  storedToken,
  test,
  type TestUser,
  toast,
} from './support';

async function openAccount(page: Page, user: TestUser) {
  await page.goto(paths.account);
  await expect(page.getByRole('heading', { name: ui.headings.account, level: 1 })).toBeVisible();
  // The form starts from the current name once the profile has loaded.
  await expect(field(page, ui.fields.accountName)).toHaveValue(user.name);
}

function save(page: Page) {
  return page.getByRole('button', { name: ui.buttons.saveProfile, exact: true }).click();
}

/** ACC-07: the current password is asked once, in a prompt, when the change is saved. */
async function confirmWith(page: Page, password: string) {
  const prompt = page.getByRole('dialog', { name: accountUi.passwordPrompt.profileTitle });
  await field(prompt, ui.fields.currentPassword).fill(password);
  await prompt.getByRole('button', { name: accountUi.passwordPrompt.profileConfirm }).click();
  return prompt;
}

test.describe('my account', () => {
  let user: TestUser;
  test.beforeEach(async ({ page, request }) => {
    user = await registerUser(request, newUser());
    await loginAs(page, await apiLogin(request, user));
  });

  test('[ACC-01] a blank name (only spaces) is refused under the field', async ({ page }) => {
    await openAccount(page, user);
    const puts = recordApiRequests(page, api.updateUser);
    await field(page, ui.fields.accountName).fill('   ');
    await save(page);
    await expectFieldError(page, ui.fields.accountName, msg.nameEmpty);
    // No password is asked for a change that cannot be made.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(puts).toHaveLength(0);
  });

  test('[ACC-01] the current password is required', async ({ page }) => {
    await openAccount(page, user);
    const puts = recordApiRequests(page, api.updateUser);
    await field(page, ui.fields.accountName).fill('Maria Nova');
    await save(page);
    const prompt = page.getByRole('dialog', { name: accountUi.passwordPrompt.profileTitle });
    await prompt.getByRole('button', { name: accountUi.passwordPrompt.profileConfirm }).click();
    await expectFieldError(prompt, ui.fields.currentPassword, msg.currentPasswordRequired);
    expect(puts).toHaveLength(0);
  });

  test('[ACC-01] a wrong current password shows the wrong-password message and keeps the name', async ({
    page,
    request,
  }) => {
    await openAccount(page, user);
    await field(page, ui.fields.accountName).fill('Maria Nova');
    await save(page);
    const prompt = await confirmWith(page, 'senha-errada');
    await expect(prompt.getByRole('alert')).toHaveText(msg.profileWrongPassword);
    const token = await apiLogin(request, user);
    const res = await request.get(apiUrl(api.userName), { headers: { authorization: `Bearer ${token}` } });
    expect(await res.json()).toEqual({ userName: user.name });
  });

  test('[ACC-01] [DASH-03] saving a new name shows the success toast and the avatar menu shows it', async ({
    page,
  }) => {
    await openAccount(page, user);
    const newName = `Maria Renomeada ${user.email.slice(6, 14)}`;
    const puts = recordApiRequests(page, api.updateUser);
    // Surrounding spaces are trimmed (ACC-01).
    await field(page, ui.fields.accountName).fill(`  ${newName}  `);
    await save(page);
    await confirmWith(page, user.password);
    await expect(toast(page, msg.profileSuccess)).toBeVisible();
    expect(puts).toHaveLength(1);
    expect(puts[0]!.postDataJSON()).toMatchObject({ name: newName, password: user.password });

    await expect((await openAccountMenu(page)).getByText(newName)).toBeVisible();
    // …and it is the saved name, not just what the form holds.
    await page.reload();
    await expect((await openAccountMenu(page)).getByText(newName)).toBeVisible();
  });

  test('[ACC-02] changing the password ends a session opened earlier in another browser', async ({
    page,
    request,
    browser,
  }) => {
    // A second browser (another device) logged in before the change.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await loginAs(otherPage, await apiLogin(request, user));
    await otherPage.goto(paths.dashboard);
    await expect(otherPage.getByRole('button', { name: ui.buttons.accountMenu, exact: true })).toBeVisible();

    await openAccount(page, user);
    const newPassword = 'trocada789';
    await field(page, ui.fields.accountNewPassword).fill(newPassword);
    await save(page);
    await confirmWith(page, user.password);
    await expect(toast(page, msg.profileSuccess)).toBeVisible();

    // The other browser's next load finds its session over.
    await otherPage.reload();
    await expectPath(otherPage, paths.login);
    await expect.poll(() => storedToken(otherPage)).toBeNull();
    await expect(toast(otherPage, msg.loadUserError)).toBeVisible();
    await other.close();

    // The browser that made the change stays logged in (it got a fresh token)…
    await page.goto(paths.dashboard);
    await expect(page.getByRole('button', { name: ui.buttons.accountMenu, exact: true })).toBeVisible();
    await page.reload();
    await expect((await openAccountMenu(page)).getByText(user.name)).toBeVisible();
    await expectPath(page, paths.dashboard);
    // …and only the new password opens the account.
    expect(
      (await request.post(apiUrl(api.login), { data: { email: user.email, password: user.password } })).status(),
    ).toBe(401);
    await apiLogin(request, { ...user, password: newPassword });
  });
});
