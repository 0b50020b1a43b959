import fc from 'fast-check';

/**
 * SEC-09: hostile sizes and shapes of a JSON body, built from the route's own schema (its Zod schema as JSON
 * Schema): every string at its maximum length, filled with what parsers expand or choke on (range lists, CSV
 * lines, delimiters, invisible and full-width Unicode, regex-bait repetitions); one field over its limit;
 * deep nesting; thousands of keys; huge arrays; and the whole body at and just over the route's body limit.
 *
 * A case is a few small numbers and choices (`BodyCase`), turned into bytes by `renderBody`, so fast-check
 * shrinks it toward a small, plain body — and a failure reads as "lines of this row, this many bytes".
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  default?: unknown;
  additionalProperties?: JsonSchema | boolean;
}

export const CONTENTS = ['plain', 'unicode', 'ranges', 'lines', 'delimiters', 'repeat'] as const;
export type Content = (typeof CONTENTS)[number];
export const SHAPES = ['limits', 'over', 'deep', 'wide', 'array', 'edge'] as const;
export type Shape = (typeof SHAPES)[number];

export interface BodyCase {
  kind: 'body';
  shape: Shape;
  content: Content;
  /** How far toward its maximum every length and count goes (and how much of the room deep, wide and array take): per mille. */
  size: number;
  /** The field the shape aims at: an index into the body's fields, modulo their count. */
  target: number;
  /** Optional fields sent besides the required ones and the target: bit i for the i-th. */
  optional: number;
  /** A sub-variant: the CSV row, the range token, arrays or objects when nesting; at (even) or over (odd) the limit at the edge. */
  variant: number;
}

// ---- Text ----------------------------------------------------------------------------------------

/**
 * Characters that look like others or like nothing: full-width digits, zero-width and bidi controls, C1
 * controls, combining marks, astral emoji, BOM. No U+0000: SEC-03 refuses it before any handler, and this
 * text is meant to reach the handlers.
 */
const HOSTILE = '０１２Ａ\u200b\u200c\u202e\u200f\u2066\u0085\u009b\u0080e\u0301\u0338😀\ufeff\u00a0\u3000\u2028ﷺ';
const RANGE_TOKENS = ['0-999,', '1-999999,', '0-999\n', 'A0-A999;', '101–110, ', '1-1,'];
const DELIMITERS = [';', ',', '\t', '\r\n', '"', '|', ';"'];
/** Repetitions that feed backtracking regular expressions (e-mail, dates, amounts). */
const REPEATS = ['a.', 'a', '0', 'a@', '-', ' ', '1,', 'aA0_'];

/** A 25-character token shaped like a Pix txid (the statement import looks each one up). */
const txid = (i: number) => `T${i.toString(36).padStart(24, '0')}`;
/** CSV rows as the imports read them: a bank's credit line, a unit line, a range, a long cell, broken quotes. */
const ROWS: ((i: number) => string)[] = [
  (i) => `${(i % 28) + 1};${txid(i)};1,00`,
  (i) => `Bloco ${i % 40};${i};m${i}@exemplo.com.br`,
  (i) => `${i}-${i + 999}`,
  (i) => `${i};${'x'.repeat(4000)};2,00`,
  (i) => `"${i};"";${i}`,
  (i) => `01/12/2026;PIX RECEBIDO ${txid(i)} E${String(i).padStart(31, '0')};R$ 1.234,56;R$ 9.999,99`,
];

/** Exactly `length` UTF-16 units (a split surrogate pair at the end is replaced). */
function cut(text: string, length: number): string {
  const out = text.slice(0, length);
  const last = out.charCodeAt(out.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? `${out.slice(0, -1)}a` : out;
}

function repeated(unit: string, length: number): string {
  return cut(unit.repeat(Math.ceil(length / Math.max(1, unit.length))), length);
}

/** `length` characters of a content kind. */
export function text(content: Content, variant: number, length: number): string {
  if (length <= 0) return '';
  switch (content) {
    case 'plain':
      return 'a'.repeat(length);
    case 'unicode':
      return repeated(HOSTILE, length);
    case 'ranges':
      return repeated(RANGE_TOKENS[variant % RANGE_TOKENS.length]!, length);
    case 'delimiters':
      return repeated(DELIMITERS[variant % DELIMITERS.length]!, length);
    case 'repeat':
      return repeated(REPEATS[variant % REPEATS.length]!, length);
    case 'lines': {
      const row = ROWS[variant % ROWS.length]!;
      const parts: string[] = [];
      let total = 0;
      for (let i = 0; total < length; i++) {
        const line = row(i);
        parts.push(line);
        total += line.length + 1;
      }
      return cut(parts.join('\n'), length);
    }
  }
}

/** Base64 of `content` as UTF-8, at most `length` characters (the CSV uploads). */
function base64Text(content: Content, variant: number, length: number): string {
  const bytes = Math.max(0, Math.floor((length * 3) / 4) - 3);
  return Buffer.from(text(content, variant, bytes), 'utf8')
    .subarray(0, bytes)
    .toString('base64');
}

const isBase64Pattern = (pattern: string | undefined) => pattern === '^[A-Za-z0-9+/]*={0,2}$';

/** A string a pattern accepts (the first of fast-check's, fixed seed): to get past validation to the handler. */
const matching = new Map<string, string>();
function matchOf(pattern: string): string {
  let value = matching.get(pattern);
  if (value === undefined) {
    value = fc.sample(fc.stringMatching(new RegExp(pattern)), { seed: 42, numRuns: 1 })[0]!;
    matching.set(pattern, value);
  }
  return value;
}

// ---- Values at and over a schema's limits -------------------------------------------------------

interface Fill {
  content: Content;
  variant: number;
  /** Strings and arrays without a maximum: at most this many characters (half the route's body limit). */
  free: number;
  /** 0..1: every length and count this far toward its maximum (the case's size, shrunk further to fit the limit). */
  scale: number;
}

const types = (s: JsonSchema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

function options(s: JsonSchema): JsonSchema[] | undefined {
  const list = s.anyOf ?? s.oneOf;
  if (!list) return undefined;
  const notNull = list.filter((o) => !types(o).includes('null'));
  return notNull.length > 0 ? notNull : list;
}

function stringAt(s: JsonSchema, f: Fill, over: boolean): string {
  const max = s.maxLength ?? f.free;
  const length = over ? max + 1 : Math.max(s.minLength ?? 0, Math.floor(max * f.scale));
  if (isBase64Pattern(s.pattern)) {
    // Over: one character more than the maximum, still base64's alphabet.
    return over ? 'A'.repeat(length) : base64Text(f.content, f.variant, length);
  }
  if (s.pattern && !over) return matchOf(s.pattern);
  if (s.format === 'uri' && !over)
    return cut(`https://push.example/${text(f.content, f.variant, length)}`, Math.max(length, 22));
  return text(f.content, f.variant, length);
}

/** A value of `s` with every length and count at its maximum (or over it, when `over`). */
export function valueAt(s: JsonSchema, f: Fill, over = false, depth = 0): unknown {
  if (s.const !== undefined) return over ? text(f.content, f.variant, 64) : s.const;
  if (s.enum) return over ? text(f.content, f.variant, 64) : s.enum[f.variant % s.enum.length];
  const choices = options(s);
  if (choices) return valueAt(choices[f.variant % choices.length]!, f, over, depth);
  const t = types(s);
  if (t.includes('string')) return stringAt(s, f, over);
  if (t.includes('integer') || t.includes('number')) {
    const max = s.maximum ?? 2 ** 31 - 1;
    const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : (s.minimum ?? -(2 ** 31));
    if (!over) return f.variant % 2 === 0 ? max : min;
    return [max + 1, 1e308, -1e308, 2 ** 53 + 2, min - 1, max - 0.5][f.variant % 6];
  }
  if (t.includes('boolean')) return over ? 'true' : f.variant % 2 === 0;
  if (t.includes('null')) return null;
  if (t.includes('array')) {
    const max = s.maxItems ?? Math.max(1, Math.floor(f.free / 8));
    const count = over ? max + 1 : Math.max(s.minItems ?? 0, Math.floor(max * f.scale));
    const item = valueAt(s.items ?? {}, f, false, depth + 1);
    return Array.from({ length: count }, () => item);
  }
  if (t.includes('object') || s.properties) {
    const out: Record<string, unknown> = {};
    for (const [name, p] of Object.entries(s.properties ?? {})) out[name] = valueAt(p, f, over && depth < 4, depth + 1);
    if (s.additionalProperties && typeof s.additionalProperties === 'object' && !s.properties) {
      // A record (the finance settings' prices): its keys from its own schema's `required`.
      for (const key of s.required ?? ['k']) out[key] = valueAt(s.additionalProperties, f, over, depth + 1);
    }
    return out;
  }
  // No type (z.unknown()): a string of the content.
  return text(f.content, f.variant, Math.floor(f.free * f.scale));
}

// ---- Bodies ---------------------------------------------------------------------------------------

export interface BodySpec {
  schema: JsonSchema;
  /** Values the handler needs to get past its first lookup (the síndico's plate, an owned tag). */
  base: Record<string, unknown>;
  limit: number;
}

export interface Rendered {
  body: Buffer;
  contentType: string;
  /** 413 must (at the edge, over) or must not (at the edge, at) be the answer. */
  expect?: { status: number } | { not: number };
  /** What it was, for a failure's message. */
  label: string;
}

/** The object schema a body is: a union (the operator's commands) gives one of its members. */
function objectOf(schema: JsonSchema, variant: number): JsonSchema {
  const choices = schema.oneOf ?? schema.anyOf;
  return choices ? choices[variant % choices.length]! : schema;
}

/** Fields of the body in a fixed order: the required ones, then the optional ones. */
export function fieldsOf(schema: JsonSchema, variant = 0) {
  const object = objectOf(schema, variant);
  const names = Object.keys(object.properties ?? {});
  const required = new Set(object.required ?? []);
  return {
    object,
    names,
    required: names.filter((n) => required.has(n)),
    optional: names.filter((n) => !required.has(n)),
  };
}

/** A JSON text with the value of `slot` replaced by `raw` (deep nesting is written, not built as an object). */
function withRaw(body: Record<string, unknown>, slot: string | undefined, raw: string): string {
  if (slot === undefined) return raw;
  const marker = '\u0001the nested value goes here\u0001';
  return JSON.stringify({ ...body, [slot]: marker }).replace(JSON.stringify(marker), () => raw);
}

function nesting(depth: number, variant: number): string {
  if (variant % 2 === 0) return '['.repeat(depth) + ']'.repeat(depth);
  return '{"a":'.repeat(depth) + '0' + '}'.repeat(depth);
}

const ITEMS = ['0', '""', '{}', '[]', 'null', '"0-999"'];

function bigArray(count: number, variant: number): string {
  const item = ITEMS[variant % ITEMS.length]!;
  return `[${Array.from({ length: count }, () => item).join(',')}]`;
}

function render(spec: BodySpec, c: BodyCase, scale: number): Rendered & { fieldName?: string } {
  const { object, names, required, optional } = fieldsOf(spec.schema, c.variant);
  const fieldName = names.length > 0 ? names[c.target % names.length] : undefined;
  const room = Math.max(0, spec.limit - 256);
  const fill: Fill = {
    content: c.content,
    variant: c.variant,
    free: Math.floor(room / 2),
    scale: scale * (c.size / 1000),
  };
  const sent = new Set<string>([...required, ...(fieldName ? [fieldName] : [])]);
  optional.forEach((n, i) => {
    if (c.optional & (1 << i)) sent.add(n);
  });
  const body: Record<string, unknown> = {};
  for (const name of names) {
    if (!sent.has(name)) continue;
    const over = c.shape === 'over' && name === fieldName;
    body[name] = !over && name in spec.base ? spec.base[name] : valueAt(object.properties![name]!, fill, over);
  }
  const amount = Math.max(1, Math.floor((room / 2) * (c.size / 1000) * scale));
  const slot = c.variant % 3 === 2 ? undefined : fieldName;
  let json: string;
  switch (c.shape) {
    case 'deep':
      json = withRaw(body, slot, nesting(Math.max(1, Math.floor(amount / (c.variant % 2 === 0 ? 1 : 3))), c.variant));
      break;
    case 'array':
      json = withRaw(body, slot, bigArray(Math.max(1, Math.floor(amount / 3)), c.variant));
      break;
    case 'wide': {
      const wide: Record<string, unknown> = { ...body };
      const value = [0, '', {}, [], null][c.variant % 5];
      // Keys counted once, not per key (Object.keys in the loop's test was quadratic: minutes at 1.5 MB).
      const keys = Math.floor(amount / 8);
      for (let i = 0, n = Object.keys(wide).length; n < keys; i++) {
        if (!(`k${i}` in wide)) n++;
        wide[`k${i}`] = value;
      }
      json = JSON.stringify(wide);
      break;
    }
    default:
      json = JSON.stringify(body);
  }
  return {
    body: Buffer.from(json, 'utf8'),
    contentType: 'application/json',
    ...(fieldName ? { fieldName } : {}),
    label: `${c.shape} ${c.content}/${c.variant} size ${c.size}‰${where(c, slot, fieldName)}`,
  };
}

/** Which part of the body the case's shape is about. */
function where(c: BodyCase, slot: string | undefined, fieldName: string | undefined): string {
  if ((c.shape === 'deep' || c.shape === 'array') && slot === undefined) return ' as the whole body';
  if (c.shape === 'wide') return ' with thousands of keys';
  return fieldName ? ` field ${fieldName}` : '';
}

/** The case as a request body: fitted under the route's limit, or padded to exactly the limit or one byte over it. */
export function renderBody(spec: BodySpec, c: BodyCase): Rendered {
  let scale = 1;
  let out = render(spec, c, scale);
  // Fit: lengths and counts shrink together until the body is under the limit (the edge pads it back up).
  for (let i = 0; i < 12 && out.body.length > spec.limit; i++) {
    scale *= Math.min(0.9, (spec.limit / out.body.length) * 0.95);
    out = render(spec, c, scale);
  }
  const { fieldName: _field, ...rendered } = out;
  if (c.shape !== 'edge') return { ...rendered, label: `${rendered.label}, ${rendered.body.length} B` };
  const wanted = spec.limit + (c.variant % 2 === 0 ? 0 : 1);
  const json = rendered.body.toString('utf8');
  // `{…}` → `{…,"_":"aaa…"}`: the padding key's value makes up the difference (ASCII, one byte a character).
  const head = json === '{}' ? '{"_":"' : `${json.slice(0, -1)},"_":"`;
  const pad = wanted - Buffer.byteLength(head, 'utf8') - 2;
  const body = Buffer.from(`${head}${'a'.repeat(Math.max(0, pad))}"}`, 'utf8');
  return {
    body,
    contentType: 'application/json',
    expect: c.variant % 2 === 0 ? { not: 413 } : { status: 413 },
    label: `edge: ${body.length} B (${c.variant % 2 === 0 ? 'at' : 'one byte over'} the limit of ${spec.limit} B)`,
  };
}

// ---- Arbitraries ----------------------------------------------------------------------------------

/**
 * A group of cases checked as one property. Each family fails and is shrunk on its own, so one finding does
 * not hide the next; within a family the examples go from small to large, so a parser that expands is caught
 * (and reported) on its way up, before the largest case costs minutes.
 */
export interface Family<C> {
  name: string;
  arbitrary: fc.Arbitrary<C>;
  /** Sent first, whatever the seed. */
  examples: C[];
  /** Random cases after the examples. */
  runs: number;
}

interface Pinned {
  shapes: readonly Shape[];
  contents?: readonly Content[];
  target?: number;
  optional?: number;
}

function bodyCase(schema: JsonSchema, pinned: Pinned): fc.Arbitrary<BodyCase> {
  const { names, optional } = fieldsOf(schema);
  return fc.record({
    kind: fc.constant('body' as const),
    shape: fc.constantFrom(...pinned.shapes),
    content: fc.constantFrom(...(pinned.contents ?? CONTENTS)),
    size: fc.integer({ min: 0, max: 1000 }),
    target: pinned.target !== undefined ? fc.constant(pinned.target) : fc.nat({ max: Math.max(0, names.length - 1) }),
    optional: pinned.optional !== undefined ? fc.constant(pinned.optional) : fc.nat({ max: 2 ** optional.length - 1 }),
    variant: fc.nat({ max: 11 }),
  });
}

/** Strings a parser reads as text: long (≥ 1,000 characters), unbounded, or a base64 file. */
function isText(s: JsonSchema): boolean {
  const choices = options(s);
  if (choices) return choices.some(isText);
  return (
    types(s).includes('string') &&
    !s.enum &&
    s.const === undefined &&
    (isBase64Pattern(s.pattern) || (!s.pattern && (s.maxLength ?? Infinity) >= 1000))
  );
}

/** Per text field, the kinds of content its parser may expand, each kind from small to its maximum (content, variant, size). */
const TEXT_LADDERS: [Content, [number, number][]][] = [
  [
    'ranges',
    [
      [0, 100],
      [0, 1000],
      [1, 1000],
    ],
  ],
  [
    'lines',
    [
      [0, 100],
      [0, 1000],
      [1, 1000],
      [3, 1000],
    ],
  ],
  ['delimiters', [[4, 1000]]],
  ['unicode', [[0, 1000]]],
  ['repeat', [[0, 1000]]],
];

/**
 * A JSON body's families: each text field alone with each kind of content, from small to its maximum; every
 * field at its maximum at once; the body's shape (at and one byte over the route's limit, as deep, as wide and
 * as long an array as the limit allows); and `runs` random cases of any shape.
 */
export function bodyFamilies(schema: JsonSchema, runs: number): Family<BodyCase>[] {
  const { names, object, optional } = fieldsOf(schema);
  const all = 2 ** optional.length - 1;
  const families: Family<BodyCase>[] = [];
  names.forEach((name, target) => {
    if (!isText(object.properties![name]!)) return;
    for (const [content, ladder] of TEXT_LADDERS) {
      families.push({
        name: `${name} with ${content}`,
        arbitrary: bodyCase(schema, { shapes: ['limits'], contents: [content], target, optional: 0 }),
        examples: ladder.map(([variant, size]) => ({
          kind: 'body',
          shape: 'limits',
          content,
          size,
          target,
          optional: 0,
          variant,
        })),
        runs: 0,
      });
    }
  });
  const whole = { kind: 'body' as const, content: 'plain' as const, target: 0, optional: 0, size: 1000 };
  families.push(
    {
      name: 'every field at its maximum',
      arbitrary: bodyCase(schema, { shapes: ['limits'], optional: all }),
      examples: [{ ...whole, shape: 'limits', content: 'unicode', optional: all, variant: 0 }],
      runs: 0,
    },
    {
      name: 'the shape of the body',
      arbitrary: bodyCase(schema, { shapes: ['edge', 'deep', 'wide', 'array'] }),
      examples: [
        { ...whole, shape: 'edge', variant: 0 },
        { ...whole, shape: 'edge', variant: 1 },
        { ...whole, shape: 'deep', variant: 0 },
        { ...whole, shape: 'wide', variant: 0 },
        { ...whole, shape: 'array', variant: 0 },
      ],
      runs: 0,
    },
    { name: 'random', arbitrary: bodyCase(schema, { shapes: SHAPES }), examples: [], runs },
  );
  return families;
}
