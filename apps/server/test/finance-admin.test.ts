import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  chargesApi,
  DEFAULT_BILLING,
  financeAdminApi,
  financeAdminWords,
  financeApi,
  type Charge,
  type FinancePlan,
  type FinanceReport,
} from '@toque/contracts/billing';
import { auditLog, tags } from '../src/db/schema';
import { build, dbLabel, errorBody, mint } from './helpers';
import { ownedTag } from './calls-support';
import { signUpAdmin } from './condo-support';

/** FIN-06: the administrator's finance view — prices and trial with an audit row, revenue, overdue list. */
const SECRET = 'segredo-do-webhook-admin-0123456789';
const { app } = await build({ PIX_WEBHOOK_SECRET: SECRET });
const admin = await signUpAdmin(app);
const day = 24 * 60 * 60 * 1000;
type Auth = Record<string, string>;
const report = (auth: Auth) => app.inject({ method: 'GET', url: `/api${financeAdminApi.report}`, headers: auth });
const saveSettings = (auth: Auth, payload: unknown) =>
  app.inject({ method: 'PUT', url: `/api${financeAdminApi.settings}`, headers: auth, payload: payload as object });

describe(`[FIN-06] the administrator's finance view ${dbLabel}`, () => {
  test('[FIN-06] prices, annual months and trial are editable with an audit row; plans and new claims follow them', async () => {
    const { owner } = await ownedTag(app, 4);
    const settings = { prices: { ...DEFAULT_BILLING.prices, '4': 1500 }, annualMonths: 11, trialDays: 7 };
    const saved = await saveSettings(admin.auth, settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: financeAdminWords.saved });
    const [plan] = (await app.inject({ method: 'GET', url: `/api${financeApi.plans}`, headers: owner.auth })).json<
      FinancePlan[]
    >();
    expect(plan!.price_cents).toBe(1500);
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.action, 'billing.settings'));
    expect(audit.at(-1)!.after).toEqual(settings);

    // A claim now starts with the 7-day trial.
    const [code] = await mint(app, 4, 1);
    await app.inject({ method: 'PUT', url: '/api/products/associateQrCode', headers: owner.auth, payload: { code } });
    const [row] = await app.db.select().from(tags).where(eq(tags.code, code!));
    const trial = (row!.planDueAt!.getTime() - Date.now()) / day;
    expect(trial).toBeGreaterThan(6.9);
    expect(trial).toBeLessThanOrEqual(7);
    expect((await report(admin.auth)).json<FinanceReport>().settings).toEqual(settings);

    for (const bad of [
      { ...settings, trialDays: -1 },
      { ...settings, annualMonths: 13 },
      { ...settings, prices: { ...settings.prices, '1': 0 } },
    ]) {
      const res = await saveSettings(admin.auth, bad);
      expect(res.statusCode).toBe(400);
      expect(errorBody(res)).toMatch(/^(De 0 a 365 dias\.|De 1 a 12 meses\.|Informe um preço válido\.)$/);
    }
    expect((await saveSettings(owner.auth, settings)).statusCode).toBe(403);
    expect((await report(owner.auth)).statusCode).toBe(403);
    await saveSettings(admin.auth, DEFAULT_BILLING);
  });

  test('[FIN-06] revenue by month and product counts paid charges; the overdue list names the late tags and their owners', async () => {
    const { owner, code } = await ownedTag(app, 1);
    const made = (
      await app.inject({
        method: 'POST',
        url: `/api${chargesApi.charges}`,
        headers: owner.auth,
        payload: { codes: [code] },
      })
    ).json<Charge>();
    const before = (await report(admin.auth)).json<FinanceReport>();
    const month = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
    }).format(new Date());
    const cents = (r: FinanceReport) => r.revenue.find((x) => x.month === month && x.product_id === 1)?.cents ?? 0;
    const valor = `${Math.floor(made.amount_cents / 100)}.${String(made.amount_cents % 100).padStart(2, '0')}`;
    await app.inject({
      method: 'POST',
      url: `/api${chargesApi.webhook(SECRET)}`,
      payload: {
        pix: [
          {
            endToEndId: `E${String(Date.now()).padStart(31, '7')}`,
            txid: made.txid,
            valor,
            horario: new Date().toISOString(),
          },
        ],
      },
    });
    const after = (await report(admin.auth)).json<FinanceReport>();
    expect(cents(after) - cents(before)).toBe(made.amount_cents);

    const late = await ownedTag(app, 3);
    await app.db
      .update(tags)
      .set({ planDueAt: new Date(Date.now() - 40 * day) })
      .where(eq(tags.code, late.code));
    const overdue = (await report(admin.auth)).json<FinanceReport>().overdue.find((o) => o.code === late.code);
    expect(overdue).toMatchObject({ owner_email: late.owner.email, status: 'suspenso', product_id: 3 });
  });
});
