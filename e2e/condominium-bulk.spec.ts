import type { APIRequestContext, Page } from '@playwright/test';
import { condoUi } from '@toque/contracts/admin-ui';
import { formatReais } from '@toque/contracts/money';
import { condoApi, paths } from '@toque/contracts/routes';
import { bulkMsg } from '@toque/contracts/units-bulk';
import {
  apiLogin,
  createAdmin,
  expect,
  expectPath,
  loginAs,
  mintCodes,
  newUser,
  registerUser,
  test,
  toast,
} from './support';
import { printFrames, watchPrintFrames } from './support/print';
import { decodeQrImage } from './support/qr';
import { expectNoSeriousA11yViolations } from './support/dashboard';

/**
 * CONDO-12: the síndica creates a block of units at once, from a pasted list, after a preview;
 * CONDO-14: 'Meu condomínio' one tap from the dashboard, residents by e-mail (an account joins,
 * anyone else is invited and joins at sign-up), search and block filter.
 */
const m = condoUi.manage;

for (const [label, viewport] of [
  ['390 px', { width: 390, height: 844 }],
  ['1366 px', { width: 1366, height: 900 }],
] as const) {
  test(`[CONDO-12] [CONDO-14] at ${label}: the síndica pastes 101–104 and three e-mails, sees the preview, confirms; units, a resident and invitations exist, and an invited resident's sign-up lands in the unit`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(135_000);
    await page.setViewportSize(viewport);
    const admin = createAdmin();
    const adminToken = await apiLogin(request, admin);
    const sindica = await registerUser(request, newUser({ name: 'Sílvia Síndica' }));
    const [plate] = await mintCodes(5);
    const building = `Residencial Jatobá ${Date.now() % 10_000}`;
    const auth = { authorization: `Bearer ${adminToken}` };
    const condo = await request.post(`/api${condoApi.createCondominium}`, {
      data: { nameCondominium: building },
      headers: auth,
    });
    const { id: condominiumId } = (await condo.json()) as { id: number };
    const unit = await request.post(`/api${condoApi.createUnit}`, {
      data: { condominiumId, qrCode: plate, nameOfUnit: 'Portaria', emailAdminCond: sindica.email },
      headers: auth,
    });
    expect(unit.status()).toBe(201);
    const rui = await registerUser(request, newUser({ name: 'Rui Morador' }));
    const nina = `nina.${Date.now()}@exemplo.com.br`;
    const otto = `otto.${Date.now()}@exemplo.com.br`;

    // One tap from the dashboard.
    await loginAs(page, await apiLogin(request, sindica));
    await page.goto(paths.dashboard);
    await page.getByRole('link', { name: m.nav }).first().click();
    await expectPath(page, paths.units(plate!));

    await page.getByRole('button', { name: m.bulk.open }).click();
    const units = page.getByRole('textbox', { name: m.bulk.text, exact: true });
    // A bad line first: the preview says why, and nothing can be confirmed.
    await units.fill('101–104\n105; ana@');
    await page.getByLabel(m.bulk.block).fill('Bloco B');
    await page.getByRole('button', { name: m.bulk.preview }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: m.bulk.refusedLine(2, '105; ana@', bulkMsg.emailInvalid('ana@')) }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: m.bulk.confirm(4) })).toHaveCount(0);

    await units.fill(`101–104\n101; ${rui.email}; ${nina}\n102; ${otto}`);
    await page.getByRole('button', { name: m.bulk.preview }).click();
    const summary = page.getByRole('status').filter({ hasText: m.bulk.summary(4) });
    await expect(summary).toContainText(m.bulk.invitesSummary(1, 2));
    const table = page.getByTestId('bulk-preview').getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(5);
    await expect(table.getByRole('row').nth(1)).toContainText(`${rui.email} (${m.bulk.hasAccount})`);
    await expect(table.getByRole('row').nth(1)).toContainText(`${nina} (${m.bulk.willInvite})`);
    await expectNoSeriousA11yViolations(page, 'the bulk units preview');
    await page.screenshot({ path: testInfo.outputPath(`bulk-preview-${viewport.width}.png`), fullPage: true });

    await page.getByRole('button', { name: m.bulk.confirm(4) }).click();
    await expect(toast(page, bulkMsg.created(4))).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: m.showing(1, 5, 5) })).toBeVisible();

    // The block filter and the search.
    await page.getByLabel(m.blockFilter, { exact: true }).selectOption('Bloco B');
    await expect(page.getByRole('status').filter({ hasText: m.showing(1, 4, 4) })).toBeVisible();
    await expect(page.getByRole('button', { name: m.printBlock('Bloco B') })).toBeVisible();
    await page.getByLabel(m.search).fill('Rui');
    await expect(page.getByRole('status').filter({ hasText: m.showing(1, 1, 1) })).toBeVisible();
    const u101 = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /101/ }) });
    await expect(u101).toContainText('1/3 moradores');
    await expect(u101).toContainText(nina);
    await expect(u101.getByRole('button', { name: m.invite.cancelLabel(nina) })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "the síndica's units, filtered");
    await page.screenshot({ path: testInfo.outputPath(`units-${viewport.width}.png`), fullPage: true });

    // Nina signs up with the invited e-mail and is in unit 101 at once.
    const ninaUser = await registerUser(request, newUser({ name: 'Nina Nova', email: nina }));
    await page.reload();
    await page.getByLabel(m.search).fill('Nina');
    await expect(page.getByRole('status').filter({ hasText: m.showing(1, 1, 1) })).toBeVisible();
    await expect(u101).toContainText('2/3 moradores');
    await expect(u101).not.toContainText(nina);
    const residentContext = await page.context().browser()!.newContext({ viewport });
    const resident = await residentContext.newPage();
    await loginAs(resident, await apiLogin(request, ninaUser));
    await resident.goto(paths.products);
    await expect(resident.getByText(condoUi.residentView.unit('101')).first()).toBeVisible();
    await residentContext.close();
  });
}

test('[CONDO-14] a síndica revokes an invitation; the menu offers Meu condomínio only to whoever owns a plate', async ({
  page,
  request,
}) => {
  const admin = createAdmin();
  const adminToken = await apiLogin(request, admin);
  const sindica = await registerUser(request, newUser({ name: 'Sara Síndica' }));
  const [plate] = await mintCodes(5);
  const auth = { authorization: `Bearer ${adminToken}` };
  const { id: condominiumId } = (await (
    await request.post(`/api${condoApi.createCondominium}`, {
      data: { nameCondominium: 'Edifício Ipê' },
      headers: auth,
    })
  ).json()) as { id: number };
  await request.post(`/api${condoApi.createUnit}`, {
    data: { condominiumId, qrCode: plate, nameOfUnit: 'Apto 1', emailAdminCond: sindica.email },
    headers: auth,
  });
  await loginAs(page, await apiLogin(request, sindica));
  await page.goto(paths.myCondominium);
  await expectPath(page, paths.units(plate!));
  const email = `convite.${Date.now()}@exemplo.com.br`;
  await page.getByLabel(m.invite.label('Apto 1')).fill(email);
  await page.getByRole('button', { name: m.invite.submit }).click();
  await expect(toast(page, bulkMsg.invited)).toBeVisible();
  await page.getByRole('button', { name: m.invite.cancelLabel(email) }).click();
  await expect(toast(page, bulkMsg.invitationCancelled)).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);

  // A customer without a plate: no such item, and the address says so.
  const customerContext = await page.context().browser()!.newContext();
  const customer = await customerContext.newPage();
  await loginAs(customer, await apiLogin(request, await registerUser(request)));
  await customer.goto(paths.dashboard);
  await expect(
    customer.getByRole('navigation', { name: 'Menu da área logada' }).getByRole('link', { name: m.nav }),
  ).toHaveCount(0);
  await customer.goto(paths.myCondominium);
  await expect(customer.getByText(m.noPlate)).toBeVisible();
  await customerContext.close();
});

/** Sônia's building: 'Apto 101' and 'Apto 102' under a fresh plate, her units page open at 390 px. */
async function cedro(page: Page, request: APIRequestContext) {
  await page.setViewportSize({ width: 390, height: 844 });
  const adminToken = await apiLogin(request, createAdmin());
  const sindica = await registerUser(request, newUser({ name: 'Sônia Síndica' }));
  const [plate] = await mintCodes(5);
  const auth = { authorization: `Bearer ${adminToken}` };
  const { id: condominiumId } = (await (
    await request.post(`/api${condoApi.createCondominium}`, { data: { nameCondominium: 'Edifício Cedro' }, headers: auth })
  ).json()) as { id: number };
  for (const nameOfUnit of ['Apto 101', 'Apto 102']) {
    const res = await request.post(`/api${condoApi.createUnit}`, {
      data: { condominiumId, qrCode: plate, nameOfUnit, emailAdminCond: sindica.email },
      headers: auth,
    });
    expect(res.status()).toBe(201);
  }
  await loginAs(page, await apiLogin(request, sindica));
  await page.goto(paths.units(plate!));
  return plate!;
}

test('[CONDO-19] [FIN-07] at 390 px: 101–104 beside "Apto 101" and "Apto 102" previews 2 new units, names the 2 that exist and the new monthly price; the confirmation creates the 2', async ({
  page,
  request,
}, testInfo) => {
  await cedro(page, request);
  await page.getByRole('button', { name: m.bulk.open }).click();
  await page.getByRole('textbox', { name: m.bulk.text, exact: true }).fill('101–104');
  await page.getByRole('button', { name: m.bulk.preview }).click();
  const preview = page.getByTestId('bulk-preview');
  await expect(preview.getByRole('status').filter({ hasText: m.bulk.summary(2) })).toBeVisible();
  await expect(preview.getByText(m.bulk.matchedTitle(2))).toBeVisible();
  await expect(preview.getByTestId('bulk-matched').getByRole('listitem')).toHaveText([
    m.bulk.matchedLine('101', 'Apto 101'),
    m.bulk.matchedLine('102', 'Apto 102'),
  ]);
  await expect(preview.getByText(m.bulk.price(formatReais(2 * 1990), formatReais(4 * 1990)))).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the bulk preview with existing units and the price');
  await page.screenshot({ path: testInfo.outputPath('bulk-matched-390.png'), fullPage: true });
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/bulk-matched-390.png`, fullPage: true });

  await page.getByRole('button', { name: m.bulk.confirm(2) }).click();
  await expect(toast(page, bulkMsg.created(2))).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: m.showing(1, 4, 4) })).toBeVisible();
});

test('[CONDO-19] at 390 px: every QR code of the units’ print sheet, decoded, is the plate’s public address (what the plate’s own QR code holds)', async ({
  page,
  request,
}) => {
  const plate = await cedro(page, request);
  await expect(page.getByRole('button', { name: condoUi.printCodes })).toBeVisible();
  await watchPrintFrames(page);
  await page.getByRole('button', { name: condoUi.printCodes }).click();
  await expect.poll(async () => (await printFrames(page)).length).toBe(1);
  const sheet = (await printFrames(page))[0]!;
  const images = [...sheet.matchAll(/<img src="(data:image\/png;base64,[^"]+)"/g)].map((match) => match[1]!);
  expect(images).toHaveLength(2);
  const url = `${new URL(page.url()).origin}${paths.finder(plate)}`;
  for (const image of images) expect(await decodeQrImage(page, image)).toBe(url);
});
