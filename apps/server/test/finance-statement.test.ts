import { describe, expect, test, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  chargesApi,
  STATEMENT_LINES_MAX,
  statementApi,
  statementWords,
  type Charge,
  type StatementResult,
} from '@toque/contracts/billing';
import { formatReais } from '@toque/contracts/money';
import { charges } from '../src/db/schema';
import { financeRepository } from '../src/modules/finance/repository';
import { build, dbLabel, errorBody } from './helpers';
import { ownedTag } from './calls-support';
import { signUpAdmin } from './condo-support';

/**
 * FIN-04's bank statement under SEC-09 (bounded work: lines counted before parsing, one query for
 * every txid instead of one a line) and SEC-10 (Windows-1252 read as Windows-1252, NFKC).
 */
const { app } = await build({
  PIX_KEY: 'financeiro@toque.app.br',
  PIX_MERCHANT_NAME: 'Toque Tecnologia',
  PIX_MERCHANT_CITY: 'São Paulo',
});
const admin = await signUpAdmin(app);

const importStatement = (bytes: Buffer) =>
  app.inject({
    method: 'POST',
    url: `/api${statementApi}`,
    headers: admin.auth,
    payload: { csvBase64: bytes.toString('base64') },
  });

/** A customer's open charge, and its amount as a bank prints it ('29,90'). */
async function openCharge() {
  const a = await ownedTag(app, 3);
  const res = await app.inject({
    method: 'POST',
    url: `/api${chargesApi.charges}`,
    headers: a.owner.auth,
    payload: { codes: [a.code] },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  const made = res.json<Charge>();
  return { charge: made, amount: formatReais(made.amount_cents).replace('R$', '').trim() };
}
const statusOf = async (id: number) =>
  (await app.db.select({ status: charges.status }).from(charges).where(eq(charges.id, id)))[0]!.status;
/** A credit line naming a txid-shaped token no charge has: short enough for 30,000 to fit in 1 MB. */
const strangerLine = (i: number) => `${String(i).padStart(25, 'x')};29,90`;

describe(`[SEC-09] the bank statement bounds its work ${dbLabel}`, () => {
  test('[SEC-09] [FIN-04] the issue’s 30,000-line statement is a small Portuguese 413 within 2 s, and pays nothing', async () => {
    const { charge, amount } = await openCharge();
    const lines = Array.from({ length: 30_000 }, (_, i) => strangerLine(i));
    lines.push(`${charge.txid};${amount}`);
    const started = performance.now();
    const res = await importStatement(Buffer.from(lines.join('\r\n'), 'latin1'));
    const ms = performance.now() - started;
    expect([res.statusCode, errorBody(res)]).toEqual([413, statementWords.tooManyLines]);
    expect(res.body.length).toBeLessThan(200);
    expect(ms).toBeLessThan(2000);
    expect(await statusOf(charge.id)).toBe('pending');
    console.info(`[SEC-09] a 30,000-line statement ${dbLabel}: ${res.statusCode} in ${ms.toFixed(0)} ms`);
  });

  test('[SEC-09] [FIN-04] a statement at the bound (5,000 credit lines with txid-shaped tokens) is read with one query, not one a line, within 2 s', async () => {
    const { charge, amount } = await openCharge();
    const lines = Array.from({ length: STATEMENT_LINES_MAX - 1 }, (_, i) => strangerLine(i));
    lines.push(`27/11/2026;PIX RECEBIDO ${charge.txid};${amount}`);
    const lookups = vi.spyOn(financeRepository, 'chargesByTxidList');
    try {
      const started = performance.now();
      const res = await importStatement(Buffer.from(lines.join('\n'), 'latin1'));
      const ms = performance.now() - started;
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const body = res.json<StatementResult>();
      expect(body.matched.map((m) => [m.line, m.txid])).toEqual([[STATEMENT_LINES_MAX, charge.txid]]);
      expect(body.unmatched).toHaveLength(STATEMENT_LINES_MAX - 1);
      expect(lookups).toHaveBeenCalledTimes(1);
      expect(ms).toBeLessThan(2000);
      console.info(
        `[SEC-09] a ${STATEMENT_LINES_MAX}-line statement ${dbLabel}: ${ms.toFixed(0)} ms, ${lookups.mock.calls.length} txid lookups`,
      );
    } finally {
      lookups.mockRestore();
    }
    expect(await statusOf(charge.id)).toBe('paid');
  });
});

describe(`[SEC-10] the bank statement's text ${dbLabel}`, () => {
  test("[SEC-10] [FIN-04] a Windows-1252 statement with Excel's curly quotes and dashes is read, shown with those characters, and pays its charge", async () => {
    const { charge, amount } = await openCharge();
    const bytes = Buffer.concat([
      Buffer.from('Data;Lançamento;Valor\r\n', 'latin1'),
      Buffer.from('27/11/2026;', 'latin1'),
      Buffer.from([0x93]),
      Buffer.from('Pix', 'latin1'),
      Buffer.from([0x94, 0x20, 0x96, 0x20]),
      Buffer.from(`João ${charge.txid} `, 'latin1'),
      Buffer.from([0x91]),
      Buffer.from('ok', 'latin1'),
      Buffer.from([0x92]),
      Buffer.from(`;${amount}\r\n`, 'latin1'),
    ]);
    const res = await importStatement(bytes);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<StatementResult>();
    expect(body.matched.map((m) => [m.line, m.text])).toEqual([
      [2, `27/11/2026 | “Pix” – João ${charge.txid} ‘ok’ | ${amount}`],
    ]);
    expect(await statusOf(charge.id)).toBe('paid');
  });
});
