/**
 * FIN-03: the static Pix BR Code ("copia e cola"), an EMV MPM payload as the Banco Central's "Manual de
 * Padrões para Iniciação do Pix" lays it out. Pure functions, no I/O; the tests check every payload against
 * pix-utils and the manual's example (docs/decisions/0039-pix-brcode.md says why the generator is ours).
 */

export interface BrCodeFields {
  /** A Pix key: CPF, CNPJ, e-mail, +55 phone or random key (EVP). */
  pixKey: string;
  /** Integer centavos; null leaves the amount to the payer (field 54 omitted). */
  amountCents: number | null;
  /** `[A-Za-z0-9]{1,25}`; null is written as `***` (no txid). */
  txid: string | null;
  merchantName: string;
  merchantCity: string;
}

export type BrCodeInput = Omit<BrCodeFields, 'amountCents' | 'txid'> & {
  amountCents?: number | null;
  txid?: string | null;
};

const PIX_GUI = 'br.gov.bcb.pix';
const NO_TXID = '***';
const MERCHANT_NAME_MAX = 25;
const MERCHANT_CITY_MAX = 15;
/** A Pix key is at most 77 characters (an e-mail), which also keeps field 26 under 99. */
const PIX_KEY_MAX = 77;
/** Field 54 holds at most 13 characters: 9999999999.99. */
const AMOUNT_CENTS_MAX = 999_999_999_999;
const TXID_PATTERN = /^[A-Za-z0-9]{1,25}$/;

const ID = {
  payloadFormat: '00',
  merchantAccount: '26',
  mcc: '52',
  currency: '53',
  amount: '54',
  country: '58',
  merchantName: '59',
  merchantCity: '60',
  additionalData: '62',
  crc: '63',
} as const;
const ACCOUNT = { gui: '00', key: '01' } as const;
const ADDITIONAL = { txid: '05' } as const;

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR) over the UTF-8 bytes. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function field(id: string, value: string): string {
  if (value.length === 0 || value.length > 99) {
    throw new Error(`BR Code field ${id} must hold 1 to 99 characters, got ${value.length}`);
  }
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/**
 * The manual allows only a restricted character set in name and city: accents are dropped ('São José' →
 * 'Sao Jose'), anything else outside printable ASCII removed, spaces collapsed, then cut to the limit.
 */
function toBrCodeText(text: string, max: number): string {
  return (
    text
      // NFD splits 'ã' into 'a' and a combining tilde, which goes with the rest of the non-ASCII.
      .normalize('NFD')
      .replace(/[^\x20-\x7E]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, max)
      .trimEnd()
  );
}

/** Integer centavos to the manual's decimal string, without floating point: 1 → '0.01', 999999 → '9999.99'. */
export function formatAmount(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents < 1 || amountCents > AMOUNT_CENTS_MAX) {
    throw new Error(
      `A Pix amount must be a whole number of centavos from 1 to ${AMOUNT_CENTS_MAX}, got ${amountCents}`,
    );
  }
  const reais = Math.floor(amountCents / 100);
  const centavos = amountCents % 100;
  return `${reais}.${String(centavos).padStart(2, '0')}`;
}

function parseAmount(value: string): number | null {
  const match = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

/** The static BR Code of FIN-03, CRC included. Throws an Error naming the field when an input cannot be encoded. */
export function makeBrCode(input: BrCodeInput): string {
  const pixKey = input.pixKey.trim();
  if (pixKey.length === 0 || pixKey.length > PIX_KEY_MAX || !/^[\x21-\x7E]+$/.test(pixKey)) {
    throw new Error(`A Pix key must be 1 to ${PIX_KEY_MAX} printable ASCII characters without spaces`);
  }
  const txid = input.txid ?? NO_TXID;
  if (txid !== NO_TXID && !TXID_PATTERN.test(txid)) {
    throw new Error('A static Pix txid must be 1 to 25 letters (A–Z, a–z) or digits, without spaces or symbols');
  }
  const merchantName = toBrCodeText(input.merchantName, MERCHANT_NAME_MAX);
  if (!merchantName) throw new Error('The merchant name is empty once reduced to the BR Code characters');
  const merchantCity = toBrCodeText(input.merchantCity, MERCHANT_CITY_MAX);
  if (!merchantCity) throw new Error('The merchant city is empty once reduced to the BR Code characters');

  const amountCents = input.amountCents ?? null;
  const body = [
    field(ID.payloadFormat, '01'),
    field(ID.merchantAccount, field(ACCOUNT.gui, PIX_GUI) + field(ACCOUNT.key, pixKey)),
    field(ID.mcc, '0000'),
    field(ID.currency, '986'),
    amountCents === null ? '' : field(ID.amount, formatAmount(amountCents)),
    field(ID.country, 'BR'),
    field(ID.merchantName, merchantName),
    field(ID.merchantCity, merchantCity),
    field(ID.additionalData, field(ADDITIONAL.txid, txid)),
  ].join('');
  // The CRC covers the payload up to and including its own id and length, "6304".
  const withCrcHeader = `${body}${ID.crc}04`;
  return withCrcHeader + crc16(withCrcHeader);
}

/** Splits a run of EMV TLV fields; null when a length is not two digits or runs past the end, or an id repeats. */
function readFields(text: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const lengthText = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText) || fields.has(id)) return null;
    const length = Number(lengthText);
    const value = text.slice(at + 4, at + 4 + length);
    if (length === 0 || value.length !== length) return null;
    fields.set(id, value);
    at += 4 + length;
  }
  return fields;
}

/**
 * Reads a static Pix BR Code; null unless its structure and CRC are right. A dynamic code (a URL instead of
 * a key) is null too: FIN-03 makes and reads static codes only.
 */
export function parseBrCode(payload: string): BrCodeFields | null {
  if (typeof payload !== 'string' || !/^[\x20-\x7E]+$/.test(payload)) return null;
  const crcAt = payload.length - 8;
  if (crcAt < 0 || payload.slice(crcAt, crcAt + 4) !== `${ID.crc}04`) return null;
  if (crc16(payload.slice(0, crcAt + 4)) !== payload.slice(crcAt + 4).toUpperCase()) return null;

  const fields = readFields(payload);
  const ids = fields ? [...fields.keys()] : [];
  // 00 comes first and 63 last (the CRC check above found "6304" at the end; this proves it is a field).
  if (!fields || ids[0] !== ID.payloadFormat || ids.at(-1) !== ID.crc || fields.get(ID.payloadFormat) !== '01') {
    return null;
  }

  const account = readFields(fields.get(ID.merchantAccount) ?? '');
  const additional = readFields(fields.get(ID.additionalData) ?? '');
  if (!account || !additional) return null;
  const pixKey = account.get(ACCOUNT.key);
  // The manual treats the GUI without regard to case.
  if (account.get(ACCOUNT.gui)?.toLowerCase() !== PIX_GUI || !pixKey) return null;

  const merchantName = fields.get(ID.merchantName);
  const merchantCity = fields.get(ID.merchantCity);
  const txid = additional.get(ADDITIONAL.txid);
  if (
    fields.get(ID.mcc) === undefined ||
    fields.get(ID.currency) !== '986' ||
    fields.get(ID.country) !== 'BR' ||
    !merchantName ||
    merchantName.length > MERCHANT_NAME_MAX ||
    !merchantCity ||
    merchantCity.length > MERCHANT_CITY_MAX ||
    !txid
  ) {
    return null;
  }

  const amountText = fields.get(ID.amount);
  const amountCents = amountText === undefined ? null : parseAmount(amountText);
  if (amountText !== undefined && amountCents === null) return null;

  return { pixKey, amountCents, txid: txid === NO_TXID ? null : txid, merchantName, merchantCity };
}

export function isValidBrCode(payload: string): boolean {
  return parseBrCode(payload) !== null;
}
