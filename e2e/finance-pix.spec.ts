import { chargesApi, formatDueDate, planWords, type Charge } from '@toque/contracts/billing';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { paths } from '@toque/contracts/routes';
import { expectNoSeriousA11yViolations, ownerWithTags } from './support/dashboard';
import { expect, PIX_WEBHOOK_SECRET, test } from './support';

/**
 * FIN-03 / FIN-04: a customer pays a tag by Pix — the QR code and the "copia e cola" — and the
 * payment provider (this test, speaking the Banco Central's webhook) confirms it: the dialog and the
 * plan say so without a reload.
 */
const f = dashboardUi.finance;
const t = f.pix;

for (const [label, viewport] of [
  ['390 px', { width: 390, height: 844 }],
  ['1366 px', { width: 1366, height: 900 }],
] as const) {
  test(`[FIN-03] [FIN-04] at ${label}: a customer pays a tag by Pix; the provider's webhook confirms it and the plan shows em dia a month later, without reloading`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    const { codes, token } = await ownerWithTags(request, page, [3]);
    await page.goto(paths.finance);
    const due = formatDueDate(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString());
    await expect(page.getByText(due).filter({ visible: true }).first()).toBeVisible();
    // One tag: its row's button (named after the tag for screen readers).
    await page.getByRole('button', { name: /^Pagar .+ com Pix$/ }).click();

    const dialog = page.getByRole('dialog', { name: t.title });
    await expect(dialog.getByText(t.amount('R$ 29,90'))).toBeVisible();
    await expect(dialog.getByRole('img', { name: t.qrAlt })).toBeVisible();
    const copiaECola = dialog.getByLabel(t.copyLabel);
    await expect(copiaECola).toHaveValue(/^000201.*6304[0-9A-F]{4}$/);
    await expect(dialog.getByRole('status').filter({ hasText: t.waiting })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the Pix dialog');
    await page.screenshot({ path: testInfo.outputPath(`pix-${viewport.width}.png`) });

    // The payment provider: the Pix arrives and its webhook is called, as the Banco Central's API describes.
    const [charge] = (await (
      await request.get(`/api${chargesApi.charges}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Charge[];
    expect(charge!.tag_codes).toEqual([codes[0]]);
    expect(await copiaECola.inputValue()).toBe(charge!.br_code);
    const valor = `${Math.floor(charge!.amount_cents / 100)}.${String(charge!.amount_cents % 100).padStart(2, '0')}`;
    const hook = await request.post(`/api${chargesApi.webhook(PIX_WEBHOOK_SECRET)}`, {
      data: { pix: [{ endToEndId: `E00000000${Date.now()}`.padEnd(32, '0').slice(0, 32), txid: charge!.txid, valor, horario: new Date().toISOString() }] },
    });
    expect(hook.status()).toBe(200);

    await expect(dialog.getByRole('status').filter({ hasText: t.paid })).toBeVisible();
    await dialog.getByRole('button', { name: t.close }).click();
    const moved = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
    moved.setUTCMonth(moved.getUTCMonth() + 1);
    await expect(page.getByText(formatDueDate(moved.toISOString())).filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText(planWords.status.em_dia).filter({ visible: true }).first()).toBeVisible();
  });
}
