/**
 * SEC-10: names typed or imported by people (units, blocks). One form per name — Unicode NFKC, so a
 * full-width '１０１' or a ligature is the plain text it looks like — and nothing invisible in it, so
 * '101' followed by a zero-width space is not a second '101' and a direction mark cannot reorder
 * what a síndico or a finder reads.
 */

/**
 * Control characters (C0, DEL, C1), format characters (zero-width space and joiners, U+2060,
 * U+FEFF, the bidi marks U+202A–202E and U+2066–2069, the soft hyphen), line and paragraph
 * separators, private-use and lone surrogate code units, and whatever Unicode says is default-ignorable
 * (the Hangul fillers, variation selectors, tags): none belongs in a name.
 */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;
const INVISIBLE_OR_CONTROL_ALL = new RegExp(INVISIBLE_OR_CONTROL.source, 'gu');

export const hasInvisible = (text: string): boolean => INVISIBLE_OR_CONTROL.test(text);

/** NFKC: the one form a name is compared and stored in. Bounded: it at most multiplies the length by 18. */
export const normalizeName = (text: string): string => text.normalize('NFKC');

/** Text shown rather than stored (a bank statement's description): the invisible characters dropped. */
export const withoutInvisible = (text: string): string => text.replace(INVISIBLE_OR_CONTROL_ALL, '');
