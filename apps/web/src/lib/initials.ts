const LETTER = /^\p{L}/u;

/** The user-perceived characters of a word: a letter with its accents, an emoji with its joiners. */
function graphemesOf(word: string): string[] {
  if (typeof Intl.Segmenter === 'function') {
    return Array.from(new Intl.Segmenter('pt-BR', { granularity: 'grapheme' }).segment(word), (s) => s.segment);
  }
  return Array.from(word); // code points: never half of a surrogate pair
}

/** The first letter of a word (with its combining accents), or '' when it has none. */
function firstLetterOf(word: string): string {
  return graphemesOf(word).find((g) => LETTER.test(g)) ?? '';
}

/**
 * DASH-03: the avatar's initials — the first letters of the first and last words of the name.
 * Words without a letter (an emoji, a number) are skipped, and letters are whole graphemes, so
 * '😀 Maria Silva' gives 'MS', never half an emoji ('M\uFFFD').
 */
export function initialsOf(name: string | null): string {
  if (!name) return '';
  const letters = name.trim().split(/\s+/).map(firstLetterOf).filter(Boolean);
  const first = letters[0] ?? '';
  const last = letters.length > 1 ? (letters[letters.length - 1] ?? '') : '';
  return `${first}${last}`.toLocaleUpperCase('pt-BR');
}
