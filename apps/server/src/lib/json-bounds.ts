/**
 * SEC-09: how much a JSON text would make `JSON.parse` build, counted in one pass over its characters
 * (strings skipped, escapes honoured) and stopped as soon as a bound is passed: the nesting of `[`/`{`,
 * and the number of values (each `,` and `:` outside strings starts one more). No body of ours nests
 * deeper than a handful of levels or holds more than a few hundred values, but `JSON.parse` builds
 * whatever it is given first: half a million `[` in a 1.5 MB import body cost it 0.3–0.7 s on the event
 * loop, an object of 127,000 keys ~150 ms, before any schema was looked at. Counting is ~1 ms a
 * megabyte and allocates nothing.
 */
export function jsonBeyond(text: string, maxDepth: number, maxValues: number): boolean {
  let depth = 0;
  let values = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    } else if (c === 0x2c || c === 0x3a) {
      if (++values > maxValues) return true;
    }
  }
  return false;
}

/** The deepest JSON body any route accepts: our schemas nest 4 levels at most. */
export const JSON_MAX_DEPTH = 32;
/** The most values (keys count too) in one JSON body: the largest a route takes, the Pix webhook's 1,000 payments of 5 fields, is ~10,000. */
export const JSON_MAX_VALUES = 20_000;
