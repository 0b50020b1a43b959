import { describe, expect, test } from 'vitest';
import { STATEMENT_COLUMNS_MAX, STATEMENT_LINES_MAX, statementWords } from '@toque/contracts/billing';
import { amountCents, readStatement } from './statement';

describe('FIN-04 bank statements', () => {
  test('[FIN-04] amounts as banks print them: 29,90 · R$ 1.234,56 · 29.90 · a debit is negative', () => {
    expect(amountCents('29,90')).toBe(2990);
    expect(amountCents('R$ 1.234,56')).toBe(123_456);
    expect(amountCents('29.90')).toBe(2990);
    expect(amountCents('-54,90')).toBe(-5490);
    expect(amountCents('27/11/2026')).toBeNull();
    expect(amountCents('PIX RECEBIDO')).toBeNull();
  });

  test('[FIN-04] a line gives its credit, the end-to-end id and the txid-shaped tokens; a header, a debit and the same line twice are told apart', () => {
    const txid = 'AbCdEfGhIjKlMnOpQrStUvWxY';
    const e2e = 'E18236120202611271530s0123456789';
    const csv = [
      'Data;Lançamento;Valor;Saldo',
      `27/11/2026;PIX RECEBIDO ${e2e} ${txid};29,90;1.029,90`,
      '27/11/2026;TARIFA;-5,00;1.024,90',
      `27/11/2026;PIX RECEBIDO ${txid};29,90;1.054,80`,
      `27/11/2026;PIX RECEBIDO ${txid};29,90;1.054,80`,
    ].join('\r\n');
    const lines = readStatement(csv);
    expect(lines[0]).toMatchObject({ line: 1, cents: null });
    expect(lines[1]).toMatchObject({ line: 2, cents: 2990, endToEndId: e2e, txids: [txid] });
    expect(lines[2]!.cents).toBeNull();
    expect(lines[3]!.endToEndId).toBeNull();
    expect(lines[3]!.lineId).toBe(lines[4]!.lineId);
    expect(lines[3]!.lineId).toMatch(/^S[0-9a-f]{31}$/);
  });

  test('[SEC-09] [FIN-04] lines are counted before the statement is parsed: one past the bound is a 413 in Portuguese', () => {
    const line = '27/11/2026;PIX RECEBIDO AbCdEfGhIjKlMnOpQrStUvWxY;29,90';
    expect(readStatement(Array.from({ length: STATEMENT_LINES_MAX }, () => line).join('\n'))).toHaveLength(
      STATEMENT_LINES_MAX,
    );
    let error: unknown;
    try {
      readStatement(Array.from({ length: 30_000 }, () => line).join('\r\n'));
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ statusCode: 413, message: statementWords.tooManyLines });
  });

  test('[SEC-10] [FIN-04] full-width digits read as digits; invisible and control characters leave the text shown and matched', () => {
    const txid = 'AbCdEfGhIjKlMnOpQrStUvWxY';
    const [line] = readStatement(`27/11/2026;PIX \u202E${txid}\u200B \u2066João\u2069;２９,９０`);
    expect(line).toMatchObject({ cents: 2990, txids: [txid], text: `27/11/2026 | PIX ${txid} João | 29,90` });
  });

  test('[SEC-09] [FIN-04] cells are counted before the statement is parsed: a 1 MB line of "0-999," is a 413 in Portuguese; 12 columns a line pass', () => {
    expect(STATEMENT_COLUMNS_MAX).toBe(12);
    const refused = (text: string) => {
      try {
        readStatement(text);
      } catch (e) {
        return e;
      }
      return null;
    };
    expect(refused('0-999,'.repeat(170_000))).toMatchObject({ statusCode: 413, message: statementWords.tooManyCells });
    const line = '27/11/2026;PIX RECEBIDO AbCdEfGhIjKlMnOpQrStUvWxY;29,90;1.029,90;a;b;c;d;e;f;g;h';
    expect(readStatement(Array.from({ length: STATEMENT_LINES_MAX }, () => line).join('\n'))).toHaveLength(STATEMENT_LINES_MAX);
  });
});
