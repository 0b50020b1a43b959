import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/**
 * DEV-06: no import circles — type-only imports count too, since a circle of types today is a circle of
 * values after the next edit. The graph covers the server, the web app and the contracts (tests aside).
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCE_ROOTS = ['apps/server/src', 'apps/web/src', 'packages/contracts/src'];
const CONTRACTS = 'packages/contracts/src';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('__') ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(test|spec)\.tsx?$|\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** A specifier's file: relative ones and `@toque/contracts/<name>`; packages outside the repository are not nodes. */
function resolveImport(from: string, spec: string): string | undefined {
  const base = spec.startsWith('.')
    ? resolve(dirname(from), spec)
    : spec.startsWith('@toque/contracts/')
      ? join(root, CONTRACTS, spec.slice('@toque/contracts/'.length))
      : undefined;
  if (!base) return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return undefined;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

/** The import graph: file → the files it imports. */
export function importGraph(files: string[], read: (file: string) => string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = read(file);
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => resolveImport(file, (m[1] ?? m[2])!))
      .filter((t): t is string => !!t && t !== file);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The circles of a graph: its strongly connected components of more than one node (Tarjan). */
export function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return out;
}

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
