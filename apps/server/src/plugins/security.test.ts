import { describe, expect, test } from 'vitest';
import { holdsNul } from './security';

describe('holdsNul', () => {
  test('[SEC-03] finds U+0000 in any string or key, however deep', () => {
    expect(holdsNul({ name: 'Ana', tags: ['a', { deep: 'x\u0000y' }] })).toBe(true);
    expect(holdsNul({ 'k\u0000': 1 })).toBe(true);
    expect(holdsNul('\u0000')).toBe(true);
    expect(holdsNul({ name: 'Ana', n: 1, ok: true, none: null, list: [1, 'dois'] })).toBe(false);
    expect(holdsNul(undefined)).toBe(false);
  });

  test('[SEC-03] a body nested past the call stack does not overflow', () => {
    const deep = JSON.parse('['.repeat(30_000) + '"\\u0000"' + ']'.repeat(30_000)) as unknown;
    expect(holdsNul(deep)).toBe(true);
  });

  test('[SEC-09] [FIND-09] a photo upload (a 10 MiB Buffer body) is not walked byte by byte: within the 2 s budget, not the ~1 min that froze the server', () => {
    const photo = Buffer.alloc(10 * 1024 * 1024, 0);
    const started = Date.now();
    // A file's bytes are not text the database stores: its NUL bytes are not U+0000 in a string.
    expect(holdsNul(photo)).toBe(false);
    expect(holdsNul({ file: photo, name: 'x' })).toBe(false);
    expect(holdsNul({ file: photo, name: 'x\u0000' })).toBe(true);
    expect(Date.now() - started).toBeLessThanOrEqual(2000);
  }, 180_000);

  test("[SEC-09] a file's bytes are not walked: a photo's NUL bytes are not text, and 10 MB are not ten million entries", () => {
    const file = Buffer.alloc(64);
    // Seen only by a walk of the Buffer's own entries, byte by byte.
    Object.defineProperty(file, 'walked\u0000', { enumerable: true, value: 1 });
    expect(holdsNul(file)).toBe(false);
    expect(holdsNul({ photo: file, name: 'Ana' })).toBe(false);
    expect(holdsNul(new Uint8Array(8))).toBe(false);
    expect(holdsNul({ photo: file, name: 'A\u0000na' })).toBe(true);
  });
});
