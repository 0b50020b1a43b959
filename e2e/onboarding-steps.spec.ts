import type { Page } from '@playwright/test';
import { accountUi } from '@toque/contracts/account';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { ringingUi, setupGuideUi as copy } from '@toque/contracts/ringing';
import { ui } from '@toque/contracts/ui';
import { apiLogin, expect, expectPath, fillAccountFields, loginAs, mintCodes, newUser, registerUser, storedToken, test, toast, watchCallSocket, allow, PUSH_IN_INCOGNITO } from './support';
import { expectNoSeriousA11yViolations, listTags } from './support/dashboard';

// Chromium in a test profile refuses Web Push subscriptions and says so on the console itself.
test.use({ allowConsoleErrors: allow(PUSH_IN_INCOGNITO) });
test.describe.configure({ timeout: 90_000 });

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
};

const guide = (page: Page) => page.getByRole('dialog', { name: copy.title });
const stepIs = async (page: Page, n: number, title: string) => {
  await expect(guide(page).getByText(copy.stepOf(n, 5), { exact: true })).toBeVisible();
  await expect(guide(page).getByRole('heading', { name: title })).toBeVisible();
};

test('[ACC-05] [CALL-16] after "Criar conta e vincular" the new owner lands on / and is walked through naming, info, lost mode, notifications and a test call — each step saved, by keyboard, at 390×844', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const [code] = await mintCodes(3);
  const user = newUser();
  const socket = watchCallSocket(page);
  await page.goto(paths.onboarding(code!));
  const form = page.locator('#register');
  await fillAccountFields(form, user);
  await form.getByRole('checkbox', { name: 'Li e aceito os Termos de uso e a Política de privacidade' }).check();
  await form.getByRole('button', { name: ui.buttons.onboarding, exact: true }).click();

  // AUTH-09 as specified: the toast and `/`; then the steps, over the home page.
  await expect(toast(page, msg.onboardingSuccess)).toBeVisible();
  await expectPath(page, paths.home);
  await stepIs(page, 1, copy.name.title);
  await socket.connected();
  const token = (await storedToken(page))!;
  await shot(page, 'onboarding-step-name-390');
  await expectNoSeriousA11yViolations(page, 'the setup steps');

  // 1. The name: typed and confirmed with Enter.
  const name = guide(page).getByLabel(copy.name.label, { exact: true });
  await expect(name).toBeFocused();
  await name.fill('Coleira do Thor');
  await name.press('Enter');
  await stepIs(page, 2, copy.info.title);
  await expect.poll(async () => (await listTags(request, token)).find((t) => t.code === code)?.name).toBe('Coleira do Thor');

  // A reload resumes where the owner was.
  await page.reload();
  await stepIs(page, 2, copy.info.title);

  // 2. What a finder should know, and that it is shown: through the keyboard only.
  const info = guide(page).getByLabel(copy.info.label, { exact: true });
  await info.focus();
  await page.keyboard.type('Tem medo de fogos. Ligue para a vizinha do 12.');
  await page.keyboard.press('Tab');
  await expect(guide(page).getByRole('switch', { name: copy.info.show })).toBeFocused();
  // FIND-13: it starts on — what the owner writes here is for the finder.
  await expect(guide(page).getByRole('switch', { name: copy.info.show })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(guide(page).getByRole('button', { name: copy.saveAndContinue })).toBeFocused();
  await page.keyboard.press('Enter');
  await stepIs(page, 3, copy.lost.title);
  const saved = (await listTags(request, token)).find((t) => t.code === code)!;
  expect(saved).toMatchObject({
    name: 'Coleira do Thor',
    important_info: 'Tem medo de fogos. Ligue para a vizinha do 12.',
    show_info_to_finder: true,
  });

  // 3. Lost mode, explained.
  await guide(page).getByRole('button', { name: copy.continue }).click();

  // 4. Notifications with the tab closed: this device's state, then skipped.
  await stepIs(page, 4, copy.ringing.title);
  await expect(guide(page).getByText(ringingUi.status.off, { exact: true })).toBeVisible();
  await expect(guide(page).getByRole('button', { name: ringingUi.enable })).toBeVisible();
  await shot(page, 'onboarding-step-ringing-390');
  await guide(page).getByRole('button', { name: copy.skipStep }).click();

  // 5. The test call: its card rings above the steps, then the steps come back.
  await stepIs(page, 5, copy.test.title);
  await guide(page).getByRole('button', { name: ringingUi.test }).click();
  const card = page.getByRole('alertdialog', { name: ringingUi.card.title });
  await expect(card).toBeVisible();
  await expect(guide(page)).toHaveCount(0);
  await shot(page, 'onboarding-test-call-390');
  await card.getByRole('button', { name: ringingUi.card.dismiss }).click();
  await stepIs(page, 5, copy.test.title);
  await guide(page).getByRole('button', { name: copy.finish }).click();
  await expect(toast(page, copy.done)).toBeVisible();
  await expect(guide(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(guide(page)).toHaveCount(0);
  await expectPath(page, paths.home);
});

test('[ACC-05] a logged-in owner who adds a scanned tag gets the same steps at 1366×900, and can skip one or all of them', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const user = await registerUser(request);
  const token = await apiLogin(request, user);
  const [code] = await mintCodes(4);
  await loginAs(page, token);
  await page.goto(paths.onboarding(code!));
  await page.getByRole('button', { name: accountUi.onboarding.addToAccount }).click();
  await expectPath(page, paths.products);

  await stepIs(page, 1, copy.name.title);
  await shot(page, 'onboarding-step-name-1366');
  const before = (await listTags(request, token)).find((t) => t.code === code)!;
  // Skipping a step saves nothing and moves on.
  await guide(page).getByRole('button', { name: copy.skipStep }).click();
  await stepIs(page, 2, copy.info.title);
  expect((await listTags(request, token)).find((t) => t.code === code)).toEqual(before);

  // Escape (or "Fazer depois") ends the steps for good.
  await page.keyboard.press('Escape');
  await expect(guide(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(guide(page)).toHaveCount(0);
  expect((await listTags(request, token)).find((t) => t.code === code)).toEqual(before);
});
