import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { chargesApi, financeApi, formatDueDate, type Charge, type FinancePlan } from '@toque/contracts/billing';
import { DAY_MS } from '@toque/contracts/constants';
import { tags } from '../src/db/schema';
import { build, dbLabel, mint } from './helpers';
import { ownedTag } from './calls-support';

/** FIN-07: a charge names each tag and the period it pays, from what the charge recorded. */
const { app } = await build({
  PIX_WEBHOOK_SECRET: 'segredo-do-webhook-0123456789',
  PIX_KEY: 'financeiro@toque.app.br',
  PIX_MERCHANT_NAME: 'Toque Tecnologia',
  PIX_MERCHANT_CITY: 'São Paulo',
});
type Auth = Record<string, string>;
const pay = (auth: Auth, codes: string[]) =>
  app.inject({ method: 'POST', url: `/api${chargesApi.charges}`, headers: auth, payload: { codes } });
const plansOf = async (auth: Auth) =>
  (await app.inject({ method: 'GET', url: `/api${financeApi.plans}`, headers: auth })).json<FinancePlan[]>();

describe(`[FIN-07] a charge's lines ${dbLabel}`, () => {
  test('[FIN-07] a pay-all charge answers one line per tag — its name, price, interval and the period it pays (due date to the day before the next) — in the POST and in the list', async () => {
    const a = await ownedTag(app, 3);
    const [second] = await mint(app, 4, 1);
    expect(
      (await app.inject({ method: 'PUT', url: '/api/products/associateQrCode', headers: a.owner.auth, payload: { code: second } }))
        .statusCode,
    ).toBe(200);
    await app.db.update(tags).set({ name: 'Coleira da Mel' }).where(eq(tags.code, a.code));
    await app.db.update(tags).set({ name: 'Chave do carro', planInterval: 'annual' }).where(eq(tags.code, second!));
    const plans = await plansOf(a.owner.auth);
    const res = await pay(a.owner.auth, plans.map((p) => p.code));
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<Charge>();
    const due = (code: string) => new Date(plans.find((p) => p.code === code)!.due_at);
    const monthOn = (d: Date, months: number) => {
      const next = new Date(d);
      next.setUTCMonth(next.getUTCMonth() + months);
      return next;
    };
    const mel = due(a.code);
    const chave = due(second!);
    const expected = [
      {
        code: a.code,
        name: 'Coleira da Mel',
        product_id: 3,
        interval: 'monthly',
        units: 1,
        cents: 2990,
        from: mel.toISOString(),
        to: new Date(monthOn(mel, 1).getTime() - DAY_MS).toISOString(),
      },
      {
        code: second,
        name: 'Chave do carro',
        product_id: 4,
        interval: 'annual',
        units: 1,
        cents: 11900,
        from: chave.toISOString(),
        to: new Date(monthOn(chave, 12).getTime() - DAY_MS).toISOString(),
      },
    ].sort((x, y) => x.code!.localeCompare(y.code!));
    expect([...made.lines].sort((x, y) => x.code.localeCompare(y.code))).toEqual(expected);
    expect(made.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(made.amount_cents);
    // A trial ending in 30 days pays the month after it: dd/mm/aaaa a dd/mm/aaaa.
    expect(formatDueDate(made.lines.find((l) => l.code === a.code)!.to)).toBe(
      formatDueDate(new Date(monthOn(mel, 1).getTime() - DAY_MS).toISOString()),
    );

    const listed = (
      await app.inject({ method: 'GET', url: `/api${chargesApi.charges}`, headers: a.owner.auth })
    ).json<Charge[]>();
    expect(listed.find((c) => c.id === made.id)?.lines).toEqual(made.lines);
    // The same tags again give back the open charge, with the same lines.
    const again = await pay(a.owner.auth, plans.map((p) => p.code));
    expect(again.statusCode).toBe(200);
    expect(again.json<Charge>().lines).toEqual(made.lines);
  });

  test('[FIN-07] a line keeps the name the tag has now, and a tag without a name reads as its code', async () => {
    const a = await ownedTag(app, 3);
    await app.db.update(tags).set({ name: '' }).where(eq(tags.code, a.code));
    const made = (await pay(a.owner.auth, [a.code])).json<Charge>();
    expect(made.lines.map((l) => l.name)).toEqual([a.code]);
    await app.db.update(tags).set({ name: 'Coleira do Thor' }).where(eq(tags.code, a.code));
    const listed = (
      await app.inject({ method: 'GET', url: `/api${chargesApi.charges}`, headers: a.owner.auth })
    ).json<Charge[]>();
    expect(listed[0]!.lines.map((l) => l.name)).toEqual(['Coleira do Thor']);
  });
});
