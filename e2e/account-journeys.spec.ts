import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Download } from '@playwright/test';
import { accountApi, accountExport, type AccountExport, accountMsg, accountUi, TERMS_VERSION } from '@toque/contracts/account';
import { callStatusWords, exportHtmlUi, formatExportDate } from '@toque/contracts/account-export-html';
import { condoUi } from '@toque/contracts/admin-ui';
import { callUi } from '@toque/contracts/call-ui';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { finderText } from '@toque/contracts/finder-text';
import { tagMailMsg } from '@toque/contracts/mail';
import { msg } from '@toque/contracts/messages';
import { api, condoApi, paths, productsApi } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { callsApi } from '@toque/contracts/calls';
import { ownerWithTags, rowControl, share, tagRow } from './support/dashboard';
import {
  apiLogin,
  apiUrl,
  buildingWith,
  callWithMessage,
  expect,
  expectFieldError,
  field,
  loginAs,
  markLost,
  newUser,
  ownedTag,
  recordApiRequests,
  registerUser,
  test,
  toast,
  toque,
} from './support';
import { a11yAtBothSizes, viewports } from './support/shots';

/**
 * Issue 20's account journeys in Chromium, at 390×844 and 1366×900: the lost tag's badge and
 * reward in reais (TAG-11), invitations by e-mail (TAG-11), the resident's own view (CONDO-11),
 * Minha Conta's consent and single password prompt, and the readable export checked against what
 * the server holds (ACC-07).
 */
test.describe.configure({ timeout: 120_000 });

const SHOTS = process.env.SHOTS_DIR;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

test('[TAG-11] a lost tag: the reward typed in reais (refused in Portuguese when it is not an amount), badged Perdido in Meus Produtos and on the dashboard, shown to the finder as "R$ 200,00"', async ({
  page,
  browser,
  request,
}) => {
  const { code, token } = await ownedTag(request, 3, { name: 'Coleira do Rex' });
  await loginAs(page, token);
  await page.goto(paths.editTag(code));
  await page.getByRole('switch', { name: callUi.scans.lostToggle, exact: true }).check();
  await field(page, callUi.scans.lostMessage).fill('O Rex fugiu perto da praça. Ele é manso!');
  const amount = field(page, callUi.scans.lostRewardAmount);
  await amount.fill('duzentos');
  const puts = recordApiRequests(page, productsApi.updateName);
  await page.getByRole('button', { name: dashboardUi.editTag.save, exact: true }).click();
  await expectFieldError(page, callUi.scans.lostRewardAmount, msg.lostRewardAmountInvalid);
  await amount.fill('150000');
  await page.getByRole('button', { name: dashboardUi.editTag.save, exact: true }).click();
  await expectFieldError(page, callUi.scans.lostRewardAmount, msg.lostRewardAmountTooHigh);
  expect(puts).toHaveLength(0);
  await amount.fill('200');
  await field(page, callUi.scans.lostReward).fill('e um abraço');
  await a11yAtBothSizes(page, 'edit-tag-reward');
  await page.getByRole('button', { name: dashboardUi.editTag.save, exact: true }).click();
  await expect(toast(page, dashboardUi.toasts.updated)).toBeVisible();
  expect(puts[0]!.postDataJSON()).toMatchObject({ lost: true, lostRewardCents: 20_000, lostReward: 'e um abraço' });
  // The form shows the amount back as it was saved.
  await page.reload();
  await expect(field(page, callUi.scans.lostRewardAmount)).toHaveValue('200,00');

  // Badged wherever the owner lists it.
  for (const where of [paths.products, paths.dashboard]) {
    await page.goto(where);
    const row = tagRow(page, code);
    await expect(row.getByText(dashboardUi.status.lost, { exact: true })).toBeVisible();
    await a11yAtBothSizes(page, where === paths.products ? 'products-lost' : 'dashboard-lost');
  }

  // The finder reads the amount in reais, in their language.
  const pt = await browser.newContext({ viewport: viewports.phone, locale: 'pt-BR' });
  const finder = await pt.newPage();
  await finder.goto(paths.finder(code));
  await expect(finder.getByText(callUi.finder.reward('R$ 200,00 — e um abraço'), { exact: true })).toBeVisible();
  if (SHOTS) await finder.screenshot({ path: `${SHOTS}/finder-reward-phone.png`, fullPage: true });
  await pt.close();
  const en = await browser.newContext({ viewport: viewports.desktop, locale: 'en-US' });
  const english = await en.newPage();
  await english.goto(paths.finder(code));
  await expect(english.getByText(finderText.en.reward('R$200.00 — e um abraço'), { exact: true })).toBeVisible();
  await en.close();
});

test('[TAG-11] sharing with an e-mail that has no account sends an invitation (listed, cancellable); signing up with that e-mail joins the tag', async ({
  page,
  browser,
  request,
}) => {
  const owner = await ownerWithTags(request, page, [1]);
  const code = owner.codes[0]!;
  const invitee = newUser({ name: 'Carla Convidada' });
  const other = newUser();
  await page.goto(paths.editTag(code));
  const sharing = page.getByRole('region', { name: dashboardUi.headings.sharing });
  for (const person of [invitee, other]) {
    await field(sharing, dashboardUi.sharing.email).fill(person.email);
    await sharing.getByRole('button', { name: dashboardUi.sharing.add, exact: true }).click();
    await expect(toast(page, dashboardUi.toasts.invited)).toBeVisible();
    await expect(sharing.getByText(person.email, { exact: true })).toBeVisible();
  }
  await expect(sharing.getByRole('heading', { name: dashboardUi.sharing.invitationsHeading })).toBeVisible();
  await expect(sharing.getByText('2/3 pessoas')).toBeVisible();
  await a11yAtBothSizes(page, 'share-invitations');

  // The mail went through the queue, to the address typed.
  expect(toque('outbox', '200')).toContain(`para: ${invitee.email}`);
  expect(toque('outbox', '200')).toContain(tagMailMsg.invitationSubject(owner.user.name.split(' ')[0]!));

  await sharing.getByRole('button', { name: dashboardUi.sharing.cancelInvitationLabel(other.email) }).click();
  await expect(toast(page, dashboardUi.toasts.invitationCancelled)).toBeVisible();
  await expect(sharing.getByText(other.email, { exact: true })).toHaveCount(0);

  // The mail's link opens the sign-up with the invited e-mail filled in.
  const mail = toque('outbox', '200').split(/^--- /m).find((m) => m.includes(`para: ${invitee.email}`)) ?? '';
  const link = /(https?:\/\/\S+\/sign-up\?email=\S+)/.exec(mail)?.[1];
  expect(link, 'a sign-up link in the invitation').toBeDefined();
  const visitor = await browser.newContext({ viewport: viewports.phone });
  const signUp = await visitor.newPage();
  await signUp.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(field(signUp, ui.fields.email)).toHaveValue(invitee.email);
  await visitor.close();

  // The invitee signs up: the tag is theirs to receive calls from, and no longer pending.
  await registerUser(request, invitee);
  const list = await request.get(apiUrl(productsApi.list), { headers: auth(await apiLogin(request, invitee)) });
  expect((await list.json()) as { code: string; isOwner: boolean }[]).toEqual([expect.objectContaining({ code, isOwner: false })]);
  await page.reload();
  await expect(sharing.getByText('Carla', { exact: true })).toBeVisible();
  await expect(sharing.getByRole('heading', { name: dashboardUi.sharing.invitationsHeading })).toHaveCount(0);
});

test('[CONDO-11] a resident sees the unit and building by name and the other residents by first name, meets no link to a refusal, and leaves the unit after confirming', async ({
  page,
  request,
}) => {
  const alice = newUser({ name: 'Alice Moreira' });
  const bruno = newUser({ name: 'Bruno Teixeira' });
  const carla = newUser({ name: 'Carla Nunes' });
  const building = await buildingWith(request, {
    name: 'Residencial Jacarandá',
    unitNames: ['101', '102'],
    residents: [alice, bruno, carla],
    unitOf: [0, 0, 1],
  });
  await loginAs(page, building.tokens[0]!);
  const view = condoUi.residentView;
  for (const where of [paths.dashboard, paths.products]) {
    await page.goto(where);
    const row = tagRow(page, building.plate);
    const unit = row.getByTestId('resident-unit');
    await expect(unit).toContainText(`Residencial Jacarandá · ${view.unit('101')}`);
    await expect(unit).toContainText(`${view.residents}: ${view.you} e Bruno`);
    await expect(unit).not.toContainText('Carla');
    await expect(unit).not.toContainText('Teixeira');
    // No link to the síndico's pages, which would refuse: neither Editar nor Apartamentos.
    await expect(rowControl(row, dashboardUi.tagActions.edit)).toHaveCount(0);
    await rowControl(row, dashboardUi.tagActions.details).click();
    await expect(row.getByRole('link', { name: dashboardUi.tagActions.units })).toHaveCount(0);
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.filter((h) => h.includes(building.plate))).toEqual([]);
    await a11yAtBothSizes(page, where === paths.products ? 'resident-products' : 'resident-dashboard');
  }

  const row = tagRow(page, building.plate);
  await rowControl(row, view.leave).click();
  const dialog = page.getByRole('alertdialog', { name: view.leaveTitle });
  await expect(dialog).toContainText(view.leaveText);
  await a11yAtBothSizes(page, 'resident-leave-dialog');
  await dialog.getByRole('button', { name: condoUi.leaveConfirm }).click();
  await expect(row).toHaveCount(0);
  // Bruno stays in 101, alone now.
  const mine = await request.get(apiUrl(condoApi.myUnits), { headers: auth(building.tokens[1]!) });
  expect(((await mine.json()) as { residents: { first_name: string }[] }[])[0]!.residents.map((r) => r.first_name)).toEqual(['Bruno']);
});

test('[ACC-07] Minha Conta shows the accepted terms with version and date, and asks "Senha atual" once per change', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, newUser());
  await loginAs(page, await apiLogin(request, user));
  await page.goto(paths.account);
  const record = page.getByTestId('consent-record');
  await expect(record).toContainText(TERMS_VERSION);
  await expect(record).toContainText(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
  // No "Senha atual" on the page until a change is made.
  await expect(page.getByLabel(ui.fields.currentPassword, { exact: true })).toHaveCount(0);
  await a11yAtBothSizes(page, 'account-page');

  // A new name: one prompt, one field.
  const puts = recordApiRequests(page, api.updateUser);
  await field(page, ui.fields.accountName).fill('Maria Nova');
  await page.getByRole('button', { name: ui.buttons.saveProfile, exact: true }).click();
  const prompt = page.getByRole('dialog', { name: accountUi.passwordPrompt.profileTitle });
  await expect(prompt).toBeVisible();
  await expect(page.getByLabel(ui.fields.currentPassword, { exact: true })).toHaveCount(1);
  await expect(prompt.getByLabel(ui.fields.currentPassword, { exact: true })).toBeFocused();
  await prompt.getByRole('button', { name: accountUi.passwordPrompt.profileConfirm }).click();
  await expectFieldError(prompt, ui.fields.currentPassword, msg.currentPasswordRequired);
  await field(prompt, ui.fields.currentPassword).fill('senha-errada');
  await prompt.getByRole('button', { name: accountUi.passwordPrompt.profileConfirm }).click();
  await expect(prompt.getByRole('alert')).toHaveText(msg.profileWrongPassword);
  await a11yAtBothSizes(page, 'account-password-prompt');
  await field(prompt, ui.fields.currentPassword).fill(user.password);
  await prompt.getByRole('button', { name: accountUi.passwordPrompt.profileConfirm }).click();
  await expect(toast(page, msg.profileSuccess)).toBeVisible();
  await expect(prompt).toHaveCount(0);
  expect(puts.map((r) => r.postDataJSON() as unknown)).toEqual([
    { name: 'Maria Nova', password: 'senha-errada' },
    { name: 'Maria Nova', password: user.password },
  ]);

  // A new phone: its own single prompt.
  await field(page, accountUi.contact.phone).fill('11912345678');
  await page.getByRole('button', { name: accountUi.contact.save, exact: true }).click();
  const contact = page.getByRole('dialog', { name: accountUi.passwordPrompt.contactTitle });
  await expect(page.getByLabel(ui.fields.currentPassword, { exact: true })).toHaveCount(1);
  await field(contact, ui.fields.currentPassword).fill(user.password);
  await contact.getByRole('button', { name: accountUi.passwordPrompt.contactConfirm }).click();
  await expect(toast(page, accountMsg.contactSaved)).toBeVisible();
});

/** The export as the server gives it (the API test proves it against every table). */
async function serverExport(request: Parameters<typeof apiLogin>[0], token: string, password: string): Promise<AccountExport> {
  const res = await request.post(apiUrl(accountApi.export), { headers: auth(token), data: { password } });
  expect(res.status()).toBe(200);
  return accountExport.parse(await res.json());
}

test('[ACC-07] "Baixar meus dados": one prompt, then both a Portuguese HTML document and the JSON download, both holding what the server holds', async ({
  page,
  request,
}) => {
  const owner = await ownerWithTags(request, page, [3, 1]);
  const [pet, bracelet] = owner.codes as [string, string];
  await markLost(request, owner.token, pet, { name: 'Coleira do Rex', message: 'O Rex fugiu! Ligue pela página.', rewardCents: 20_000, reward: 'e um abraço' });
  await request.post(apiUrl(callsApi.publicTag('')) + pet + '/location', { data: { latitude: -19.92, longitude: -43.94 } });
  await callWithMessage(request, pet, 'Achei o Rex na praça.');
  const invitee = newUser();
  await share(request, owner.token, bracelet, invitee.email);

  await page.goto(paths.account);
  await page.getByRole('button', { name: accountUi.privacy.download, exact: true }).click();
  const prompt = page.getByRole('dialog', { name: accountUi.passwordPrompt.exportTitle });
  await field(prompt, ui.fields.currentPassword).fill(owner.user.password);
  // Both files download from the one confirmation, as the screen then says: the HTML and the JSON.
  const downloads: Download[] = [];
  page.on('download', (d) => downloads.push(d));
  await prompt.getByRole('button', { name: accountUi.passwordPrompt.exportConfirm }).click();
  await expect(toast(page, accountMsg.exportReady)).toBeVisible();
  await expect(page.getByText(accountUi.privacy.readyText)).toBeVisible();
  await expect.poll(() => downloads.map((d) => d.suggestedFilename())).toEqual([exportHtmlUi.fileName, exportHtmlUi.jsonFileName]);
  const html = readFileSync(await downloads[0]!.path(), 'utf8');
  const json = accountExport.parse(JSON.parse(readFileSync(await downloads[1]!.path(), 'utf8')));

  // The JSON again, one tap away, without asking the password again.
  const again = page.waitForEvent('download');
  await page.getByRole('link', { name: accountUi.privacy.downloadJson }).click();
  expect((await again).suggestedFilename()).toBe(exportHtmlUi.jsonFileName);
  await a11yAtBothSizes(page, 'account-export-ready');

  // Both say what the server holds now (only the moment of the export differs).
  const held = await serverExport(request, owner.token, owner.user.password);
  expect({ ...json, exportedAt: '' }).toEqual({ ...held, exportedAt: '' });
  const tag = held.tags.find((t) => t.code === pet)!;
  for (const text of [
    owner.user.email,
    'Coleira do Rex',
    'Pet',
    'Pulseira',
    'O Rex fugiu! Ligue pela página.',
    'R$ 200,00 — e um abraço',
    invitee.email,
    'Achei o Rex na praça.',
    TERMS_VERSION,
    formatExportDate(held.profile.termsAcceptedAt!),
    formatExportDate(tag.createdAt),
    ...held.calls.map((c) => callStatusWords(c.status, c.answeredAt)),
    ...held.scans.map((s) => formatExportDate(s.scannedAt)),
  ]) {
    expect(html, text).toContain(text);
  }
  expect(html).not.toMatch(/>(ringing|ended|missed|answered|declined)</);

  // The document itself: opened from the file, readable and printable at both sizes.
  // (The download is stored without its name: a copy named .html opens as a document.)
  const copy = test.info().outputPath(exportHtmlUi.fileName);
  writeFileSync(copy, html);
  await page.goto(pathToFileURL(copy).href);
  await expect(page.getByRole('heading', { level: 1, name: exportHtmlUi.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: exportHtmlUi.calls.heading })).toBeVisible();
  await a11yAtBothSizes(page, 'export-document');
});
