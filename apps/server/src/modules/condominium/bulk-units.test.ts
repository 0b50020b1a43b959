import { describe, expect, test } from 'vitest';
import { decodeCsv } from '../../lib/csv-text';
import { planFromCsv, planFromText } from './bulk-units';

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
