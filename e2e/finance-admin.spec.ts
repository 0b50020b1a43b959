import { adminUi } from '@toque/contracts/admin-ui';
import { DEFAULT_BILLING, financeAdminApi, financeAdminWords, financeApi, type FinancePlan } from '@toque/contracts/billing';
import { paths } from '@toque/contracts/routes';
import { expectNoSeriousA11yViolations, ownerWithTags } from './support/dashboard';
import { apiLogin, createAdmin, expect, loginAs, test, toast } from './support';

/** FIN-06: the administrator's finance view — the overdue list and the prices, which customers' plans follow. */
const t = adminUi.finance;

test('[FIN-06] at 390 px: the administrator sees the finance view and sets the Condomínio price; the customer’s plan follows', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The plate's price: no other browser test reads it, so this change races none of them.
  const customer = await ownerWithTags(request, null, [5]);
  const adminToken = await apiLogin(request, createAdmin());
  await loginAs(page, adminToken);
  await page.goto(paths.manageClients);
  await page.getByRole('tab', { name: adminUi.tabs.finance }).click();
  await expect(page.getByRole('heading', { name: t.settingsTitle })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the finance view');
  const price = page.getByLabel(t.price('Condomínio'));
  await expect(price).toHaveValue('19,90');
  await price.fill('25,00');
  await page.getByRole('button', { name: t.save }).click();
  await expect(toast(page, financeAdminWords.saved)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('finance-admin-390.png'), fullPage: true });

  const plans = (await (await request.get(`/api${financeApi.plans}`, { headers: { authorization: `Bearer ${customer.token}` } })).json()) as FinancePlan[];
  expect(plans[0]!.price_cents).toBe(2500);
  // Back to the list prices for the other tests.
  const reset = await request.put(`/api${financeAdminApi.settings}`, { headers: { authorization: `Bearer ${adminToken}` }, data: DEFAULT_BILLING });
  expect(reset.status()).toBe(200);
});
