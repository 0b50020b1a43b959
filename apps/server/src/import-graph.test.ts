import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CONTRACTS, SOURCE_ROOTS, circles, importGraph, root, sources } from '../test/import-graph';

/**
 * DEV-06: no import circles — type-only imports count too, since a circle of types today is a circle of
 * values after the next edit. The graph covers the server, the web app and the contracts (tests aside).
 */

describe('import circles', () => {
  test('[DEV-06] the circle finder finds a planted circle, type-only imports included, and nothing in a tree', () => {
    const graph = new Map<string, string[]>([
      [join(root, CONTRACTS, 'a.ts'), [join(root, CONTRACTS, 'b.ts')]],
      [join(root, CONTRACTS, 'b.ts'), [join(root, CONTRACTS, 'c.ts')]],
      [join(root, CONTRACTS, 'c.ts'), [join(root, CONTRACTS, 'a.ts')]],
      [join(root, CONTRACTS, 'd.ts'), [join(root, CONTRACTS, 'c.ts')]],
    ]);
    expect(circles(graph).map((c) => c.map((f) => relative(root, f)))).toEqual([
      [`${CONTRACTS}/a.ts`, `${CONTRACTS}/b.ts`, `${CONTRACTS}/c.ts`],
    ]);
    graph.set(join(root, CONTRACTS, 'c.ts'), []);
    expect(circles(graph)).toEqual([]);
    // The parser reads every form of import the code uses, type-only ones too.
    const real = join(root, CONTRACTS, 'calls.ts');
    const parsed = importGraph([real], () => "import type { X } from './routes';\nimport { y } from '@toque/contracts/money';\nexport { z } from './constants';\nimport './products';");
    expect(parsed.get(real)!.map((f) => relative(root, f)).sort()).toEqual([
      `${CONTRACTS}/constants.ts`,
      `${CONTRACTS}/money.ts`,
      `${CONTRACTS}/products.ts`,
      `${CONTRACTS}/routes.ts`,
    ]);
  });

  test('[DEV-06] the server, the web app and the contracts import each other in no circle', () => {
    const files = SOURCE_ROOTS.flatMap((dir) => sources(join(root, dir)));
    expect(files.length).toBeGreaterThan(300);
    const found = circles(importGraph(files, (file) => readFileSync(file, 'utf8'))).map((c) => c.map((f) => relative(root, f)));
    expect(found).toEqual([]);
  });
});
