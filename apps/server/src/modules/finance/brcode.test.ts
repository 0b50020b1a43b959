import { createStaticPix, hasError, isStaticPix, parsePix } from 'pix-utils';
import { describe, expect, test } from 'vitest';
import { type BrCodeInput, crc16, formatAmount, isValidBrCode, makeBrCode, parseBrCode } from './brcode';

/**
 * The static BR Code example of the Banco Central's "Manual de Padrões para Iniciação do Pix" (the example
 * of a static QR code: random key 123e4567-…, 'Fulano de Tal', BRASILIA, no amount, txid ***). Its CRC
 * 1D3D was checked three ways: our crc16, pix-utils' parsePix (which rejects a wrong CRC), and a bitwise
 * CRC16-CCITT-FALSE written apart in Python — the string was not fetched from bcb.gov.br while writing this.
 */
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const BCB_FIELDS = {
  pixKey: '123e4567-e12b-12d1-a456-426655440000',
  amountCents: null,
  txid: null,
  merchantName: 'Fulano de Tal',
  merchantCity: 'BRASILIA',
};

const charge: BrCodeInput = {
  pixKey: 'financeiro@toque.app.br',
  amountCents: 1990,
  txid: 'TOQ2026110001',
  merchantName: 'Toque Tecnologia',
  merchantCity: 'São José',
};

/** pix-utils, a library written apart from ours, reads the payload the way a bank app would. */
function readWithPixUtils(payload: string) {
  const parsed = parsePix(payload);
  if (hasError(parsed)) throw new Error(`pix-utils refused ${payload}: ${parsed.message}`);
  if (!isStaticPix(parsed)) throw new Error(`pix-utils read a ${parsed.type} code`);
  return parsed;
}

/** Top-level EMV fields as [id, length, value], read by hand here so the test does not trust brcode.ts. */
function topLevel(payload: string): [string, number, string][] {
  const out: [string, number, string][] = [];
  for (let at = 0; at < payload.length;) {
    const length = Number(payload.slice(at + 2, at + 4));
    out.push([payload.slice(at, at + 2), length, payload.slice(at + 4, at + 4 + length)]);
    at += 4 + length;
  }
  return out;
}

describe('FIN-03 the Banco Central example', () => {
  test("[FIN-03] the manual's static BR Code is valid for us and for pix-utils", () => {
    expect(isValidBrCode(BCB_EXAMPLE)).toBe(true);
    expect(parseBrCode(BCB_EXAMPLE)).toEqual(BCB_FIELDS);
    const library = readWithPixUtils(BCB_EXAMPLE);
    expect(library.pixKey).toBe(BCB_FIELDS.pixKey);
    expect(library.merchantName).toBe('Fulano de Tal');
    expect(library.txid).toBe('***');
  });

  test("[FIN-03] our generator reproduces the manual's payload byte for byte from its fields", () => {
    expect(makeBrCode(BCB_FIELDS)).toBe(BCB_EXAMPLE);
  });

  test('[FIN-03] CRC16-CCITT-FALSE of the check string 123456789 is 29B1', () => {
    expect(crc16('123456789')).toBe('29B1');
    expect(crc16(BCB_EXAMPLE.slice(0, -4))).toBe('1D3D');
  });
});

describe('FIN-03 making a charge', () => {
  test('[FIN-03] every field has a two-digit length that matches its value, in the order of the manual', () => {
    const payload = makeBrCode(charge);
    const fields = topLevel(payload);
    expect(fields.map(([id]) => id)).toEqual(['00', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    for (const [, length, value] of fields) expect(value).toHaveLength(length);
    expect(payload).toMatch(/^000201/);
    expect(payload).toContain('26450014br.gov.bcb.pix0123financeiro@toque.app.br');
    expect(payload).toContain('520400005303986540519.905802BR');
    expect(payload).toContain('62170513TOQ2026110001');
    expect(payload).toMatch(/6304[0-9A-F]{4}$/);
  });

  test('[FIN-03] accents leave the merchant name and city, which are cut to 25 and 15 characters', () => {
    const payload = makeBrCode({ ...charge, merchantName: 'Associação São João', merchantCity: 'São José' });
    expect(payload).toContain('5919Associacao Sao Joao6008Sao Jose');
    const long = parseBrCode(
      makeBrCode({ ...charge, merchantName: 'Condomínio Edifício Três Marias', merchantCity: 'São José dos Campos' }),
    );
    expect(long?.merchantName).toBe('Condominio Edificio Tres');
    expect(long?.merchantCity).toBe('Sao Jose dos Ca');
    expect(readWithPixUtils(payload).merchantCity).toBe('Sao Jose');
  });

  test('[FIN-03] amounts come from integer centavos: 1 → 0.01, 999999 → 9999.99', () => {
    expect(formatAmount(1)).toBe('0.01');
    expect(formatAmount(10)).toBe('0.10');
    expect(formatAmount(100)).toBe('1.00');
    expect(formatAmount(999999)).toBe('9999.99');
    expect(makeBrCode({ ...charge, amountCents: 1 })).toContain('54040.01');
    expect(makeBrCode({ ...charge, amountCents: 999999 })).toContain('54079999.99');
    expect(readWithPixUtils(makeBrCode({ ...charge, amountCents: 999999 })).transactionAmount).toBe(9999.99);
    for (const bad of [0, -1, 1.5, Number.NaN, 1e12]) {
      expect(() => makeBrCode({ ...charge, amountCents: bad })).toThrow(/centavos/);
    }
  });

  test('[FIN-03] a txid too long or with symbols is refused with a clear error', () => {
    expect(() => makeBrCode({ ...charge, txid: 'A'.repeat(26) })).toThrow(/txid must be 1 to 25 letters/);
    for (const txid of ['TOQ-2026', 'TOQ 2026', 'pedido#1', 'ação1', '']) {
      expect(() => makeBrCode({ ...charge, txid })).toThrow(/txid/);
    }
    expect(parseBrCode(makeBrCode({ ...charge, txid: 'A'.repeat(25) }))?.txid).toBe('A'.repeat(25));
  });

  test('[FIN-03] a key or a name that cannot be encoded is refused', () => {
    expect(() => makeBrCode({ ...charge, pixKey: ' ' })).toThrow(/Pix key/);
    expect(() => makeBrCode({ ...charge, pixKey: `${'a'.repeat(70)}@toque.br` })).toThrow(/Pix key/);
    expect(() => makeBrCode({ ...charge, merchantName: '東京' })).toThrow(/merchant name/);
  });
});

describe('FIN-03 reading and validating', () => {
  test('[FIN-03] a payload with one digit changed fails validation, here and in pix-utils', () => {
    const payload = makeBrCode(charge);
    const tampered = payload.replace('19.90', '10.90');
    expect(tampered).not.toBe(payload);
    expect(isValidBrCode(tampered)).toBe(false);
    expect(hasError(parsePix(tampered))).toBe(true);
    const badCrc = BCB_EXAMPLE.replace(/1D3D$/, '1D3E');
    expect(isValidBrCode(badCrc)).toBe(false);
    expect(hasError(parsePix(badCrc))).toBe(true);
  });

  test('[FIN-03] structure is checked even when the CRC is right', () => {
    const resign = (body: string) => `${body}6304${crc16(`${body}6304`)}`;
    const body = BCB_EXAMPLE.slice(0, -8);
    expect(isValidBrCode(resign(body))).toBe(true);
    expect(isValidBrCode(resign(body.replace('5303986', '5303840')))).toBe(false); // not reais
    expect(isValidBrCode(resign(body.replace('5802BR', '5802US')))).toBe(false);
    expect(isValidBrCode(resign(body.replace('0014br.gov.bcb.pix', '0014br.gov.bcb.xyz')))).toBe(false);
    expect(isValidBrCode(resign(body.replace('6008BRASILIA', '6009BRASILIA')))).toBe(false); // a length off by one
    expect(isValidBrCode(resign(body.replace('62070503***', '')))).toBe(false); // no txid field
    expect(isValidBrCode(resign(body.replace('000201', '000202')))).toBe(false);
    expect(isValidBrCode('')).toBe(false);
    expect(isValidBrCode('not a BR Code')).toBe(false);
  });

  test('[FIN-03] parse(make(x)) round-trips, and pix-utils reads the same fields', () => {
    const inputs: BrCodeInput[] = [
      charge,
      { ...charge, amountCents: null, txid: null },
      { ...charge, pixKey: '+5511987654321', amountCents: 1, txid: 'a1' },
      { ...charge, pixKey: '12345678000195', amountCents: 999_999_999_999, merchantCity: 'RIO DE JANEIRO' },
    ];
    for (const input of inputs) {
      const payload = makeBrCode(input);
      const parsed = parseBrCode(payload);
      expect(parsed).toEqual({
        pixKey: input.pixKey,
        amountCents: input.amountCents ?? null,
        txid: input.txid ?? null,
        merchantName: input.merchantName,
        merchantCity: input.merchantCity === 'São José' ? 'Sao Jose' : input.merchantCity,
      });
      if (!parsed) continue;
      expect(makeBrCode(parsed)).toBe(payload);
      const library = readWithPixUtils(payload);
      expect(library.pixKey).toBe(input.pixKey);
      expect(library.txid).toBe(input.txid ?? '***');
      expect(Math.round((library.transactionAmount ?? 0) * 100)).toBe(input.amountCents ?? 0);
    }
  });

  test("[FIN-03] pix-utils' own static code for the same fields is valid for us", () => {
    const library = createStaticPix({
      pixKey: 'financeiro@toque.app.br',
      merchantName: 'Toque Tecnologia',
      merchantCity: 'Sao Jose',
      transactionAmount: 19.9,
      txid: 'TOQ2026110001',
      infoAdicional: '',
    });
    if (hasError(library)) throw new Error(library.message);
    expect(parseBrCode(library.toBRCode())).toMatchObject({
      pixKey: 'financeiro@toque.app.br',
      amountCents: 1990,
      txid: 'TOQ2026110001',
    });
  });
});
