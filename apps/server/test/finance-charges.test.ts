import { describe, expect, test } from 'vitest';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  chargesApi,
  chargeWords,
  financeApi,
  statementApi,
  statementWords,
  type Charge,
  type FinancePlan,
  type StatementResult,
} from '@toque/contracts/billing';
import { charges, tags } from '../src/db/schema';
import { isValidBrCode, parseBrCode } from '../src/modules/finance/brcode';
import { build, dbLabel, errorBody, mint } from './helpers';
import { ownedTag } from './calls-support';
import { signUpAdmin } from './condo-support';

/**
 * FIN-03: Pix charges (a BR Code per charge, idempotent per tags and period); FIN-04: confirmation
 * by the provider's webhook (Banco Central's Pix API shape) or by the administrator.
 */
const SECRET = 'segredo-do-webhook-0123456789';
const { app } = await build({
  PIX_WEBHOOK_SECRET: SECRET,
  PIX_KEY: 'financeiro@toque.app.br',
  PIX_MERCHANT_NAME: 'Toque Tecnologia',
  PIX_MERCHANT_CITY: 'São Paulo',
});
const admin = await signUpAdmin(app);
const day = 24 * 60 * 60 * 1000;
type Auth = Record<string, string>;

const pay = (auth: Auth, codes: string[]) =>
  app.inject({ method: 'POST', url: `/api${chargesApi.charges}`, headers: auth, payload: { codes } });
const plansOf = async (auth: Auth) =>
  (await app.inject({ method: 'GET', url: `/api${financeApi.plans}`, headers: auth })).json<FinancePlan[]>();
/** A received Pix as the provider sends it: a 32-character end-to-end id, the txid, the amount in reais with a dot. */
const received = (txid: string, valor: string, endToEndId = `E${randomBytes(16).toString('hex').slice(0, 31)}`) => ({
  endToEndId,
  txid,
  valor,
  horario: new Date().toISOString(),
});
const webhook = (pix: unknown[], secret = SECRET) =>
  app.inject({ method: 'POST', url: `/api${chargesApi.webhook(secret)}`, payload: { pix } });
const reais = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

describe(`[FIN-03] Pix charges ${dbLabel}`, () => {
  test('[FIN-03] a charge for two tags: one BR Code with the key, the sum in centavos, the txid, merchant and city; the same tags again give the same charge', async () => {
    const a = await ownedTag(app, 1);
    const [second] = await mint(app, 4, 1);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: '/api/products/associateQrCode',
          headers: a.owner.auth,
          payload: { code: second },
        })
      ).statusCode,
    ).toBe(200);
    const codes = (await plansOf(a.owner.auth)).map((p) => p.code);
    const res = await pay(a.owner.auth, codes);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<Charge>();
    expect(made.status).toBe('pending');
    const expected = (await plansOf(a.owner.auth)).reduce((sum, p) => sum + p.price_cents, 0);
    expect(made.amount_cents).toBe(expected);
    expect(isValidBrCode(made.br_code)).toBe(true);
    expect(parseBrCode(made.br_code)).toMatchObject({
      pixKey: 'financeiro@toque.app.br',
      amountCents: expected,
      txid: made.txid,
      merchantName: 'Toque Tecnologia',
      merchantCity: 'Sao Paulo',
    });
    const again = await pay(a.owner.auth, [...codes].reverse());
    expect(again.statusCode).toBe(200);
    expect(again.json<Charge>().id).toBe(made.id);
    const [row] = await app.db.select().from(charges).where(eq(charges.id, made.id));
    expect(await app.db.select().from(charges).where(eq(charges.userId, row!.userId!))).toHaveLength(1);
    expect(codes).toHaveLength(2);
    expect(made.amount_cents).toBe(5490 + 1190);
  });

  test("[FIN-03] [SEC-02] someone else's tag, an unknown code or nothing is refused, and writes nothing", async () => {
    const a = await ownedTag(app, 3);
    const b = await ownedTag(app, 3);
    const before = (await app.db.select().from(charges)).length;
    const foreign = await pay(a.owner.auth, [b.code]);
    expect(foreign.statusCode).toBe(404);
    expect(errorBody(foreign)).toBe(chargeWords.notOwned);
    expect((await pay(a.owner.auth, [a.code, b.code])).statusCode).toBe(404);
    expect((await pay(a.owner.auth, [])).statusCode).toBe(400);
    expect((await pay(a.owner.auth, ['x'])).statusCode).toBe(400);
    expect((await pay({}, [a.code])).statusCode).toBe(401);
    expect((await app.db.select().from(charges)).length).toBe(before);
  });
});

describe(`[FIN-04] confirmation ${dbLabel}`, () => {
  test('[FIN-04] the webhook pays the charge and moves the due date one month on; replayed, it changes nothing; a paid period is not charged again', async () => {
    const { owner, code } = await ownedTag(app, 3);
    const dueBefore = Date.parse((await plansOf(owner.auth))[0]!.due_at);
    const made = (await pay(owner.auth, [code])).json<Charge>();
    const pix = received(made.txid, reais(made.amount_cents));
    const res = await webhook([pix]);
    expect(res.statusCode, res.body).toBe(200);
    const [plan] = await plansOf(owner.auth);
    expect(plan!.status).toBe('em_dia');
    const moved = (Date.parse(plan!.due_at) - dueBefore) / day;
    expect(moved).toBeGreaterThanOrEqual(28);
    expect(moved).toBeLessThanOrEqual(31);
    // Replayed (the provider retries): nothing moves twice.
    expect((await webhook([pix])).statusCode).toBe(200);
    expect((await plansOf(owner.auth))[0]!.due_at).toBe(plan!.due_at);
    const listed = (await app.inject({ method: 'GET', url: `/api${chargesApi.charges}`, headers: owner.auth })).json<
      Charge[]
    >();
    expect(listed.map((c) => [c.id, c.status])).toEqual([[made.id, 'paid']]);
    const [row] = await app.db.select().from(charges).where(eq(charges.id, made.id));
    expect(row).toMatchObject({ confirmedBy: 'webhook', endToEndId: pix.endToEndId, paidCents: made.amount_cents });
  });

  test('[FIN-04] a wrong amount is held for review and pays nothing; a wrong secret is a 404; out of order and unknown txids are taken without harm', async () => {
    const { owner, code } = await ownedTag(app, 4);
    const due = (await plansOf(owner.auth))[0]!.due_at;
    const made = (await pay(owner.auth, [code])).json<Charge>();
    expect(
      (await webhook([received(made.txid, reais(made.amount_cents))], 'segredo-errado-0123456789')).statusCode,
    ).toBe(404);
    const res = await webhook([received('naoexiste123', '1.00'), received(made.txid, reais(made.amount_cents - 1))]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 2 });
    expect((await plansOf(owner.auth))[0]!.due_at).toBe(due);
    const [row] = await app.db.select().from(charges).where(eq(charges.id, made.id));
    expect(row!.status).toBe('review');
    const bad = await app.inject({
      method: 'POST',
      url: `/api${chargesApi.webhook(SECRET)}`,
      payload: { pix: [{ txid: 'x' }] },
    });
    expect(bad.statusCode).toBe(400);
  });

  test('[FIN-04] [FIN-05] the administrator marks a charge paid with the bank’s end-to-end id; a suspended tag starts again from today', async () => {
    const { owner, code } = await ownedTag(app, 1);
    await app.db
      .update(tags)
      .set({ planDueAt: new Date(Date.now() - 40 * day) })
      .where(eq(tags.code, code));
    expect((await plansOf(owner.auth))[0]!.status).toBe('suspenso');
    const made = (await pay(owner.auth, [code])).json<Charge>();
    const open = await app.inject({
      method: 'GET',
      url: `/api${chargesApi.adminCharges}?q=${made.txid.slice(0, 10)}`,
      headers: admin.auth,
    });
    expect(open.statusCode).toBe(200);
    expect(open.json<{ id: number }[]>().map((c) => c.id)).toEqual([made.id]);
    const url = `/api${chargesApi.adminMarkPaid(made.id)}`;
    expect(
      (await app.inject({ method: 'POST', url, headers: owner.auth, payload: { endToEndId: 'E'.repeat(32) } }))
        .statusCode,
    ).toBe(403);
    const bad = await app.inject({ method: 'POST', url, headers: admin.auth, payload: { endToEndId: '123' } });
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad)).toBe(chargeWords.endToEndInvalid);
    const ok = await app.inject({
      method: 'POST',
      url,
      headers: admin.auth,
      payload: { endToEndId: `E${randomBytes(16).toString('hex').slice(0, 31)}` },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [plan] = await plansOf(owner.auth);
    expect(plan!.status).toBe('em_dia');
    expect(Date.parse(plan!.due_at)).toBeGreaterThan(Date.now() + 27 * day);
    const [row] = await app.db.select().from(charges).where(eq(charges.id, made.id));
    expect(row!.confirmedBy).toMatch(/^admin:/);
  });
});

describe(`[FIN-04] the bank statement ${dbLabel}`, () => {
  const importStatement = (auth: Auth, csv: string, encoding: BufferEncoding = 'latin1') =>
    app.inject({
      method: 'POST',
      url: `/api${statementApi}`,
      headers: auth,
      payload: { csvBase64: Buffer.from(csv, encoding).toString('base64') },
    });

  test('[FIN-04] an Excel/bank CSV (Windows-1252, ";") pays the charge its line names by txid and amount; a repeated line is a duplicate; the rest is shown unmatched with its reason', async () => {
    const a = await ownedTag(app, 3);
    const b = await ownedTag(app, 4);
    const first = (await pay(a.owner.auth, [a.code])).json<Charge>();
    const second = (await pay(b.owner.auth, [b.code])).json<Charge>();
    const csv = [
      'Data;Lançamento;Histórico;Valor;Saldo',
      `27/11/2026;PIX RECEBIDO;João Pagador ${first.txid};29,90;1.029,90`,
      `27/11/2026;PIX RECEBIDO;João Pagador ${first.txid};29,90;1.029,90`,
      `27/11/2026;PIX RECEBIDO;Maria ${second.txid};11,00;1.040,90`,
      '27/11/2026;PIX RECEBIDO;Sem identificação;50,00;1.090,90',
      '27/11/2026;TARIFA BANCÁRIA;;-5,00;1.085,90',
    ].join('\r\n');
    const res = await importStatement(admin.auth, csv);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<StatementResult>();
    expect(body.matched.map((m) => [m.line, m.txid])).toEqual([[2, first.txid]]);
    expect(body.duplicates.map((m) => m.line)).toEqual([3]);
    expect(body.unmatched.map((u) => [u.line, u.reason])).toEqual([
      [4, statementWords.wrongAmount('R$ 11,90')],
      [5, statementWords.noTxid],
    ]);
    expect(body.ignored).toBe(2);
    expect(body.matched[0]!.text).toContain('João Pagador');
    expect((await plansOf(a.owner.auth))[0]!.status).toBe('em_dia');
    const [row] = await app.db.select().from(charges).where(eq(charges.id, first.id));
    expect(row).toMatchObject({ status: 'paid', confirmedBy: expect.stringMatching(/^admin:/) as string });
    const [untouched] = await app.db.select().from(charges).where(eq(charges.id, second.id));
    expect(untouched!.status).toBe('pending');
    // The same statement again pays nothing twice.
    expect((await importStatement(admin.auth, csv)).json<StatementResult>().matched).toEqual([]);
  });

  test('[FIN-04] [SEC-02] [SEC-03] only the administrator imports; junk and 5 MB are refused in Portuguese, writing nothing', async () => {
    const customer = await ownedTag(app, 3);
    expect((await importStatement(customer.owner.auth, 'x;1,00')).statusCode).toBe(403);
    const junk = Buffer.from(Uint8Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 256)).toString('base64');
    const refused = await app.inject({
      method: 'POST',
      url: `/api${statementApi}`,
      headers: admin.auth,
      payload: { csvBase64: junk },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused)).toBe(statementWords.unreadable);
    const huge = await app.inject({
      method: 'POST',
      url: `/api${statementApi}`,
      headers: admin.auth,
      payload: { csvBase64: 'A'.repeat(5 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
  });
});
