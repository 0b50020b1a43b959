import { sanitizeTagCode } from '@toque/contracts/products';

export interface CodeEdit {
  value: string;
  /** Where the caret goes after the edit. */
  caret: number;
}

/**
 * TAG-02, while typing: the field keeps letters and digits only (8 at most). The caret stays
 * after the characters that preceded it, so an edit in the middle does not jump to the end.
 */
export function sanitizeTyped(raw: string, caret: number | null): CodeEdit {
  const value = sanitizeTagCode(raw);
  const before = sanitizeTagCode(raw.slice(0, caret ?? raw.length));
  return { value, caret: Math.min(before.length, value.length) };
}

/**
 * TAG-02, on paste: the pasted text is cleaned before it enters the field. Without this the
 * browser would paste first and, with a length limit, cut 'ab-12 cd!34ef' to 'ab-12 cd' before
 * any cleaning, losing characters that count.
 */
export function sanitizePasted(current: string, start: number | null, end: number | null, pasted: string): CodeEdit {
  const from = start ?? current.length;
  const to = end ?? from;
  const head = current.slice(0, from) + pasted;
  return sanitizeTyped(head + current.slice(to), head.length);
}
