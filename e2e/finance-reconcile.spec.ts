import { adminUi } from '@toque/contracts/admin-ui';
import { chargesApi, financeApi, type Charge, type FinancePlan } from '@toque/contracts/billing';
import { paths } from '@toque/contracts/routes';
import { expectNoSeriousA11yViolations, ownerWithTags } from './support/dashboard';
import { apiLogin, createAdmin, expect, loginAs, test, toast } from './support';

/** FIN-04: the administrator's reconciliation — a bank statement pays a charge; a charge marked paid by its E2E id. */
const t = adminUi.charges;

for (const [label, viewport] of [
  ['390 px', { width: 390, height: 844 }],
  ['1366 px', { width: 1366, height: 900 }],
] as const) {
  test(`[FIN-04] at ${label}: the administrator imports a bank statement and a charge turns paid; another is marked paid with the bank's E2E id`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const customer = await ownerWithTags(request, null, [3, 4]);
    const auth = { authorization: `Bearer ${customer.token}` };
    const charge = async (code: string) => (await (await request.post(`/api${chargesApi.charges}`, { headers: auth, data: { codes: [code] } })).json()) as Charge;
    const [byStatement, byHand] = [await charge(customer.codes[0]!), await charge(customer.codes[1]!)];

    await loginAs(page, await apiLogin(request, createAdmin()));
    await page.goto(paths.manageClients);
    await page.getByRole('tab', { name: adminUi.tabs.charges }).click();
    await page.getByLabel(t.search).fill(customer.user.email);
    const rows = page.locator(`[data-txid]`).filter({ visible: true });
    await expect(rows).toHaveCount(2);
    await expectNoSeriousA11yViolations(page, 'the charges panel');

    // The bank's CSV, as Excel on a Brazilian machine saves it (Windows-1252, ';').
    const csv = Buffer.from(
      ['Data;Histórico;Valor;Saldo', `27/11/2026;PIX RECEBIDO ${byStatement.txid};29,90;1.029,90`, '27/11/2026;TARIFA;-5,00;1.024,90'].join('\r\n'),
      'latin1',
    );
    await page.getByLabel(t.statementFile).setInputFiles({ name: 'extrato.csv', mimeType: 'text/csv', buffer: csv });
    await page.getByRole('button', { name: t.statementImport }).click();
    await expect(page.getByRole('status').filter({ hasText: t.matched(1) })).toBeVisible();
    await expect(rows).toHaveCount(1);

    await page.getByLabel(t.endToEnd(byHand.txid)).filter({ visible: true }).fill(`E1823612020261127${String(Date.now()).slice(-15).padStart(15, '0')}`);
    await rows.getByRole('button', { name: t.markPaid }).click();
    await expect(toast(page, 'Pagamento registrado.')).toBeVisible();
    await expect(rows).toHaveCount(0);
    await expect(page.getByText(t.empty)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`charges-${viewport.width}.png`), fullPage: true });

    const plans = (await (await request.get(`/api${financeApi.plans}`, { headers: auth })).json()) as FinancePlan[];
    expect(plans.map((p) => p.status)).toEqual(['em_dia', 'em_dia']);
    expect(plans.every((p) => Date.parse(p.due_at) > Date.now() + 50 * 24 * 60 * 60 * 1000)).toBe(true);
  });
}
