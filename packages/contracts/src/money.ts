/**
 * TAG-11: amounts in reais, kept as integer centavos. The owner types them as a Brazilian would
 * ('200', '200,50', '1.200,00', 'R$ 50'); every screen shows them formatted by Intl for the reader's
 * language ('R$ 200,00' in pt-BR, 'R$200.00' in English, '200,00 R$' in Spanish).
 */

/** The largest reward accepted: R$ 100.000,00. */
export const REWARD_CENTS_MAX = 10_000_000;

/**
 * Centavos from an amount typed in reais; null for an empty text; NaN for anything that is not an
 * amount (letters, two decimal separators, more than 2 decimal places, a negative number).
 */
export function parseReais(text: string): number | null {
  const t = text
    .trim()
    .replace(/^R\$\s*/i, '')
    .trim();
  if (t === '') return null;
  // Thousands with dots and a decimal comma (1.200,50), or plain digits with an optional comma or dot decimal.
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:[,.](\d{1,2}))?$/.exec(t);
  if (!match) return Number.NaN;
  const whole = Number(match[1]!.replace(/\./g, ''));
  const fraction = match[2] ? Number(match[2].padEnd(2, '0')) : 0;
  return whole * 100 + fraction;
}

/** 'R$ 200,00' (a plain space, not the no-break space Intl uses, so a copied text reads the same). */
export function formatReais(cents: number, locale = 'pt-BR'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL', currencyDisplay: 'narrowSymbol' })
    .format(cents / 100)
    .replace(/\u00a0/g, ' ');
}

/** The amount typed back into a form: '200,00'. */
export function reaisInput(cents: number | null): string {
  if (cents === null) return '';
  return new Intl.NumberFormat('pt-BR', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  }).format(cents / 100);
}
