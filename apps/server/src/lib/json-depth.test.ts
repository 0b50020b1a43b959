import { describe, expect, test } from 'vitest';
import { JSON_MAX_DEPTH, jsonDeeperThan } from './json-depth';

describe('[SEC-09] the JSON depth count before parsing', () => {
  test('[SEC-09] counts arrays and objects, and stops past the limit', () => {
    expect(jsonDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(jsonDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonDeeperThan('['.repeat(33) + ']'.repeat(33), 32)).toBe(true);
    expect(jsonDeeperThan('['.repeat(32) + ']'.repeat(32), 32)).toBe(false);
  });

  test('[SEC-09] brackets inside strings (and escaped quotes) do not count', () => {
    expect(jsonDeeperThan(JSON.stringify({ text: '[[[[[[[[{{{{{{' }), 1)).toBe(false);
    expect(jsonDeeperThan(JSON.stringify({ text: 'a "quoted [[[[ part" \\ end' }), 1)).toBe(false);
    expect(jsonDeeperThan('{"t":"\\"[[[[[["}', 1)).toBe(false);
  });

  test('[SEC-09] siblings do not add up: depth is nesting, not count', () => {
    expect(jsonDeeperThan(`[${'[1],'.repeat(10_000)}[1]]`, 2)).toBe(false);
  });

  test('[SEC-09] the limit is 32 levels', () => {
    expect(JSON_MAX_DEPTH).toBe(32);
  });
});
