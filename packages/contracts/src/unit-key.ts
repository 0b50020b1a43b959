import { normalizeName } from './text-input';

/**
 * CONDO-19: what a unit's name or block reads as — Unicode NFKC, lower case, accents and spaces gone,
 * and every number without its zero padding ('Loja 01 A' → 'loja1a'; '1010' stays '1010').
 */
function readAs(text: string): string {
  return normalizeName(text)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('pt-BR')
    .replace(/\s+/g, '')
    .replace(/(^|\D)0+(?=\d)/g, '$1');
}

/**
 * A leading word that says "this is a flat" ('Apto', 'Apto.', 'Apartamento', 'Unidade', 'Unid.', 'Ap'),
 * after readAs: only when a digit follows, so 'Apoio' or 'Unidade' alone keep their letters.
 */
const FLAT_WORD = /^(?:apartamento|apto|ap|unidade|unid)\.?[-:]?(?=\d)/;

/**
 * CONDO-19: a unit's identity in its condominium, as people read it: '101', 'Apto 101', 'apartamento
 * 0101' and 'UNIDADE 101' are one unit; '101' in another block, or '1010', is another. The block is
 * read the same way, without the flat word ('Torre 02' is 'torre 2'). Pure: the bulk preview, its
 * confirmation, a rename and a unit created one at a time all compare with it.
 */
export function unitKey(block: string | null, name: string): string {
  return `${readAs(block ?? '')}\u0000${readAs(name).replace(FLAT_WORD, '')}`;
}
