import type { APIRequestContext, Page } from '@playwright/test';
import { chargesApi, financeApi, formatDueDate, type Charge, type FinancePlan } from '@toque/contracts/billing';
import { DAY_MS } from '@toque/contracts/constants';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { formatReais } from '@toque/contracts/money';
import { paths, productsApi } from '@toque/contracts/routes';
import { ownerWithTags } from './support/dashboard';
import { apiUrl, bearerOf, expect, PIX_WEBHOOK_SECRET, test } from './support';

/**
 * FIN-07: the Pix dialog names each tag and the period it pays; the dashboard's plan block shows what
 * all the owner's plans cost together, and a free trial as such.
 */
const f = dashboardUi.finance;
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
};
const phone = { width: 390, height: 844 };
const wide = { width: 1366, height: 900 };

async function plansOf(request: APIRequestContext, token: string) {
  return (await (await request.get(`/api${financeApi.plans}`, { headers: bearerOf(token) })).json()) as FinancePlan[];
}
async function rename(request: APIRequestContext, token: string, code: string, name: string) {
  expect((await request.put(apiUrl(productsApi.updateName), { headers: bearerOf(token), data: { code, name } })).ok()).toBe(true);
}
/** The day before the same date `months` later: the last day a period paid from `from` covers. */
function lastDay(from: string, months: number) {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + months);
  return formatDueDate(new Date(next.getTime() - DAY_MS).toISOString());
}
/** The provider's webhook pays the charge as charged. */
async function payByWebhook(request: APIRequestContext, charge: Charge) {
  const valor = `${Math.floor(charge.amount_cents / 100)}.${String(charge.amount_cents % 100).padStart(2, '0')}`;
  const endToEndId = `E${charge.txid}${Date.now()}`.padEnd(32, '0').slice(0, 32);
  const hook = await request.post(`/api${chargesApi.webhook(PIX_WEBHOOK_SECRET)}`, {
    data: { pix: [{ endToEndId, txid: charge.txid, valor, horario: new Date().toISOString() }] },
  });
  expect(hook.status()).toBe(200);
}

for (const [label, viewport] of [
  ['390×844', phone],
  ['1366×900', wide],
] as const) {
  test(`[FIN-07] at ${label}: "Pagar todos com Pix" names each tag, the period it pays and its price`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const { codes, token } = await ownerWithTags(request, page, [3, 4]);
    await rename(request, token, codes[0]!, 'Coleira da Mel');
    await rename(request, token, codes[1]!, 'Chave do carro');
    const plans = await plansOf(request, token);
    const due = (code: string) => plans.find((p) => p.code === code)!.due_at;
    await page.goto(paths.finance);
    await page.getByRole('button', { name: f.pix.payAll }).click();
    const dialog = page.getByRole('dialog', { name: f.pix.title });
    await expect(dialog.getByText(f.pix.amount('R$ 41,80'))).toBeVisible();
    const lines = dialog.getByRole('list', { name: f.pix.linesLabel });
    await expect(lines.getByRole('listitem')).toHaveCount(2);
    for (const [code, name, cents] of [
      [codes[0]!, 'Coleira da Mel', 2990],
      [codes[1]!, 'Chave do carro', 1190],
    ] as const) {
      const line = f.pix.line(name, formatDueDate(due(code)), lastDay(due(code), 1), formatReais(cents));
      await expect(lines.getByRole('listitem').filter({ hasText: name })).toHaveText(line);
    }
    await shot(page, `pix-lines-${viewport.width}`);
  });
}

for (const [label, viewport] of [
  ['390×844', phone],
  ['1366×900', wide],
] as const) {
  test(`[FIN-07] at ${label}: the dashboard's plan block totals all five tags and says "Período de teste até dd/mm" during the trial; once paid it says "Em dia"`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const { codes, token } = await ownerWithTags(request, page, [3, 3, 3, 3, 3]);
    await page.goto(paths.dashboard);
    const block = page.getByRole('region', { name: dashboardUi.blocks.finance });
    await expect(block.getByText(f.summary.plans(5))).toBeVisible();
    await expect(block.getByText(f.summary.perMonth(formatReais(5 * 2990)), { exact: true })).toBeVisible();
    const trialEnd = formatDueDate((await plansOf(request, token))[0]!.due_at).slice(0, 5);
    await expect(block.getByText(f.summary.trialUntil(trialEnd), { exact: true })).toBeVisible();
    await expect(block.getByText('Em dia', { exact: true })).toHaveCount(0);
    await expect(block.getByText(formatReais(2990), { exact: true })).toHaveCount(0);
    await shot(page, `plan-block-trial-${viewport.width}`);

    // One plan turned annual: the month's total drops by it, and the year's appears.
    expect(
      (await request.put(`/api${financeApi.plan(codes[4]!)}`, { headers: bearerOf(token), data: { interval: 'annual' } })).ok(),
    ).toBe(true);
    // All five paid: no trial any more.
    const made = await request.post(`/api${chargesApi.charges}`, { headers: bearerOf(token), data: { codes } });
    expect(made.status()).toBe(201);
    await payByWebhook(request, (await made.json()) as Charge);
    await page.reload();
    await expect(block.getByText(f.summary.perMonth(formatReais(4 * 2990)), { exact: true })).toBeVisible();
    await expect(block.getByText(f.summary.perYear(formatReais(10 * 2990)), { exact: true })).toBeVisible();
    await expect(block.getByText('Em dia', { exact: true })).toBeVisible();
    await expect(block.getByText(/Período de teste/)).toHaveCount(0);
    await shot(page, `plan-block-paid-${viewport.width}`);
  });
}
