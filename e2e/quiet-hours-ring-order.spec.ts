import { finderTextAt } from '@toque/contracts/finder-text';
import type { APIRequestContext } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import { doorUi } from '@toque/contracts/door';
import { msg } from '@toque/contracts/messages';
import { API_BASE, paths, productsApi } from '@toque/contracts/routes';
import { callSettingsApi, callSettingsUi, localParts, type QuietHours } from '@toque/contracts/quiet-hours';
import { expectNoSeriousA11yViolations } from './support/dashboard';
import {
  allow,
  apiLogin,
  bearerOf,
  callHistory,
  expect,
  expectPath,
  GEOCODER_DOWN,
  openFinder,
  openOwner,
  openSession,
  plateWithResident,
  PUSH_IN_INCOGNITO,
  registerUser,
  test,
  toast,
} from './support';

// Chromium in a test profile refuses Web Push subscriptions and says so on the console itself (as in call-push.spec.ts).
test.use({ allowConsoleErrors: allow(PUSH_IN_INCOGNITO) });
test.describe.configure({ timeout: 120_000 });

const f = callUi.finder;
const SP = 'America/Sao_Paulo';
const hhmm = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};
/** Every day, from an hour ago until an hour from now, on São Paulo's wall clock. */
function aroundNow(): QuietHours {
  const l = localParts(new Date(), SP);
  const m = l.hour * 60 + l.minute;
  return { days: [0, 1, 2, 3, 4, 5, 6], from: hhmm(m - 60), until: hhmm(m + 60), timeZone: SP };
}

async function setCallSettings(
  request: APIRequestContext,
  token: string,
  code: string,
  data: { quietHours: QuietHours | null; ringOrderSeconds: number | null },
) {
  const res = await request.put(`/api${callSettingsApi.tag(code)}`, { headers: bearerOf(token), data });
  expect(res.status(), await res.text()).toBe(200);
}

test('[FIND-07] quiet hours turn a call into "write instead" on a 390 px phone: before the tap (server HTML too) and at the tap', async ({
  browser,
  request,
}) => {
  const owner = await openOwner(browser, request, { path: paths.products });
  const finder = await openFinder(browser);

  // The page opened before the quiet hours began: the tap is refused by the server and the page says until when.
  await finder.page.goto(paths.finder(owner.code));
  await expect(finder.page.getByRole('button', { name: f.call })).toBeVisible();
  const quiet = aroundNow();
  await setCallSettings(request, owner.token, owner.code, { quietHours: quiet, ringOrderSeconds: null });
  await finder.page.getByRole('button', { name: f.call }).click();
  await expect(finder.page.getByRole('status').filter({ hasText: f.quiet(quiet.until) })).toBeVisible();
  // Nothing rang.
  await expect(owner.page).toHaveURL(new RegExp(`${paths.products}$`));

  // Opened now, the page says it before any tap, in the server's HTML as well.
  const html = await (await request.get(paths.finder(owner.code))).text();
  expect(html).toContain(f.quiet(quiet.until));
  await finder.page.goto(paths.finder(owner.code));
  await expect(finder.page.getByRole('status').filter({ hasText: f.quiet(quiet.until) })).toBeVisible();
  await expect(finder.page.getByRole('button', { name: f.call })).toHaveCount(0);
  await finder.page.screenshot({ path: test.info().outputPath('finder-quiet-390.png'), fullPage: true });
  await finder.page.getByLabel(f.messageLabel).fill('Achei sua coleira na praça, estou no banco perto da fonte.');
  await finder.page.getByRole('button', { name: f.sendMessage }).click();
  await expect(finder.page.getByRole('status').filter({ hasText: f.messageSent })).toBeVisible();

  // The message is in the owner's history.
  expect((await callHistory(request, owner.token)).map((c) => [c.kind, c.message])).toEqual([['message', 'Achei sua coleira na praça, estou no banco perto da fonte.']]);
  await finder.close();
  await owner.close();
});

test.describe('answered', () => {
  // The geocoder is unreachable in the tests: the answering member's map says so on the console.
  test.use({ allowConsoleErrors: allow(PUSH_IN_INCOGNITO, GEOCODER_DOWN) });

  test('[FIND-08] in order: the member rings only after the owner’s 15 s, and the finder sees "tentando outra pessoa"', async ({
    browser,
    request: api,
  }) => {
    // The suite's server rings for the production 60 s (CALL_RING_TIMEOUT_MS): the owner's 15 s leave
    // the members the rest (docs/decisions/0043).
    const owner = await openOwner(browser, api, { path: paths.products });
    // The member: an account the owner shares the tag with, its dashboard open.
    const memberUser = await registerUser(api);
    const memberToken = await apiLogin(api, memberUser);
    const shared = await api.post(`${API_BASE}${productsApi.member}`, {
      headers: bearerOf(owner.token),
      data: { code: owner.code, email: memberUser.email },
    });
    expect(shared.status(), await shared.text()).toBe(201);
    await setCallSettings(api, owner.token, owner.code, { quietHours: null, ringOrderSeconds: 15 });
    const memberSide = await openSession(browser, memberToken, { path: paths.products });
    const member = memberSide.page;

    const finder = await openFinder(browser);
    await finder.page.goto(paths.finder(owner.code));
    await finder.page.getByRole('button', { name: f.call }).click();
    // Step 1: the owner rings; the member does not.
    await expectPath(owner.page, paths.call);
    await expect(owner.page.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
    const ownerRangAt = Date.now();
    await expect(member).toHaveURL(new RegExp(`${paths.products}$`));
    await expect(finder.page.getByText(f.tryingAnother)).toHaveCount(0);
    // Step 2: after the owner's seconds, the member rings and the finder is told someone else is tried.
    await expectPath(member, paths.call);
    const memberRangAfterMs = Date.now() - ownerRangAt;
    await expect(member.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
    await expect(finder.page.getByRole('status').filter({ hasText: f.tryingAnother })).toBeVisible();
    // 15 s from the call's creation, which came a little before the owner's ring showed.
    expect(memberRangAfterMs).toBeGreaterThan(10_000);
    test.info().annotations.push({ type: 'member rang after the owner (ms)', description: String(memberRangAfterMs) });
    await finder.page.screenshot({ path: test.info().outputPath('finder-trying-another-390.png'), fullPage: true });
    // The member answers.
    await member.getByRole('button', { name: callUi.owner.answer }).click();
    await expect(finder.page.getByRole('status').filter({ hasText: f.connected })).toBeVisible({ timeout: 30_000 });
    await finder.close();
    await owner.close();
    await memberSide.close();
  });
});

test('[FIND-07] [FIND-08] the edit page’s controls: keyboard only, axe, and screenshots at 390 and 1366 px', async ({
  browser,
  request,
}) => {
  const owner = await openOwner(browser, request, {
    path: paths.products,
    context: { viewport: { width: 390, height: 844 } },
  });
  const page = owner.page;
  await page.goto(paths.editTag(owner.code));
  const section = page.getByRole('region', { name: callSettingsUi.heading });
  await expect(section).toBeVisible();
  const toggle = section.getByRole('switch', { name: callSettingsUi.quietToggle });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  // Sunday off, by keyboard.
  const sunday = section.getByRole('checkbox', { name: callSettingsUi.dayNames[0] });
  await sunday.focus();
  await page.keyboard.press('Space');
  await expect(sunday).not.toBeChecked();
  await section.getByLabel(callSettingsUi.from, { exact: true }).fill('23:00');
  await section.getByLabel(callSettingsUi.until, { exact: true }).fill('06:30');
  await expect(section.getByText(callSettingsUi.crossesMidnight)).toBeVisible();
  const together = section.getByRole('radio', { name: callSettingsUi.together });
  await together.focus();
  await page.keyboard.press('ArrowDown');
  await expect(section.getByRole('radio', { name: callSettingsUi.inOrder })).toBeChecked();
  // Out of range: the Portuguese message, nothing saved.
  await section.getByLabel(callSettingsUi.ownerSeconds).fill('10');
  await section.getByRole('button', { name: callSettingsUi.save }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('alert')).toHaveText(/Escolha de 15 a 60 segundos/);
  await section.getByLabel(callSettingsUi.ownerSeconds).fill('20');
  await section.getByRole('button', { name: callSettingsUi.save }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, callSettingsUi.saved)).toBeVisible();
  const saved = await request.get(`/api${callSettingsApi.tag(owner.code)}`, { headers: bearerOf(owner.token) });
  expect(await saved.json()).toEqual({
    quietHours: { days: [1, 2, 3, 4, 5, 6], from: '23:00', until: '06:30', timeZone: SP },
    ringOrderSeconds: 20,
    hasMembers: false,
  });
  await expectNoSeriousA11yViolations(page, 'the edit page with quiet hours and the ring order');
  await section.screenshot({ path: test.info().outputPath('edit-call-settings-390.png') });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.reload();
  await expect(section.getByRole('switch', { name: callSettingsUi.quietToggle })).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'the edit page at 1366 px');
  await page.screenshot({ path: test.info().outputPath('edit-call-settings-1366.png'), fullPage: true });
  await owner.close();
});

test("[FIND-07] [CONDO-10] a unit's quiet hours, chosen by a resident on a 390 px phone with the keyboard: the visitor who picks that unit is told until when, and nothing rings", async ({
  browser,
  request,
}) => {
  const { plate, residentToken } = await plateWithResident(request);
  // The resident, on a 390 px phone.
  const resident = await openSession(browser, residentToken, {
    path: paths.products,
    context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  });
  const page = resident.page;
  const form = page.getByRole('form', { name: `${callSettingsUi.unitHeading} · Apto 101` });
  const toggle = form.getByRole('switch', { name: callSettingsUi.quietToggle });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  const quiet = aroundNow();
  await form.getByLabel(callSettingsUi.from, { exact: true }).fill(quiet.from);
  await form.getByLabel(callSettingsUi.until, { exact: true }).fill(quiet.until);
  await form.getByRole('button', { name: callSettingsUi.unitSave }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, callSettingsUi.saved)).toBeVisible();
  // The unit's id, from its link on the same card ('Entregas e visitantes' → paths.myUnit(id)).
  const href = await page.getByRole('link', { name: doorUi.openMyUnit }).getAttribute('href');
  const unitId = Number(/(\d+)$/.exec(href ?? '')?.[1]);
  const saved = await request.get(`/api${callSettingsApi.unit(unitId)}`, { headers: bearerOf(residentToken) });
  expect(((await saved.json()) as { quietHours: QuietHours }).quietHours).toEqual(quiet);
  await expectNoSeriousA11yViolations(page, "the resident's unit quiet hours");
  await page.screenshot({ path: test.info().outputPath('unit-quiet-hours-390.png'), fullPage: true });

  // The visitor picks the unit and taps: the page says until when; the resident's page does not ring.
  const visitor = await openFinder(browser);
  await visitor.page.goto(paths.finder(plate));
  await visitor.page.getByRole('radio', { name: 'Apto 101' }).tap();
  await visitor.page.getByRole('button', { name: f.callUnit }).tap();
  // A plate speaks of its residents (the door's words, CONDO-19).
  await expect(visitor.page.getByRole('status').filter({ hasText: finderTextAt('pt-BR', 'building').quiet(quiet.until) })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${paths.products}$`));
  await visitor.close();
  await resident.close();
});
