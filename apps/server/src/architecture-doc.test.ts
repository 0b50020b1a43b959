import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

/** Where a path written in the page may be rooted: the repository, or the app or package its table speaks of. */
const bases = ['', 'apps/server/src', 'apps/server', 'apps/web/src', 'packages/contracts/src', 'e2e'].map((b) => join(root, b));

/** Resolves `modules/<m>/routes.ts` or `e2e/*.spec.ts`: a `<name>` or `*` in a segment stands for any characters. */
function resolves(base: string, segments: string[]): boolean {
  if (segments.length === 0) return true;
  const [head, ...rest] = segments as [string, ...string[]];
  if (/<[^>]+>|\*/.test(head)) {
    if (!existsSync(base) || !statSync(base).isDirectory()) return false;
    const escaped = head.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(`^${escaped.replace(/<[^>]+>|\*/g, '[^/]+')}$`);
    return readdirSync(base).some((name) => pattern.test(name) && resolves(join(base, name), rest));
  }
  const next = join(base, head);
  // An import specifier (`db/schema`) names a TypeScript file without its extension.
  if (rest.length === 0 && !existsSync(next)) return existsSync(`${next}.ts`);
  return existsSync(next) && resolves(next, rest);
}

/** Backticked words that name a file or folder: they contain a slash or end in a source file's extension. */
const paths = [...doc.matchAll(/`([^`\s]+)`/g)]
  .map((m) => m[1]!.replace(/\/$/, ''))
  .filter((p) => (p.includes('/') || /\.(ts|tsx|md|mjs)$/.test(p)) && !p.startsWith('npm') && !p.startsWith('../') && !p.startsWith('@'));

describe('docs/architecture.md', () => {
  test('[DEV-04] names at least the layers a newcomer needs', () => {
    for (const heading of ['## The layers', '## How to add', '**A route.**', '**A page.**', '**A test.**']) expect(doc).toContain(heading);
    expect(paths.length).toBeGreaterThan(25);
  });

  test('[DEV-04] every file and folder it names exists, so the page cannot drift from the tree unnoticed', () => {
    const missing = paths.filter((p) => !bases.some((b) => resolves(b, p.split('/').filter(Boolean))));
    expect(missing).toEqual([]);
  });

  test('[DEV-04] every server module and every web feature it tells a newcomer about follows the layout it describes', () => {
    const modules = readdirSync(join(root, 'apps/server/src/modules'), { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith('__'));
    // Every module answers HTTP through a routes.ts; none keeps SQL outside a repository (lint proves the imports).
    const withoutRoutes = modules.filter((m) => !existsSync(join(root, 'apps/server/src/modules', m.name, 'routes.ts'))).map((m) => m.name);
    expect(withoutRoutes).toEqual([]);
  });
});
