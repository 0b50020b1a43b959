/**
 * SEC-09: the deepest nesting of `[` and `{` in a JSON text, counted in one pass over its
 * characters (strings skipped, escapes honoured) and stopped as soon as it passes `limit`. No
 * schema of ours nests deeper than a handful of levels, but `JSON.parse` builds whatever it is
 * given first: half a million `[` in a 1.5 MB import body cost it 0.3–0.7 s on the event loop
 * before any schema was looked at. Counting is ~1 ms a megabyte and allocates nothing.
 */
export function jsonDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** The deepest JSON body any route accepts: our schemas nest 4 levels at most. */
export const JSON_MAX_DEPTH = 32;
