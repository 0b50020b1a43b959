import fc from 'fast-check';
import * as messages from '@toque/contracts/messages';

/**
 * SEC-03: the hostile inputs of the property-based tests (malformed-bodies, hostile-input): values
 * of the wrong type, strings PostgreSQL cannot hold or far too long, ids beyond int4, broken JSON.
 */

/** Any JSON value that is not a string. */
export const notString = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);
/** Strings PostgreSQL text cannot hold. */
export const withNul = fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}\u0000${b}`);
/** Longer than the 64 KiB body limit. */
export const huge = fc.integer({ min: 66_000, max: 90_000 }).map((n) => 'é'.repeat(n / 2));
export const blank = fc.integer({ min: 0, max: 5 }).map((n) => ' '.repeat(n));
export const nonBlank = (min: number, max: number) =>
  fc
    .string({ unit: 'binary', minLength: min, maxLength: max })
    // Zod measures a string in code points, so an astral character counts once, not twice.
    .filter((s) => [...s.trim()].length >= min);
/** A string field: not a string, blank, out of its bounds, with a NUL, or beyond the body limit. */
export function badString(min: number, max: number) {
  const options = [notString, withNul, huge, nonBlank(max + 1, max + 40)];
  if (min > 0) options.push(blank);
  if (min > 1) options.push(fc.string({ minLength: 1, maxLength: min - 1 }).map((s) => s.trim()));
  return fc.oneof(...options);
}
export const badEmail = fc.oneof(
  notString,
  withNul,
  huge,
  blank,
  fc.string({ maxLength: 30 }).map((s) => s.replaceAll('@', '')),
  fc.constant('sem-dominio@'),
  fc.constant('@sem-usuario.com'),
  fc.constant(`${'a'.repeat(250)}@exemplo.com.br`),
);
export const badProductId = fc.oneof(
  fc.constantFrom(0, 6, -1, 1.5, 99, null, '', 'pet', 'abc', {}, [1, 2], 'NaN'),
  fc.integer({ min: 6 }),
  fc.integer({ max: 0 }),
);
/** Not a PostgreSQL integer id as a JSON number. */
export const badId = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 1e20, 'abc', '', '5', null, true, {}, [1]),
  fc.integer({ max: 0 }),
  fc.double({ min: 2 ** 31, max: 1e15, noNaN: true }).map(Math.floor),
  notString.filter((v) => typeof v !== 'number'),
);
export const badBoolean = fc.oneof(fc.constantFrom(0, 1, 'true', 'false', '', null, {}, []), fc.string({ maxLength: 5 }));
export const badCode = fc.oneof(
  notString,
  withNul,
  huge,
  fc.string({ maxLength: 7 }).map((s) => s.trim()),
  fc.string({ minLength: 9, maxLength: 20 }).filter((s) => s.trim().length > 8),
);

export interface Field {
  /** Dropping the field makes the body invalid (false for fields with a default or optional). */
  required: boolean;
  invalid: fc.Arbitrary<unknown>;
}
export type Fields = Record<string, Field>;

export interface Sent {
  payload?: string;
  contentType?: string;
}

/** A valid base body with ≥1 field removed or made invalid, plus maybe a few extra keys, as JSON. */
export function brokenField(
  base: () => Record<string, unknown>,
  fields: Fields,
  onEmail: (email: string) => void = () => undefined,
): fc.Arbitrary<Sent> {
  const names = Object.keys(fields);
  const change = (name: string) =>
    fields[name]!.required
      ? fc.oneof(
          fc.constant({ drop: true as const }),
          fields[name]!.invalid.map((value) => ({ value })),
        )
      : fields[name]!.invalid.map((value) => ({ value }));
  return fc
    .tuple(
      fc
        .subarray(names, { minLength: 1 })
        .chain((picked) => fc.tuple(...picked.map((n) => change(n).map((c) => [n, c] as const)))),
      fc.dictionary(
        fc.constantFrom('admin', 'isToqueAdmin', 'extra', 'id', 'tokenVersion'),
        fc.jsonValue({ maxDepth: 2 }),
        { maxKeys: 2 },
      ),
    )
    .map(([changes, extra]) => {
      const body: Record<string, unknown> = { ...extra, ...base() };
      for (const [name, c] of changes) {
        if ('drop' in c) delete body[name];
        else body[name] = c.value;
        if (name === 'email' && typeof body.email === 'string') onEmail(body.email.trim().toLowerCase());
      }
      return { payload: JSON.stringify(body), contentType: 'application/json' };
    });
}

/** Bodies that are wrong as a whole: not an object, not JSON, or not sent as JSON. */
export function brokenWhole(base: () => Record<string, unknown>): fc.Arbitrary<Sent> {
  const json = 'application/json';
  const valid = () => JSON.stringify(base());
  return fc.oneof(
    // JSON that is not an object.
    fc
      .oneof(fc.integer(), fc.string(), fc.constant(null), fc.boolean(), fc.array(fc.jsonValue({ maxDepth: 2 })))
      .map((v) => ({
        payload: JSON.stringify(v),
        contentType: json,
      })),
    // Not JSON at all, declared as JSON.
    fc
      .oneof(
        fc.string({ minLength: 1 }).map((s) => `{${s}`),
        fc.constantFrom(
          '',
          '{',
          '{"email":',
          "{'email': 'a@b.co'}",
          '{"a":1,}',
          'undefined',
          'NaN',
          '{"a" 1}',
          '\u0000',
        ),
        fc.constant(null).map(() => valid().slice(0, -1)),
      )
      .map((payload) => ({ payload, contentType: json })),
    // Prototype pollution attempts on an otherwise valid body.
    fc.constantFrom('{"__proto__":{"isToqueAdmin":true},', '{"constructor":{"prototype":{"x":1}},').map((head) => ({
      payload: head + valid().slice(1),
      contentType: json,
    })),
    // A valid body under the wrong content type, or none.
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        undefined,
      )
      .map((contentType) => ({ payload: valid(), contentType })),
    // Deep nesting and a body over the size limit.
    fc.integer({ min: 100, max: 3000 }).map((n) => ({ payload: '['.repeat(n) + ']'.repeat(n), contentType: json })),
    huge.map((s) => ({ payload: JSON.stringify({ ...base(), name: s }), contentType: json })),
    // No body at all.
    fc.constant({ contentType: json }),
  );
}

export const bodies = (base: () => Record<string, unknown>, fields: Fields, onEmail?: (email: string) => void) =>
  fc.oneof({ arbitrary: brokenField(base, fields, onEmail), weight: 3 }, { arbitrary: brokenWhole(base), weight: 1 });

/** Every text of the message catalogues: an error a screen may show is one of them, in Portuguese. */
export const catalogue = new Set(
  Object.values(messages)
    .filter((group): group is Extract<typeof group, Record<string, string>> => typeof group === 'object')
    .flatMap((group) => Object.values(group) as string[]),
);

/** Keys that try to reach an object's prototype. */
export const pollutingKeys = fc.constantFrom('__proto__', 'constructor', 'prototype');
/** Numbers a PostgreSQL `integer` id cannot be: beyond int4, negative, zero, fractional, not finite. */
export const badNumber = fc.oneof(
  fc.constantFrom(2_147_483_648, -2_147_483_649, 1e20, -1, 0, 1.5, Number.MAX_SAFE_INTEGER + 2),
  fc.integer({ max: 0 }),
  fc.double({ min: 2 ** 31, max: 1e300, noNaN: true }),
);
/**
 * A hostile id or code as a path segment or query value (before URL encoding): beyond int4,
 * negative, fractional, NUL, emoji, traversal, prototype keys, too long, or random text.
 */
export const hostileSegment = fc.oneof(
  fc.constantFrom(
    '2147483648',
    '99999999999999999999',
    '-1',
    '0',
    '1.5',
    '1e3',
    'NaN',
    'Infinity',
    '\u0000',
    'ABCD\u00001234',
    '😀😀😀😀😀😀😀😀',
    '../../etc/passwd',
    '%',
    '__proto__',
    'constructor',
    "' or 1=1 --",
    ' ',
  ),
  withNul,
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
  fc.integer({ min: 66, max: 3000 }).map((n) => 'x'.repeat(n)),
  badNumber.map(String),
);
