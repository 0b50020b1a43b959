import { describe, expect, test } from 'vitest';
import { decodeCsv } from '../../lib/csv-text';
import { BULK_COLUMNS_MAX, BULK_LINES_MAX, bulkMsg } from '@toque/contracts/units-bulk';
import { planFromCsv, planFromText, unitKey } from './bulk-units';

const names = (plan: ReturnType<typeof planFromText>) =>
  plan.units.map((u) => (u.block ? `${u.block}/${u.name}` : u.name));

describe('CONDO-12 a pasted list', () => {
  test('[CONDO-12] ranges with an en dash or a hyphen, separated by commas, expand in order', () => {
    const plan = planFromText('101–103, 201-202', '');
    expect(names(plan)).toEqual(['101', '102', '103', '201', '202']);
    expect(plan.refused).toEqual([]);
  });

  test('[CONDO-12] a prefix and zero padding are kept; the block applies to every unit', () => {
    expect(names(planFromText('Apto 01–03', 'Bloco B'))).toEqual([
      'Bloco B/Apto 01',
      'Bloco B/Apto 02',
      'Bloco B/Apto 03',
    ]);
  });

  test('[CONDO-12] a unit per line with up to 3 e-mails; a range then a line gives that unit its e-mails', () => {
    const plan = planFromText('101–104\n101; Ana@X.com; bia@y.com\n103, caio@z.com', '');
    expect(names(plan)).toEqual(['101', '102', '103', '104']);
    expect(plan.units.map((u) => u.emails)).toEqual([['ana@x.com', 'bia@y.com'], [], ['caio@z.com'], []]);
    expect(plan.refused).toEqual([]);
  });

  test('[CONDO-12] every refused line says why: a backwards range, a range with e-mails, 4 e-mails, a bad e-mail, a repeat, a formula, a long name', () => {
    const plan = planFromText(
      [
        '110-101',
        '201-203; ana@x.com',
        '301; a@x.com; b@x.com; c@x.com; d@x.com',
        '302; nao-e-email@',
        '303',
        '303',
        '=HYPERLINK("http://evil")',
        'Apartamento 1204 de frente',
        '1-5000',
      ].join('\n'),
      '',
    );
    expect(names(plan)).toEqual(['303']);
    expect(plan.refused.map((r) => [r.line, r.reason])).toEqual([
      [1, 'Intervalo inválido: o fim vem antes do início.'],
      [2, 'E-mails acompanham uma só unidade por linha (não um intervalo).'],
      [3, 'No máximo 3 e-mails por unidade.'],
      [4, 'E-mail inválido: nao-e-email@'],
      [6, 'Unidade repetida na lista.'],
      [7, 'Um nome não pode começar com =, +, -, @ ou tabulação.'],
      [8, 'O nome da unidade pode ter no máximo 15 caracteres.'],
      [9, 'Intervalo grande demais: no máximo 1000 unidades.'],
    ]);
  });

  test('[CONDO-12] the same name in two blocks is two units; the case does not make a new one', () => {
    expect(planFromText('Apto 1', 'Bloco A').units).toHaveLength(1);
    const plan = planFromCsv('Bloco A;Apto 1\nBloco B;Apto 1\nbloco a;APTO 1');
    expect(names(plan)).toEqual(['Bloco A/Apto 1', 'Bloco B/Apto 1']);
    expect(plan.refused.map((r) => r.line)).toEqual([3]);
  });
});

describe('CONDO-12 a CSV file', () => {
  test('[CONDO-12] block; unit; e-mails with a header row, quoted fields and a comma separator', () => {
    const plan = planFromCsv('bloco,unidade,email1,email2\n"Torre 2","Apto 1204",ana@x.com\nTorre 2,Apto 1205,,\n');
    expect(plan.units.map((u) => [u.block, u.name, u.emails])).toEqual([
      ['Torre 2', 'Apto 1204', ['ana@x.com']],
      ['Torre 2', 'Apto 1205', []],
    ]);
  });

  test('[CONDO-12] a row without a block column (its second cell is an e-mail) and a one-column row', () => {
    const plan = planFromCsv('101;ana@x.com\n102');
    expect(plan.units.map((u) => [u.block, u.name, u.emails])).toEqual([
      [null, '101', ['ana@x.com']],
      [null, '102', []],
    ]);
  });

  test('[CONDO-12] [SEC-03] a formula in a block or a unit is refused; more than 3 e-mails is refused', () => {
    const plan = planFromCsv(
      '=cmd|calc;101\nBloco A;+SUM(1);\nBloco A;-2+3\nBloco A;102;a@x.com;b@x.com;c@x.com;d@x.com',
    );
    expect(plan.units).toEqual([]);
    expect(plan.refused.map((r) => r.reason)).toEqual([
      'Um nome não pode começar com =, +, -, @ ou tabulação.',
      'Um nome não pode começar com =, +, -, @ ou tabulação.',
      'Um nome não pode começar com =, +, -, @ ou tabulação.',
      'Colunas demais: bloco, unidade e até 3 e-mails.',
    ]);
  });

  test("[CONDO-12] [SEC-03] Excel's Windows-1252 CSV from a Brazilian machine reads its accents; UTF-8 with a BOM too; junk is refused", () => {
    // 'Bloco Ipê;Apto 1' in Windows-1252: ê is the single byte 0xEA, invalid as UTF-8.
    const cp1252 = Uint8Array.from([
      ...Buffer.from('Bloco Ip', 'latin1'),
      0xea,
      ...Buffer.from(';Apto 1\r\n', 'latin1'),
    ]);
    expect(decodeCsv(cp1252)).toBe('Bloco Ipê;Apto 1\r\n');
    const utf8Bom = Uint8Array.from([0xef, 0xbb, 0xbf, ...Buffer.from('Torre Ação;2', 'utf8')]);
    expect(decodeCsv(utf8Bom)).toBe('Torre Ação;2');
    const junk = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256);
    expect(decodeCsv(junk)).toBeNull();
    expect(decodeCsv(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]))).toBeNull();
  });
});

/** What a parser threw: the status and the Portuguese message the route answers with. */
function thrown(read: () => unknown): { statusCode?: number; message: string } | null {
  try {
    read();
    return null;
  } catch (error) {
    return { statusCode: (error as { statusCode?: number }).statusCode, message: (error as Error).message };
  }
}

describe('SEC-09 the parser bounds its work before it expands anything', () => {
  test('[SEC-09] [CONDO-12] ranges are counted before they are expanded: the running total past 1,000 stops the list', () => {
    // Each range alone is allowed; together they would be 3,000 units (the body repeated this to 100 kB).
    expect(thrown(() => planFromText('0-999,'.repeat(3), ''))).toEqual({ statusCode: 400, message: bulkMsg.tooManyUnits });
    // Ranges whose every unit is refused (names too long) count as well: the work is what is bounded.
    expect(thrown(() => planFromText('Apartamento 1-1000\nApartamento 1-1000', ''))).toEqual({
      statusCode: 400,
      message: bulkMsg.tooManyUnits,
    });
    // Plain names too.
    expect(thrown(() => planFromText(Array.from({ length: 1001 }, (_, i) => `U${i}`).join(','), ''))).toEqual({
      statusCode: 400,
      message: bulkMsg.tooManyUnits,
    });
    // A building of exactly 1,000 units, with e-mail lines for some of them, still fits.
    const plan = planFromText('1-1000\n1; ana@x.com\n2; bia@x.com', '');
    expect(plan.units).toHaveLength(1000);
    expect(plan.refused).toEqual([]);
  });

  test('[SEC-09] [CONDO-12] lines are counted before anything is parsed: a list or a CSV of more lines is a 413', () => {
    const lines = Array.from({ length: BULK_LINES_MAX + 1 }, (_, i) => `${i}`).join('\n');
    expect(thrown(() => planFromText(lines, ''))).toEqual({ statusCode: 413, message: bulkMsg.tooManyLines });
    expect(thrown(() => planFromCsv(lines))).toEqual({ statusCode: 413, message: bulkMsg.tooManyLines });
    // Blank lines count: the bound is on the input, not on what it means.
    expect(thrown(() => planFromText(`1${'\r\n'.repeat(BULK_LINES_MAX)}2`, ''))).toEqual({
      statusCode: 413,
      message: bulkMsg.tooManyLines,
    });
    expect(planFromText(`1${'\n'.repeat(BULK_LINES_MAX)}`, '').units).toHaveLength(1);
  });
});

describe('SEC-10 names are normalised (NFKC); invisible and control characters are refused', () => {
  test('[SEC-10] [CONDO-12] full-width "１０１" is "101" (a repeat); "101" with a zero-width space, a direction mark or a control character is refused', () => {
    const plan = planFromText('101, １０１\n101\u200B\n\u202E101\n10\u00AD1\nＡｐｔｏ 7\n1\u00012', '');
    expect(names(plan)).toEqual(['101', 'Apto 7']);
    expect(plan.refused.map((r) => [r.line, r.reason])).toEqual([
      [1, bulkMsg.duplicateInList],
      [2, bulkMsg.invisibleChars],
      [3, bulkMsg.invisibleChars],
      [4, bulkMsg.invisibleChars],
      [6, bulkMsg.invisibleChars],
    ]);
    // A full-width '＝' is an '=': still a formula.
    expect(planFromText('＝HYPERLINK("x")', '').refused.map((r) => r.reason)).toEqual([bulkMsg.formula]);
  });

  test('[SEC-10] [CONDO-12] a CSV: the block and the unit are normalised; a zero-width joiner or U+FEFF inside a name is refused', () => {
    const plan = planFromCsv('Ｂｌｏｃｏ Ａ;１０１\nBloco A;101\nBloco\u200D A;102\nBloco A;1\uFEFF03\nBloco A;"10\n4"');
    expect(names(plan)).toEqual(['Bloco A/101']);
    expect(plan.refused.map((r) => [r.line, r.reason])).toEqual([
      [2, bulkMsg.duplicateInList],
      [3, bulkMsg.invisibleChars],
      [4, bulkMsg.invisibleChars],
      [5, bulkMsg.invisibleChars],
    ]);
    // The key of a unit already in the database is normalised the same way.
    expect(unitKey(null, '１０１')).toBe(unitKey(null, '101'));
  });

  test('[SEC-09] [CONDO-12] cells are counted before the CSV is parsed: a 1 MB line of "0-999," is a 413 in Portuguese; 8 columns a line pass', () => {
    expect(BULK_COLUMNS_MAX).toBe(8);
    expect(thrown(() => planFromCsv('0-999,'.repeat(170_000)))).toEqual({ statusCode: 413, message: bulkMsg.tooManyCells });
    // 2,000 lines, one of them 100,000 cells long: over the file's bound as a whole.
    const lines = [...Array.from({ length: BULK_LINES_MAX - 1 }, (_, i) => `U${i}`), ';'.repeat(100_000)].join('\n');
    expect(thrown(() => planFromCsv(lines))).toEqual({ statusCode: 413, message: bulkMsg.tooManyCells });
    const wide = Array.from({ length: 1000 }, (_, i) => `Bloco A;U${i};a${i}@x.com;;;;;`).join('\n');
    expect(planFromCsv(wide).units).toHaveLength(1000);
  });
});
