import { describe, expect, test } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { chargesApi, chargeWords, financeApi, type Charge, type FinancePlan } from '@toque/contracts/billing';
import { adminApi, condoApi } from '@toque/contracts/routes';
import { charges, tags } from '../src/db/schema';
import { build, dbLabel, errorBody, mint } from './helpers';
import { ownedTag } from './calls-support';
import { activate, post, signUpAdmin } from './condo-support';
import { signUp } from './helpers';

/**
 * SEC-08: a charge records the plan terms it was made for (interval, units, price) and a payment grants
 * exactly those, whatever the plan says later; an end-to-end id once seen is never used for another charge.
 */
const SECRET = 'segredo-do-webhook-termos-0123456789';
const { app } = await build({ PIX_WEBHOOK_SECRET: SECRET, PIX_KEY: 'financeiro@toque.app.br' });
const admin = await signUpAdmin(app);
const day = 24 * 60 * 60 * 1000;
type Auth = Record<string, string>;

const charge = (auth: Auth, codes: string[]) =>
  app.inject({ method: 'POST', url: `/api${chargesApi.charges}`, headers: auth, payload: { codes } });
const chargesOf = async (auth: Auth) =>
  (await app.inject({ method: 'GET', url: `/api${chargesApi.charges}`, headers: auth })).json<Charge[]>();
const plansOf = async (auth: Auth) =>
  (await app.inject({ method: 'GET', url: `/api${financeApi.plans}`, headers: auth })).json<FinancePlan[]>();
const planOf = async (auth: Auth, code: string) => (await plansOf(auth)).find((p) => p.code === code)!;
const setInterval = (auth: Auth, code: string, interval: 'monthly' | 'annual') =>
  app.inject({ method: 'PUT', url: `/api${financeApi.plan(code)}`, headers: auth, payload: { interval } });
/** A 32-character end-to-end id, unique across runs on a kept PostgreSQL database. */
const endToEnd = () => `E${randomBytes(16).toString('hex').slice(0, 31)}`;
const reais = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const webhook = (txid: string, cents: number, endToEndId = endToEnd()) =>
  app.inject({
    method: 'POST',
    url: `/api${chargesApi.webhook(SECRET)}`,
    payload: { pix: [{ endToEndId, txid, valor: reais(cents), horario: new Date().toISOString() }] },
  });
const statusOf = async (id: number) => (await app.db.select().from(charges).where(eq(charges.id, id)))[0]!.status;

describe(`[SEC-08] a payment grants the terms its charge priced ${dbLabel}`, () => {
  test('[SEC-08] [FIN-03] a monthly charge paid after the plan was switched to annual grants one month, not a year; the switch expires the open charge and the next one is priced annual', async () => {
    const { owner, code } = await ownedTag(app, 1);
    const dueBefore = Date.parse((await planOf(owner.auth, code)).due_at);
    const monthly = (await charge(owner.auth, [code])).json<Charge>();
    expect(monthly.amount_cents).toBe(5490);
    expect((await setInterval(owner.auth, code, 'annual')).statusCode).toBe(200);
    // The open monthly charge no longer stands for the plan: the list says so, and asking again makes a new one.
    expect((await chargesOf(owner.auth)).find((c) => c.id === monthly.id)!.status).toBe('expired');
    const again = await charge(owner.auth, [code]);
    expect(again.statusCode, again.body).toBe(201);
    const annual = again.json<Charge>();
    expect(annual.id).not.toBe(monthly.id);
    expect(annual.amount_cents).toBe(54900);
    // The owner had already paid the monthly Pix at the bank: it arrives and buys what it priced, one month.
    expect((await webhook(monthly.txid, monthly.amount_cents)).statusCode).toBe(200);
    expect(await statusOf(monthly.id)).toBe('paid');
    const moved = (Date.parse((await planOf(owner.auth, code)).due_at) - dueBefore) / day;
    expect(moved).toBeGreaterThanOrEqual(28);
    expect(moved).toBeLessThanOrEqual(31);
  });

  test('[SEC-08] [FIN-03] a plate’s charge made for its units pays nothing once units were added: held for review, the due date unmoved, the next charge priced for every unit', async () => {
    const sindico = await signUp(app, { name: 'Sílvia Síndica' });
    const { plate, condominiumId } = await activate(app, admin, sindico, 4);
    const due = (await planOf(sindico.auth, plate)).due_at;
    const old = (await charge(sindico.auth, [plate])).json<Charge>();
    expect(old.amount_cents).toBe(4 * 1990);
    for (let i = 0; i < 3; i++) {
      const res = await post(app, condoApi.createUnit, admin.token, {
        condominiumId,
        qrCode: plate,
        nameOfUnit: `Apto ${201 + i}`,
        emailAdminCond: sindico.email,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await webhook(old.txid, old.amount_cents)).statusCode).toBe(200);
    expect(await statusOf(old.id)).toBe('review');
    expect((await planOf(sindico.auth, plate)).due_at).toBe(due);
    const fresh = await charge(sindico.auth, [plate]);
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(fresh.json<Charge>().amount_cents).toBe(7 * 1990);
    expect(fresh.json<Charge>().id).not.toBe(old.id);
  });

  test('[SEC-08] [FIN-03] asking again after nothing changed still gives the same open charge', async () => {
    const { owner, code } = await ownedTag(app, 4);
    const first = (await charge(owner.auth, [code])).json<Charge>();
    const second = await charge(owner.auth, [code]);
    expect(second.statusCode).toBe(200);
    expect(second.json<Charge>().id).toBe(first.id);
  });
});

describe(`[SEC-08] an end-to-end id once seen ${dbLabel}`, () => {
  test('[SEC-08] [FIN-04] an underpaying Pix’s end-to-end id, overtaken by the full payment, can never pay another charge', async () => {
    const a = await ownedTag(app, 3);
    const b = await ownedTag(app, 3);
    const c1 = (await charge(a.owner.auth, [a.code])).json<Charge>();
    const c2 = (await charge(b.owner.auth, [b.code])).json<Charge>();
    const under = endToEnd();
    expect((await webhook(c1.txid, c1.amount_cents - 100, under)).statusCode).toBe(200);
    expect(await statusOf(c1.id)).toBe('review');
    expect((await webhook(c1.txid, c1.amount_cents)).statusCode).toBe(200);
    expect(await statusOf(c1.id)).toBe('paid');
    const dueB = (await planOf(b.owner.auth, b.code)).due_at;
    // The provider (or a forger) sends the first id again, now naming the other charge.
    expect((await webhook(c2.txid, c2.amount_cents, under)).statusCode).toBe(200);
    expect(await statusOf(c2.id)).toBe('pending');
    expect((await planOf(b.owner.auth, b.code)).due_at).toBe(dueB);
    // The administrator cannot reuse it either.
    const byAdmin = await app.inject({
      method: 'POST',
      url: `/api${chargesApi.adminMarkPaid(c2.id)}`,
      headers: admin.auth,
      payload: { endToEndId: under },
    });
    expect(byAdmin.statusCode).toBe(409);
    expect(errorBody(byAdmin)).toBe(chargeWords.endToEndUsed);
    expect(await statusOf(c2.id)).toBe('pending');
  });
});

describe(`[SEC-08] one end-to-end id sent for two charges at once ${dbLabel}`, () => {
  test('[SEC-08] [REL-01] ten notifications of one id naming two charges at the same time pay exactly one of them, once', async () => {
    const a = await ownedTag(app, 4);
    const b = await ownedTag(app, 4);
    const c1 = (await charge(a.owner.auth, [a.code])).json<Charge>();
    const c2 = (await charge(b.owner.auth, [b.code])).json<Charge>();
    const id = endToEnd();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? webhook(c1.txid, c1.amount_cents, id) : webhook(c2.txid, c2.amount_cents, id))),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const statuses = [await statusOf(c1.id), await statusOf(c2.id)].sort();
    expect(statuses).toEqual(['paid', 'pending']);
  });
});

describe(`[FIN-07] charges match what is owed ${dbLabel}`, () => {
  test('[FIN-07] a tag switched off by support is neither listed as a plan nor charged', async () => {
    const { owner, code } = await ownedTag(app, 3);
    const off = await app.inject({
      method: 'PATCH',
      url: `/api${adminApi.qrStatus(code)}`,
      headers: admin.auth,
      payload: { is_active: false, reason: 'Pedido do cliente' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await plansOf(owner.auth)).map((p) => p.code)).toEqual([]);
    const res = await charge(owner.auth, [code]);
    expect(res.statusCode).toBe(404);
    expect(errorBody(res)).toBe(chargeWords.notOwned);
  });

  test('[FIN-07] a charge for several tags leaves out a tag already paid ahead; a new charge expires the open ones it overlaps', async () => {
    const { owner, code } = await ownedTag(app, 4);
    const [second, third] = await mint(app, 4, 2);
    for (const c of [second, third])
      expect((await app.inject({ method: 'PUT', url: '/api/products/associateQrCode', headers: owner.auth, payload: { code: c } })).statusCode).toBe(200);
    // The first tag is paid (its due date moves a month on, past its trial); the two others are due in three days.
    await app.db.update(tags).set({ planDueAt: new Date(Date.now() + 3 * day) }).where(inArray(tags.code, [code, second!, third!]));
    const first = (await charge(owner.auth, [code])).json<Charge>();
    expect((await webhook(first.txid, first.amount_cents)).statusCode).toBe(200);
    expect(await statusOf(first.id)).toBe('paid');
    const single = (await charge(owner.auth, [second!])).json<Charge>();
    const all = await charge(owner.auth, [code, second!, third!]);
    expect(all.statusCode, all.body).toBe(201);
    expect(all.json<Charge>().tag_codes).toEqual([second!, third!].sort());
    expect(all.json<Charge>().amount_cents).toBe(2 * 1190);
    // The older charge for the second tag no longer stands: paying both is not offered.
    expect((await chargesOf(owner.auth)).find((c) => c.id === single.id)!.status).toBe('expired');
    // Paying ahead one tag on its own is still possible.
    expect((await charge(owner.auth, [code])).statusCode).toBe(201);
  });
});
