import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { adminUi, condoUi } from '@toque/contracts/admin-ui';
import { parseUnitNumber, type Unit } from '@toque/contracts/condominium';
import { batchPdfFilename, type AuditEntry, type BatchCodes } from '@toque/contracts/admin';
import { auditSentence } from '@toque/contracts/audit-words';
import { cpfFromBase } from '@toque/contracts/cpf';
import { adminMsg, msg } from '@toque/contracts/messages';
import { adminApi, api, condoApi, paths } from '@toque/contracts/routes';
import { associate, expectNoSeriousA11yViolations, listTags } from './support/dashboard';
import {
  apiLogin,
  apiUrl,
  createAdmin,
  expect,
  field,
  loginAs,
  mintCode,
  newUser,
  registerUser,
  test,
  toast,
} from './support';

const labels = adminUi.clients;

async function call<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  data: unknown,
  method: 'post' | 'put' | 'patch' = 'post',
) {
  const res = await request[method](`/api${path}`, { data, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

test.describe('client administration', () => {
  test.describe.configure({ timeout: 120_000 });

  test('[ADM-07] [ADM-08] an admin transfers one tag, releases another, blocks and unblocks the account, and reads it all in the audit log', async ({
    page,
    request,
  }) => {
    const cpf = cpfFromBase(String(100_000_000 + Math.floor(Math.random() * 899_999_999)));
    const [admin, owner, heir, bracelet, object] = await Promise.all([
      Promise.resolve(createAdmin()),
      registerUser(request, newUser({ name: 'Otávio Dono', cpfOrCnpj: cpf })),
      registerUser(request, newUser({ name: 'Helena Herdeira' })),
      mintCode(1),
      mintCode(4),
    ]);
    const ownerToken = await apiLogin(request, owner);
    await associate(request, ownerToken, bracelet);
    await associate(request, ownerToken, object);

    const adminToken = await apiLogin(request, admin);
    await loginAs(page, adminToken);
    await page.goto(paths.manageClients);
    await page.getByPlaceholder(msg.clientsSearchPlaceholder, { exact: true }).fill(cpf);
    const row = page.locator('li[data-user-id]');
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: labels.showTags('Otávio') }).click();
    await expect(row.locator('li[data-qr-code]')).toHaveCount(2);

    // Transfer the bracelet to Helena, by e-mail.
    await row.getByRole('button', { name: `${labels.transfer} ${bracelet}` }).click();
    const transfer = page.getByRole('dialog', { name: labels.transferTitle(bracelet) });
    await transfer.getByRole('button', { name: labels.transferConfirm }).click();
    await expect(transfer.getByText(msg.emailInvalid)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the transfer dialog');
    await field(transfer, labels.transferEmail).fill(heir.email);
    await transfer.getByRole('button', { name: labels.transferConfirm }).click();
    await expect(toast(page, adminMsg.transferred)).toBeVisible();
    await expect(transfer).toBeHidden();
    // The list reloads 3 s later, without the transferred tag.
    await expect(row.locator(`li[data-qr-code="${bracelet}"]`)).toHaveCount(0, { timeout: 15_000 });
    expect((await listTags(request, await apiLogin(request, heir))).map((t) => t.code)).toContain(bracelet);

    // Release the object tag.
    await row.getByRole('button', { name: `${labels.release} ${object}` }).click();
    const release = page.getByRole('alertdialog', { name: labels.releaseTitle });
    await expectNoSeriousA11yViolations(page, 'the release confirmation');
    await release.getByRole('button', { name: labels.releaseConfirm }).click();
    await expect(toast(page, adminMsg.released)).toBeVisible();
    await expect(row.getByText(labels.noTags)).toBeVisible({ timeout: 15_000 });

    // Block: the owner can no longer log in; unblock: they can again.
    await row.getByRole('button', { name: labels.block }).click();
    await page
      .getByRole('alertdialog', { name: labels.blockTitle })
      .getByRole('button', { name: labels.blockConfirm })
      .click();
    await expect(toast(page, adminMsg.blocked)).toBeVisible();
    const refused = await request.post(apiUrl(api.login), {
      data: { email: owner.email, password: owner.password, platform: 'web', token: '' },
    });
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    await expect(row.getByText(labels.blocked, { exact: true })).toBeVisible({ timeout: 15_000 });
    await row.getByRole('button', { name: labels.unblock }).click();
    await expect(toast(page, adminMsg.unblocked)).toBeVisible();
    await apiLogin(request, owner);

    // ADM-07 / ADM-10: every action is in the log, in words, with who did it — filtered to this admin.
    await page.getByRole('tab', { name: adminUi.tabs.audit }).click();
    const filters = page.getByRole('search', { name: adminUi.audit.filters });
    await filters.getByLabel(adminUi.audit.actorFilter).fill(admin.email);
    await filters.getByRole('button', { name: adminUi.audit.apply }).click();
    const entries = page.locator('[data-audit-entry]');
    await expect(entries).toHaveCount(4);
    const logged = (await (
      await request.get(`/api${adminApi.audit}?${new URLSearchParams({ actor: admin.email }).toString()}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).json()) as AuditEntry[];
    expect(logged.map((e) => e.action)).toEqual(['user.unblock', 'user.block', 'tag.release', 'tag.transfer']);
    for (const [i, entry] of logged.entries()) await expect(entries.nth(i)).toContainText(auditSentence(entry));
    await expect(entries.nth(2)).toContainText(`${admin.name.split(' ')[0]} (admin) liberou o Toque ${object}`);
  });

  test('[ADM-07] an admin opens a plate from the clients page and removes a unit resident', async ({
    page,
    request,
  }) => {
    const cpf = cpfFromBase(String(100_000_000 + Math.floor(Math.random() * 899_999_999)));
    const [admin, sindico, resident, plate] = await Promise.all([
      Promise.resolve(createAdmin()),
      registerUser(request, newUser({ name: 'Sérgio Síndico', cpfOrCnpj: cpf })),
      registerUser(request, newUser({ name: 'Rita Moradora' })),
      mintCode(5),
    ]);
    const adminToken = await apiLogin(request, admin);
    const { id } = await call<{ id: number }>(request, adminToken, condoApi.createCondominium, {
      nameCondominium: 'Edifício Aroeira',
    });
    await call(request, adminToken, condoApi.createUnit, {
      condominiumId: id,
      qrCode: plate,
      nameOfUnit: 'Apto 9',
      emailAdminCond: sindico.email,
    });
    const [unit] = await call<Unit[]>(request, adminToken, condoApi.ownerQrCode, { qrCode: plate });
    const residentToken = await apiLogin(request, resident);
    await call(
      request,
      residentToken,
      '/products/associateQrCode',
      { code: parseUnitNumber(unit!.unit_number).code },
      'put',
    );

    await loginAs(page, adminToken);
    await page.goto(paths.manageClients);
    await page.getByPlaceholder(msg.clientsSearchPlaceholder, { exact: true }).fill(cpf);
    const row = page.locator('li[data-user-id]');
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: labels.showTags('Sérgio') }).click();
    await row.getByRole('link', { name: `${labels.units} ${plate}` }).click();
    await expect(page).toHaveURL(paths.units(plate));
    const card = page.locator('li[data-unit-id]');
    await expect(card.getByText(condoUi.residentsCount(1, 3))).toBeVisible();
    await card.getByRole('link', { name: /^Editar/ }).click();
    await page.getByRole('button', { name: condoUi.removeResidentLabel('Rita') }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: condoUi.removeConfirm }).click();
    await expect(toast(page, condoUi.removed)).toBeVisible();
    await expect(page.getByText('0/3')).toBeVisible();
    expect((await listTags(request, residentToken)).map((t) => t.code)).not.toContain(plate);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    test(`[ADM-09] at ${viewport.width} px: two clients called Ana are told apart by full name; the search finds one by e-mail; "Tem Toque desativado" keeps only the one with a tag switched off`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      const tag = `${Date.now().toString(36)}${viewport.width}`;
      const [admin, first, second, code] = await Promise.all([
        Promise.resolve(createAdmin()),
        registerUser(request, newUser({ name: `Ana Paula ${tag}` })),
        registerUser(request, newUser({ name: `Ana Clara ${tag}` })),
        mintCode(3),
      ]);
      const adminToken = await apiLogin(request, admin);
      await associate(request, await apiLogin(request, second), code);
      await call(
        request,
        adminToken,
        adminApi.qrStatus(code),
        { is_active: false, reason: 'Teste de filtro' },
        'patch',
      );

      await loginAs(page, adminToken);
      await page.goto(paths.manageClients);
      const search = page.getByLabel(labels.search);
      await search.fill(tag);
      const rows = page.locator('li[data-user-id]');
      await expect(rows).toHaveCount(2);
      for (const person of [first, second]) await expect(rows.filter({ hasText: person.name })).toHaveCount(1);
      await expect(rows.getByRole('heading', { name: 'Ana', exact: true })).toHaveCount(2);
      await expectNoSeriousA11yViolations(page, 'the clients list with its filters');
      if (process.env.SHOTS_DIR)
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/adm09-clients-${viewport.width}.png`, fullPage: true });

      // By e-mail, in part.
      await search.fill(second.email.slice(0, 14));
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText(second.name);

      // The filter: only the client with a tag switched off.
      await search.fill(tag);
      await expect(rows).toHaveCount(2);
      await page.getByLabel(labels.hasInactiveTag).check();
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText(second.name);
      await page.getByRole('button', { name: labels.clearFilters }).click();
      await expect(rows).toHaveCount(2);
    });
  }

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    test(`[ADM-11] at ${viewport.width} px: the administrator mints a batch of codes from the page, sees its new codes listed to copy, sees it listed with its claimed count and downloads both print sheets under distinct names`, async ({
      page,
      request,
      context,
      browserName,
    }) => {
      await page.setViewportSize(viewport);
      const admin = createAdmin();
      const token = await apiLogin(request, admin);
      await loginAs(page, token);
      // The list's first read is answered by the server at once but reaches the page only after the
      // batch below is minted (as on a slow network): the page must still show the new batch.
      let releaseList = () => {};
      const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
      let held = false;
      await page.route('**/api/admin/batches', async (route) => {
        if (route.request().method() !== 'GET' || held) return route.continue();
        held = true;
        const stale = await route.fetch();
        await listHeld;
        await route.fulfill({ response: stale });
      });
      await page.goto(paths.manageClients);
      await page.getByRole('tab', { name: adminUi.tabs.inventory }).click();
      const inv = adminUi.inventory;
      await expect(page.getByText(inv.intro)).toBeVisible();
      await field(page, inv.product).selectOption({ label: 'Objeto' });
      const count = field(page, inv.count);
      await count.fill('0');
      await page.getByRole('button', { name: inv.mint }).click();
      await expect(page.getByText(inv.countInvalid)).toBeVisible();
      await count.fill('30');
      await page.getByRole('button', { name: inv.mint }).click();
      await expect(toast(page, inv.minted(30))).toBeVisible();
      releaseList();
      const mine = page.locator('li[data-batch-id]').filter({ hasText: admin.email }).first();
      await expect(mine).toContainText('Objeto');
      await expect(mine).toContainText(inv.claimed(0, 30));
      const id = Number(await mine.getAttribute('data-batch-id'));

      // The new codes are on the page, one per line, exactly the batch's (as the server holds them).
      const minted = page.getByRole('region', { name: new RegExp(`^${escapeRegExp(inv.mintedCodesTitle(id, 30))}`) });
      const box = minted.getByRole('textbox', { name: inv.mintedCodesLabel(id) });
      const onServer = await request.get(`/api${adminApi.batch(id)}`, { headers: { authorization: `Bearer ${token}` } });
      const codes = ((await onServer.json()) as BatchCodes).codes.map((c) => c.code).sort();
      expect(codes).toHaveLength(30);
      await expect.poll(async () => (await box.inputValue()).split('\n').sort()).toEqual(codes);
      if (browserName === 'chromium') {
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await minted.getByRole('button', { name: inv.copyCodes }).click();
        await expect(toast(page, inv.codesCopied)).toBeVisible();
        await expect.poll(async () => (await page.evaluate(() => navigator.clipboard.readText())).split('\n').sort()).toEqual(codes);
      }
      await expectNoSeriousA11yViolations(page, 'the inventory tab');
      if (process.env.SHOTS_DIR)
        await page.screenshot({
          path: `${process.env.SHOTS_DIR}/adm11-inventory-${viewport.width}.png`,
          fullPage: true,
        });

      // Each layout saves under its own name: two sheets of one batch never overwrite each other.
      const names: string[] = [];
      for (const layout of ['a4-3x8', 'a4-2x7'] as const) {
        const download = page.waitForEvent('download');
        await mine.getByRole('button', { name: new RegExp(`^${escapeRegExp(inv.pdf(inv.layouts[layout]))}`) }).click();
        const file = await download;
        expect(file.suggestedFilename()).toBe(batchPdfFilename(id, layout));
        names.push(file.suggestedFilename());
        const bytes = readFileSync(await file.path());
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      }
      expect(new Set(names).size).toBe(2);
    });
  }
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
