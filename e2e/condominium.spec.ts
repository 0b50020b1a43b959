import type { Browser, Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { adminUi, condoUi } from '@toque/contracts/admin-ui';
import { adminMsg, callMsg, msg } from '@toque/contracts/messages';
import { cpfFromBase, formatCpfOrCnpj } from '@toque/contracts/cpf';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { EXPORT_FILENAME } from '@toque/contracts/admin';
import { adminApi, paths } from '@toque/contracts/routes';
import { expectNoSeriousA11yViolations, rowControl, tagRow } from './support/dashboard';
import {
  apiLogin,
  apiUrl,
  createAdmin,
  expect,
  expectPath,
  field,
  loginAs,
  mintCode,
  newUser,
  openAccountMenu,
  pageErrors,
  registerUser,
  test,
  toast,
} from './support';
import { shootBothSizes, viewports } from './support/shots';
import { printFrames, watchPrintFrames } from './support/print';

/** A logged-in page of its own (its own context and localStorage) whose uncaught errors are kept. */
async function open(browser: Browser, token: string) {
  const context = await browser.newContext({ viewport: viewports.desktop });
  const page = await context.newPage();
  const errors = pageErrors(page);
  await loginAs(page, token);
  return { context, page, errors };
}

function unitCards(page: Page): Locator {
  return page.locator('li[data-unit-id]');
}

async function codeOf(card: Locator): Promise<string> {
  return ((await card.locator('[data-unit-code]').textContent()) ?? '').trim();
}

async function joinUnit(browser: Browser, token: string, code: string, shotName?: string) {
  const { context, page, errors } = await open(browser, token);
  await page.goto(paths.dashboard);
  await page.getByRole('button', { name: dashboardUi.addTag.open }).click();
  const dialog = page.getByRole('dialog', { name: dashboardUi.addTag.title });
  await field(dialog, dashboardUi.addTag.field).fill(code);
  await dialog.getByRole('button', { name: dashboardUi.addTag.submit }).click();
  await expect(toast(page, dashboardUi.toasts.joinedUnit)).toBeVisible();
  if (shotName) await shootBothSizes(page, shotName);
  return { context, page, errors };
}

/** A cell as text: ExcelJS gives hyperlinks, rich text and formulas as objects. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'object') return '';
  const v = value as { text?: unknown; result?: unknown; richText?: Array<{ text: string }> };
  if (v.richText) return v.richText.map((r) => r.text).join('');
  if (v.text !== undefined) return cellText(v.text);
  if (v.result !== undefined) return cellText(v.result);
  return value instanceof Date ? value.toISOString() : JSON.stringify(value);
}

test.describe('condominium journey', () => {
  test.describe.configure({ timeout: 240_000 });

  test('[ADM-02] [TAG-12] [CONDO-01] [CONDO-02] [CONDO-03] [CONDO-04] [CONDO-05] [CONDO-06] [CONDO-08] [CONDO-09] [ADM-03] [ADM-06] [ADM-08] [DASH-03] [ADM-04] an admin activates a condominium of 3 units, the síndico hands out the codes, residents join, the síndico renames a unit and removes a Morador, and the admin finds the síndico by CPF, switches the plate off and downloads the report', async ({
    page,
    request,
    browser,
  }) => {
    const cpf = cpfFromBase(String(100_000_000 + Math.floor(Math.random() * 899_999_999)));
    const [plate, admin, sindico, alice, bruno] = await Promise.all([
      mintCode(5),
      Promise.resolve(createAdmin()),
      registerUser(request, newUser({ name: 'Sílvia Síndica', cpfOrCnpj: cpf })),
      registerUser(request, newUser({ name: 'Alice Moradora' })),
      registerUser(request, newUser({ name: 'Bruno Morador' })),
    ]);
    const building = `Residencial Jatobá ${Date.now() % 100_000}`;

    // ── ADM-02: the admin activates the condominium; an unknown síndico e-mail first. ──
    await loginAs(page, await apiLogin(request, admin));
    await page.goto(paths.condoActivation);
    await expect(page.getByRole('heading', { level: 1, name: adminUi.headings.activation })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the activation page');
    const labels = adminUi.activation;
    await page.getByRole('button', { name: labels.submit }).click();
    await expect(page.getByText(msg.unitQuantityInvalid)).toBeVisible();
    await expect(page.getByText(msg.tagCodeLength)).toBeVisible();
    await shootBothSizes(page, 'activation-errors');

    await field(page, labels.name).fill(building);
    await field(page, labels.quantity).fill('3');
    await expect(field(page, labels.quantity)).toHaveAttribute('max', '10');
    await field(page, labels.code).pressSequentially(`${plate.slice(0, 4)}-${plate.slice(4)}`);
    await expect(field(page, labels.code)).toHaveValue(plate);
    // TAG-12: inserted in one go (a keyboard's clipboard chip, autofill), with a dash and spaces, it is read whole.
    await field(page, labels.code).fill(` ${plate.slice(0, 4)}-${plate.slice(4)} `);
    await expect(field(page, labels.code)).toHaveValue(plate);
    await field(page, labels.email).fill(`ninguem.${Date.now()}@exemplo.com.br`);
    await page.getByRole('button', { name: labels.submit }).click();
    await expect(page.getByRole('alert').filter({ hasText: msg.condoEmailNotFound })).toBeVisible();

    await field(page, labels.email).fill(sindico.email);
    // Units are created one call each, and the form says how far it got. The line lives only as long
    // as one call (tens of milliseconds when the server is quick), so the page itself notes it.
    await page.evaluate((progress) => {
      const w = window as unknown as { sawProgress: boolean };
      w.sawProgress = false;
      new MutationObserver(() => {
        if (document.body.textContent?.includes(progress)) w.sawProgress = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, labels.creatingUnit(2, 3));
    await page.getByRole('button', { name: labels.submit }).click();
    await expect(toast(page, msg.condoCreateSuccess)).toBeVisible({ timeout: 25_000 });
    expect(await page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress)).toBe(true);
    await shootBothSizes(page, 'activation');
    await page.getByRole('link', { name: labels.exit, exact: true }).click();
    await expectPath(page, paths.dashboard);

    // ── CONDO-02/03/08: the síndico sees the three units, each with its code, and prints them. ──
    const sindicoToken = await apiLogin(request, sindico);
    const sil = await open(browser, sindicoToken);
    await sil.page.goto(paths.units(plate));
    await expect(sil.page.getByRole('heading', { level: 1, name: condoUi.headings.units })).toBeVisible();
    await expect(unitCards(sil.page)).toHaveCount(3);
    await expect(sil.page.getByText(building).first()).toBeVisible();
    for (const card of await unitCards(sil.page).all()) {
      await expect(card.getByRole('heading', { name: callMsg.temporaryUnit })).toBeVisible();
      await expect(card.getByText(condoUi.residentsCount(0, 3))).toBeVisible();
      await expect(card.getByText(condoUi.nobodyToCall)).toBeVisible();
      expect(await codeOf(card)).toMatch(/^[A-Z0-9]{8}$/);
    }
    const ids = await unitCards(sil.page).evaluateAll((cards) =>
      cards.map((c) => Number(c.getAttribute('data-unit-id'))),
    );
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const codes = await Promise.all((await unitCards(sil.page).all()).map(codeOf));
    // CONDO-05: each unit's owner information is in localStorage.
    const stored = await sil.page.evaluate((id) => window.localStorage.getItem(`unit_owner_${id}`), ids[0]);
    expect(JSON.parse(stored!)).toMatchObject({ unit_id: ids[0], condominium_name: building });
    await expectNoSeriousA11yViolations(sil.page, 'the units page');
    await shootBothSizes(sil.page, 'units');

    await watchPrintFrames(sil.page);
    await sil.page.getByRole('button', { name: condoUi.printCodes }).click();
    await expect.poll(async () => (await printFrames(sil.page)).join('')).toContain(codes[2]!);
    const sheet = (await printFrames(sil.page)).join('');
    for (const code of codes) expect(sheet).toContain(code);
    expect(sheet.match(/<img src="data:image\/png/g)).toHaveLength(3);

    // ── CONDO-06: two residents join the first unit with its code, in the add-tag modal. ──
    const a = await joinUnit(browser, await apiLogin(request, alice), codes[0]!, 'resident-joined');
    const b = await joinUnit(browser, await apiLogin(request, bruno), codes[0]!);

    // ── CONDO-01: a resident sees the plate but may not manage it. ──
    await a.page.goto(paths.units(plate));
    await expect(a.page.getByText(msg.condoNoPermission)).toBeVisible();
    await expect(a.page.getByRole('link', { name: condoUi.backToProducts })).toHaveAttribute('href', paths.products);

    // ── CONDO-04: the síndico renames the unit and removes a Morador. ──
    await sil.page.reload();
    const first = unitCards(sil.page).first();
    await expect(first.getByText(condoUi.residentsCount(2, 3))).toBeVisible();
    await expect(first.getByText(condoUi.nobodyToCall)).toHaveCount(0);
    await rowControl(first, condoUi.edit).click();
    await expectPath(sil.page, paths.editUnit(plate, ids[0]!));
    await expect(sil.page.getByRole('heading', { level: 1, name: condoUi.headings.editUnit })).toBeVisible();
    const name = field(sil.page, condoUi.unitName);
    await name.fill('');
    await sil.page.getByRole('button', { name: condoUi.save }).click();
    await expect(sil.page.getByText(msg.unitNameEmpty)).toBeVisible();
    await name.fill('Apartamento 1011');
    await sil.page.getByRole('button', { name: condoUi.save }).click();
    await expect(sil.page.getByText(msg.unitNameMax)).toBeVisible();
    await name.fill('Apto 101');
    await sil.page.getByRole('button', { name: condoUi.save }).click();
    await expect(toast(sil.page, condoUi.saved)).toBeVisible();
    await expect(sil.page.getByText('2/3')).toBeVisible();
    await expect(sil.page.getByText('Alice', { exact: true })).toBeVisible();
    await expect(sil.page.getByText('Bruno', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(sil.page, 'the edit-unit page');
    await shootBothSizes(sil.page, 'edit-unit');

    // A reload keeps the page (CONDO-05).
    await sil.page.reload();
    await expect(name).toHaveValue('Apto 101');

    await sil.page.getByRole('button', { name: condoUi.removeResidentLabel('Bruno') }).click();
    const confirm = sil.page.getByRole('alertdialog', { name: condoUi.removeTitle });
    await expect(confirm).toBeVisible();
    await expectNoSeriousA11yViolations(sil.page, 'the remove-resident confirmation');
    await shootBothSizes(sil.page, 'remove-resident');
    await confirm.getByRole('button', { name: condoUi.removeConfirm }).click();
    await expect(toast(sil.page, condoUi.removed)).toBeVisible();
    await expect(sil.page.getByText('1/3')).toBeVisible();
    await expect(sil.page.getByText('Bruno', { exact: true })).toHaveCount(0);

    await sil.page.getByRole('link', { name: condoUi.backToUnits }).click();
    await expect(unitCards(sil.page).first().getByRole('heading', { name: 'Apto 101' })).toBeVisible();
    await expect(unitCards(sil.page).first().getByText(condoUi.residentsCount(1, 3))).toBeVisible();

    // ── CONDO-08: a new code for the second unit; the old one stops working. ──
    const second = unitCards(sil.page).nth(1);
    await rowControl(second, condoUi.regenerate).click();
    await sil.page.getByRole('alertdialog').getByRole('button', { name: condoUi.regenerateConfirm }).click();
    await expect.poll(() => codeOf(second)).not.toBe(codes[1]);

    // ── CONDO-09: Alice leaves her unit from her products page. ──
    await a.page.goto(paths.products);
    const plateRow = tagRow(a.page, plate);
    await expect(rowControl(plateRow, condoUi.residentView.leave)).toBeVisible();
    await shootBothSizes(a.page, 'products-resident');
    await rowControl(plateRow, condoUi.residentView.leave).click();
    const leave = a.page.getByRole('alertdialog', { name: condoUi.residentView.leaveTitle });
    await leave.getByRole('button', { name: condoUi.leaveConfirm }).click();
    await expect(plateRow).toHaveCount(0);

    // ── ADM-03/08: the admin finds the síndico by a CPF fragment typed with punctuation. ──
    await page.goto(paths.manageClients);
    const search = page.getByPlaceholder(msg.clientsSearchPlaceholder, { exact: true });
    await expect(search).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'the clients page');
    await shootBothSizes(page, 'clients');
    const fragment = `${cpf.slice(2, 5)}.${cpf.slice(5, 8)}-${cpf.slice(8, 9)}`;
    await search.fill(fragment);
    const row = page.locator('li[data-user-id]').filter({ hasText: formatCpfOrCnpj(cpf) });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('heading', { name: 'Sílvia' })).toBeVisible();
    await row.getByRole('button', { name: adminUi.clients.showTags('Sílvia') }).click();
    const toggle = row.getByRole('switch', { name: `${adminUi.clients.active} ${plate}` });
    await expect(toggle).toBeChecked();
    await expectNoSeriousA11yViolations(page, 'an expanded client');
    await shootBothSizes(page, 'clients-expanded');
    // ADM-10: switching off asks why first; Cancelar leaves the plate on, a short reason is refused.
    await toggle.click();
    const asking = page.getByRole('dialog', { name: adminUi.switchOff.title(plate) });
    await expect(asking.getByText(adminUi.switchOff.text)).toBeVisible();
    await asking.getByRole('button', { name: adminUi.switchOff.cancel }).click();
    await expect(asking).toBeHidden();
    await expect(toggle).toBeChecked();
    await toggle.click();
    await asking.getByRole('button', { name: adminUi.switchOff.confirm }).click();
    await expect(asking.getByText(adminMsg.reasonRequired)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the switch-off dialog');
    await shootBothSizes(page, 'switch-off-dialog');
    await field(asking, adminUi.switchOff.reason).fill('Placa devolvida pelo condomínio');
    const reload = page.waitForRequest((r) => r.url().includes(apiUrl(adminApi.listClients)));
    const changedAt = Date.now();
    await asking.getByRole('button', { name: adminUi.switchOff.confirm }).click();
    await expect(toast(page, adminUi.clients.statusChanged)).toBeVisible();
    await reload;
    // ADM-03: the list reloads 3 s after the change, not at once.
    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(2_900);
    // ADM-10: the switch's label says the state it is in.
    await expect(row.getByRole('switch', { name: `${adminUi.clients.inactive} ${plate}` })).not.toBeChecked();
    // Empty search restores the whole list (its first page: the suite's other clients come first).
    await search.fill('');
    await expect.poll(() => page.locator('li[data-user-id]').count()).toBeGreaterThan(1);

    // ADM-06: the finder page of the plate says it is inactive.
    await b.page.goto(paths.finder(plate));
    await expect(b.page.getByRole('heading', { name: callMsg.inactive })).toBeVisible();
    // …and its owner, the síndico, sees it inactive on the dashboard.
    await sil.page.goto(paths.dashboard);
    await expect(sil.page.locator(`li[data-tag-code="${plate}"]`)).toContainText(dashboardUi.status.inactive);

    // ── ADM-07: the audit log shows the switch. ──
    await page.getByRole('tab', { name: adminUi.tabs.audit }).click();
    const filters = page.getByRole('search', { name: adminUi.audit.filters });
    await filters.getByLabel(adminUi.audit.targetFilter).fill(plate);
    await filters.getByLabel(adminUi.audit.actionFilter).selectOption('tag.status');
    await filters.getByRole('button', { name: adminUi.audit.apply }).click();
    await expect(page.locator('[data-audit-entry]')).toHaveCount(1);
    await expect(page.locator('[data-audit-entry]')).toContainText(
      `(admin) desativou o Toque ${plate} de Sílvia Síndica`,
    );
    await expect(page.locator('[data-audit-entry]')).toContainText('— motivo: Placa devolvida pelo condomínio');
    await expectNoSeriousA11yViolations(page, 'the audit log');
    await shootBothSizes(page, 'audit');

    // ── DASH-03 / ADM-04: the report, from the avatar dropdown. ──
    const menu = await openAccountMenu(page);
    const download = page.waitForEvent('download', { timeout: 30_000 });
    await menu.getByRole('button', { name: adminUi.downloadReport }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(EXPORT_FILENAME);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const cells: string[] = [];
    workbook.eachSheet((sheetOf) =>
      sheetOf.eachRow((r) => cells.push((r.values as unknown[]).map(cellText).join('|'))),
    );
    const sindicoRow = cells.find(
      (line) => line.includes(sindico.email) || line.includes(formatCpfOrCnpj(cpf)) || line.includes(cpf),
    );
    expect(sindicoRow, "the síndico's row in the report").toBeDefined();
    expect(sindicoRow).toContain(plate);

    for (const errors of [sil.errors, a.errors, b.errors]) expect(errors).toEqual([]);
    await Promise.all([sil.context.close(), a.context.close(), b.context.close()]);
  });

  test('[ADM-01] a customer is sent from both admin pages to /dashboard; [CONDO-01] a plate that is not among my products sends me to my products', async ({
    page,
    request,
  }) => {
    const user = await registerUser(request, newUser());
    await loginAs(page, await apiLogin(request, user));
    for (const path of [paths.condoActivation, paths.manageClients]) {
      await page.goto(path);
      await expectPath(page, paths.dashboard);
    }
    await page.goto(paths.units('ABCD2345'));
    await expectPath(page, paths.products);
  });

  test('[CONDO-04] an edit-unit address of a unit that is not mine says the information was not found', async ({
    page,
    request,
  }) => {
    const user = await registerUser(request, newUser());
    await loginAs(page, await apiLogin(request, user));
    await page.goto(paths.editUnit('ABCD2345', 987_654));
    await expect(page.getByRole('alert').filter({ hasText: msg.unitNotFound })).toBeVisible();
    await page.goto(paths.editUnit('ABCD2345', 'abc'));
    await expect(page.getByRole('alert').filter({ hasText: msg.unitParamsMissing })).toBeVisible();
  });
});
