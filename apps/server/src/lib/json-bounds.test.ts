import { describe, expect, test } from 'vitest';
import { JSON_MAX_DEPTH, JSON_MAX_VALUES, jsonBeyond } from './json-bounds';

const deeper = (text: string, depth: number) => jsonBeyond(text, depth, Infinity);
const more = (text: string, values: number) => jsonBeyond(text, Infinity, values);

describe('[SEC-09] what a JSON body would build, counted before parsing', () => {
  test('[SEC-09] counts nesting of arrays and objects, and stops past the limit', () => {
    expect(deeper('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(deeper('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(deeper('['.repeat(33) + ']'.repeat(33), 32)).toBe(true);
    expect(deeper('['.repeat(32) + ']'.repeat(32), 32)).toBe(false);
  });

  test('[SEC-09] brackets, commas and colons inside strings (and escaped quotes) do not count', () => {
    expect(jsonBeyond(JSON.stringify({ text: '[[[[[[[[{{{{{{,,,,::::' }), 1, 2)).toBe(false);
    expect(jsonBeyond(JSON.stringify({ text: 'a "quoted [[[[ part" \\ end' }), 1, 2)).toBe(false);
    expect(jsonBeyond('{"t":"\\"[[[[[[,,,,"}', 1, 2)).toBe(false);
  });

  test('[SEC-09] siblings are not depth, but they are values: keys and items both count', () => {
    expect(deeper(`[${'[1],'.repeat(10_000)}[1]]`, 2)).toBe(false);
    expect(more('[1,2,3]', 3)).toBe(false);
    expect(more('[1,2,3,4]', 3)).toBe(true);
    // {"a":1,"b":2}: two keys and two values.
    expect(more('{"a":1,"b":2}', 4)).toBe(false);
    expect(more('{"a":1,"b":2}', 3)).toBe(true);
  });

  test('[SEC-09] the bounds are 32 levels and 20,000 values; the Pix webhook’s largest body (1,000 payments) fits', () => {
    expect([JSON_MAX_DEPTH, JSON_MAX_VALUES]).toEqual([32, 20_000]);
    const pix = JSON.stringify({
      pix: Array.from({ length: 1000 }, (_, i) => ({ endToEndId: `E${i}`, txid: `t${i}`, valor: '10.00', horario: '2026-11-29T10:00:00Z' })),
    });
    expect(jsonBeyond(pix, JSON_MAX_DEPTH, JSON_MAX_VALUES)).toBe(false);
  });
});
