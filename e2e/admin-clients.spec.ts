import type { APIRequestContext } from '@playwright/test';
import { adminUi, condoUi } from '@toque/contracts/admin-ui';
import { parseUnitNumber, type Unit } from '@toque/contracts/condominium';
import { auditActions } from '@toque/contracts/admin';
import { cpfFromBase } from '@toque/contracts/cpf';
import { adminMsg, msg } from '@toque/contracts/messages';
import { condoApi, paths } from '@toque/contracts/routes';
import { associate, expectNoSeriousA11yViolations, listTags, mintOne } from './dashboard-support';
import { apiLogin, createAdmin, expect, field, loginAs, newUser, registerUser, test, toast } from './support';

const labels = adminUi.clients;

async function call<T>(request: APIRequestContext, token: string, path: string, data: unknown, method: 'post' | 'put' = 'post') {
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
      mintOne(1),
      mintOne(4),
    ]);
    const ownerToken = await apiLogin(request, owner);
    await associate(request, ownerToken, bracelet);
    await associate(request, ownerToken, object);

    await loginAs(page, await apiLogin(request, admin));
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
    await expect(row.locator(`li[data-qr-code="${bracelet}"]`)).toHaveCount(0, { timeout: 10_000 });
    expect((await listTags(request, await apiLogin(request, heir))).map((t) => t.code)).toContain(bracelet);

    // Release the object tag.
    await row.getByRole('button', { name: `${labels.release} ${object}` }).click();
    const release = page.getByRole('alertdialog', { name: labels.releaseTitle });
    await expectNoSeriousA11yViolations(page, 'the release confirmation');
    await release.getByRole('button', { name: labels.releaseConfirm }).click();
    await expect(toast(page, adminMsg.released)).toBeVisible();
    await expect(row.getByText(labels.noTags)).toBeVisible({ timeout: 10_000 });

    // Block: the owner can no longer log in; unblock: they can again.
    await row.getByRole('button', { name: labels.block }).click();
    await page.getByRole('alertdialog', { name: labels.blockTitle }).getByRole('button', { name: labels.blockConfirm }).click();
    await expect(toast(page, adminMsg.blocked)).toBeVisible();
    const refused = await request.post('/api/auth/login', {
      data: { email: owner.email, password: owner.password, platform: 'web', token: '' },
    });
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    await expect(row.getByText(labels.blocked, { exact: true })).toBeVisible({ timeout: 10_000 });
    await row.getByRole('button', { name: labels.unblock }).click();
    await expect(toast(page, adminMsg.unblocked)).toBeVisible();
    await apiLogin(request, owner);

    // ADM-07: every action is in the log, with who did it.
    await page.getByRole('tab', { name: adminUi.tabs.audit }).click();
    for (const action of ['tag.transfer', 'tag.release', 'user.block', 'user.unblock'] as const) {
      await expect(page.getByText(auditActions[action], { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByText(`tag:${bracelet}`).first()).toBeVisible();
  });

  test('[ADM-07] an admin opens a plate from the clients page and removes a unit resident', async ({ page, request }) => {
    const cpf = cpfFromBase(String(100_000_000 + Math.floor(Math.random() * 899_999_999)));
    const [admin, sindico, resident, plate] = await Promise.all([
      Promise.resolve(createAdmin()),
      registerUser(request, newUser({ name: 'Sérgio Síndico', cpfOrCnpj: cpf })),
      registerUser(request, newUser({ name: 'Rita Moradora' })),
      mintOne(5),
    ]);
    const adminToken = await apiLogin(request, admin);
    const { id } = await call<{ id: number }>(request, adminToken, condoApi.createCondominium, { nameCondominium: 'Edifício Aroeira' });
    await call(request, adminToken, condoApi.createUnit, { condominiumId: id, qrCode: plate, nameOfUnit: 'Apto 9', emailAdminCond: sindico.email });
    const [unit] = await call<Unit[]>(request, adminToken, condoApi.ownerQrCode, { qrCode: plate });
    const residentToken = await apiLogin(request, resident);
    await call(request, residentToken, '/products/associateQrCode', { code: parseUnitNumber(unit!.unit_number).code }, 'put');

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
});
