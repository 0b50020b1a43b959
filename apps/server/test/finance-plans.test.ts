import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { financeApi, planWords, type FinancePlan } from '@toque/contracts/billing';
import { productsApi } from '@toque/contracts/routes';
import { tags } from '../src/db/schema';
import { build, dbLabel, errorBody, mint, signUp } from './helpers';
import { ownedTag, plate } from './calls-support';

/** FIN-02: a plan per claimed tag — list price in centavos, trial, status from the due date. */
const { app } = await build();
const day = 24 * 60 * 60 * 1000;

const plans = (auth: Record<string, string>) =>
  app.inject({ method: 'GET', url: `/api${financeApi.plans}`, headers: auth });

describe(`[FIN-02] plans ${dbLabel}`, () => {
  test('[FIN-02] a claimed tag starts a monthly plan at its list price with a 30-day trial; the status follows the due date', async () => {
    const account = await signUp(app);
    const [code] = await mint(app, 3, 1);
    const claimed = await app.inject({
      method: 'PUT',
      url: `/api${productsApi.associate}`,
      headers: account.auth,
      payload: { code },
    });
    expect(claimed.statusCode, claimed.body).toBeLessThan(300);
    const res = await plans(account.auth);
    expect(res.statusCode).toBe(200);
    const [plan] = res.json<FinancePlan[]>();
    expect(plan).toMatchObject({ code, product_id: 3, interval: 'monthly', price_cents: 2990, status: 'em_dia' });
    const trial = (Date.parse(plan!.due_at) - Date.now()) / day;
    expect(trial).toBeGreaterThan(29.9);
    expect(trial).toBeLessThanOrEqual(30);

    for (const [days, status] of [
      [5, 'vencendo'],
      [-3, 'em_atraso'],
      [-31, 'suspenso'],
    ] as const) {
      await app.db
        .update(tags)
        .set({ planDueAt: new Date(Date.now() + days * day) })
        .where(eq(tags.code, code!));
      expect((await plans(account.auth)).json<FinancePlan[]>()[0]!.status).toBe(status);
    }
  });

  test('[FIN-02] annual costs 10 months; only the owner changes it; members and residents see no plan of it', async () => {
    const { owner, code, members } = await ownedTag(app, 1, 1);
    const put = (auth: Record<string, string>, interval: unknown, target = code) =>
      app.inject({ method: 'PUT', url: `/api${financeApi.plan(target)}`, headers: auth, payload: { interval } });
    const changed = await put(owner.auth, 'annual');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ message: planWords.chosen.annual });
    expect((await plans(owner.auth)).json<FinancePlan[]>()).toMatchObject([
      { code, interval: 'annual', price_cents: 54_900 },
    ]);

    const member = members[0]!;
    expect((await plans(member.auth)).json()).toEqual([]);
    expect((await put(member.auth, 'monthly')).statusCode).toBe(404);
    const bad = await put(owner.auth, 'weekly');
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad)).toBe('Escolha mensal ou anual.');
    expect((await put({}, 'monthly')).statusCode).toBe(401);
    expect((await plans(owner.auth)).json<FinancePlan[]>()[0]!.interval).toBe('annual');
  });

  test('[FIN-02] a plate pays one licence per unit', async () => {
    const { owner, code, residents } = await plate(app, 1);
    // Two units under the plate: two licences.
    expect((await plans(owner.auth)).json<FinancePlan[]>()).toMatchObject([
      { code, product_id: 5, price_cents: 2 * 1990 },
    ]);
    // A resident pays nothing for the building's plate.
    expect((await plans(residents[0]!.auth)).json()).toEqual([]);
  });
});
