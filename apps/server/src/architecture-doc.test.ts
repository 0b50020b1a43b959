import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SOURCE_ROOTS, importGraph, root, sources } from '../test/import-graph';

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

/** Repository-relative paths: the graph as the page speaks of it. */
type Edges = [from: string, to: string][];

const feature = (path: string) => path.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];
const moduleOf = (path: string) => path.match(/^apps\/server\/src\/modules\/([^/]+)\//)?.[1];

/**
 * The import directions docs/architecture.md states, each with its line there and the check of it: the
 * imports (from → to) that break it. A rule the page drops or a rule the code breaks fails the test.
 */
const DIRECTIONS: { states: string; breaks: (from: string, to: string) => boolean }[] = [
  {
    states: '- contracts import nothing from an app;',
    breaks: (from, to) => from.startsWith('packages/contracts/') && to.startsWith('apps/'),
  },
  {
    states: '- the server and the web app never import each other (they share only contracts);',
    breaks: (from, to) =>
      (from.startsWith('apps/server/') && to.startsWith('apps/web/')) || (from.startsWith('apps/web/') && to.startsWith('apps/server/')),
  },
  {
    states: '- server `lib/` never imports a module;',
    breaks: (from, to) => from.startsWith('apps/server/src/lib/') && to.startsWith('apps/server/src/modules/'),
  },
  {
    states: '- server `plugins/` never import a module;',
    breaks: (from, to) => from.startsWith('apps/server/src/plugins/') && to.startsWith('apps/server/src/modules/'),
  },
  {
    states: '- a `routes.ts` never imports a repository (its own or `db/repositories/`);',
    breaks: (from, to) =>
      /^apps\/server\/src\/modules\/[^/]+\/routes\.ts$/.test(from) &&
      (/^apps\/server\/src\/modules\/[^/]+\/repository\.ts$/.test(to) || to.startsWith('apps/server/src/db/repositories/')),
  },
  {
    states: "- a server module never imports another module's repository;",
    breaks: (from, to) =>
      !!moduleOf(from) && /\/repository\.ts$/.test(to) && !!moduleOf(to) && moduleOf(to) !== moduleOf(from),
  },
  {
    states: '- a web feature never imports another feature;',
    breaks: (from, to) => !!feature(from) && !!feature(to) && feature(from) !== feature(to),
  },
  {
    states: '- web shared code (`components/`, `lib/`, `content/`) never imports a feature or `app/`.',
    breaks: (from, to) => /^apps\/web\/src\/(components|lib|content)\//.test(from) && /^apps\/web\/src\/(features|app)\//.test(to),
  },
];

/** Each stated direction with the imports that break it (none: an empty list). */
function brokenDirections(edges: Edges): Record<string, string[]> {
  return Object.fromEntries(
    DIRECTIONS.map(({ states, breaks }) => [states, edges.filter(([f, t]) => breaks(f, t)).map(([f, t]) => `${f} → ${t}`)]),
  );
}

/** The config areas: the files of config-areas/ that declare variables (area.ts and secrets.ts are their helpers). */
function configAreas(files: { name: string; text: string }[]): string[] {
  return files
    .filter((f) => /export const \w+Variables\b/.test(f.text))
    .map((f) => f.name.replace(/\.ts$/, ''))
    .sort();
}

/** What the page says of them: "N areas: a, b, …." */
function statedAreas(text: string): { count: number; names: string[] } | undefined {
  const m = text.match(/`config-areas\/` \| one file an area, (\d+) areas: ([a-z, -]+)\./);
  return m ? { count: Number(m[1]), names: m[2]!.split(',').map((n) => n.trim()).sort() } : undefined;
}

/** The specs that build a browser context granting camera, microphone or geolocation: a call side made by hand. */
function handBuiltCallSides(specs: { name: string; text: string }[]): string[] {
  return specs
    .filter((s) => /\.newContext\(/.test(s.text) && /permissions:\s*\[[^\]]*'(camera|microphone|geolocation)'/.test(s.text))
    .map((s) => s.name.replace(/\.spec\.ts$/, ''))
    .sort();
}

const readDir = (dir: string, keep: (name: string) => boolean) =>
  readdirSync(join(root, dir))
    .filter(keep)
    .map((name) => ({ name, text: readFileSync(join(root, dir, name), 'utf8') }));

describe('docs/architecture.md states only what is true (DEV-06)', () => {
  test('[DEV-06] each check finds a planted violation: a broken import direction, a miscounted area, a hand-built call side', () => {
    const planted: Edges = [
      ['packages/contracts/src/a.ts', 'apps/web/src/lib/b.ts'],
      ['apps/server/src/main.ts', 'apps/web/src/entry-server.tsx'],
      ['apps/server/src/lib/x.ts', 'apps/server/src/modules/calls/service.ts'],
      ['apps/server/src/plugins/p.ts', 'apps/server/src/modules/calls/tag-state.ts'],
      ['apps/server/src/modules/finance/routes.ts', 'apps/server/src/modules/finance/repository.ts'],
      ['apps/server/src/modules/admin/service.ts', 'apps/server/src/modules/finance/repository.ts'],
      ['apps/web/src/features/call/hooks/h.ts', 'apps/web/src/features/door/api/d.ts'],
      ['apps/web/src/lib/l.ts', 'apps/web/src/app/routes.tsx'],
    ];
    const broken = brokenDirections(planted);
    for (const [rule, edges] of Object.entries(broken)) expect(edges, rule).toHaveLength(1);
    // What the rules allow stays allowed.
    const fine: Edges = [
      ['apps/web/src/features/call/hooks/h.ts', 'apps/web/src/features/call/api/a.ts'],
      ['apps/web/src/app/routes.tsx', 'apps/web/src/features/call/components/c.tsx'],
      ['apps/server/src/modules/finance/service.ts', 'apps/server/src/modules/finance/repository.ts'],
      ['apps/server/src/modules/finance/routes.ts', 'apps/server/src/modules/finance/service.ts'],
      ['apps/server/src/lib/loopback-or-token.ts', 'apps/server/src/plugins/auth.ts'],
      ['apps/web/src/lib/l.ts', 'packages/contracts/src/routes.ts'],
    ];
    expect(Object.values(brokenDirections(fine)).flat()).toEqual([]);

    const areaFiles = [
      { name: 'area.ts', text: 'export function positive() {}' },
      { name: 'http.ts', text: 'export const httpVariables = {};' },
      { name: 'map.ts', text: 'export const mapVariables = {};' },
    ];
    expect(configAreas(areaFiles)).toEqual(['http', 'map']);
    expect(statedAreas('| `config-areas/` | one file an area, 3 areas: http, map, mail. Each')).toEqual({ count: 3, names: ['http', 'mail', 'map'] });

    const specs = [
      { name: 'by-hand.spec.ts', text: "const c = await browser.newContext({ permissions: ['camera', 'microphone'] });" },
      { name: 'fixtures.spec.ts', text: "test('x', async ({ owner, finder }) => { await browser.newContext({ viewport }); });" },
    ];
    expect(handBuiltCallSides(specs)).toEqual(['by-hand']);
  });

  test('[DEV-06] [DEV-04] the import directions it states hold on the whole graph (server, web, contracts; type-only imports count)', () => {
    for (const { states } of DIRECTIONS) expect(doc, 'the page states this direction').toContain(states);
    const files = SOURCE_ROOTS.flatMap((dir) => sources(join(root, dir)));
    const graph = importGraph(files, (file) => readFileSync(file, 'utf8'));
    const edges: Edges = [...graph].flatMap(([from, tos]) => tos.map((to): [string, string] => [relative(root, from), relative(root, to)]));
    expect(edges.length).toBeGreaterThan(1000);
    expect(brokenDirections(edges)).toEqual(Object.fromEntries(DIRECTIONS.map(({ states }) => [states, []])));
  });

  test('[DEV-06] [DEV-04] the config areas it counts and names are the files of config-areas/ that declare variables', () => {
    const stated = statedAreas(doc);
    expect(stated, 'the page names the areas: "N areas: a, b, …."').toBeDefined();
    const actual = configAreas(readDir('apps/server/src/config-areas', (n) => n.endsWith('.ts') && !n.endsWith('.test.ts')));
    expect(stated!.names).toEqual(actual);
    expect(stated!.count).toBe(actual.length);
  });

  test('[DEV-06] [DEV-04] the workspaces it counts are package.json\'s', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
    const workspaces = pkg.workspaces.flatMap((w) =>
      w.endsWith('/*') ? readdirSync(join(root, w.slice(0, -2))).map((d) => `${w.slice(0, -2)}/${d}`) : [w],
    );
    const m = doc.match(/one repository with (\w+) npm workspaces \(([^)]+)\)/);
    expect(m).not.toBeNull();
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];
    expect(words.indexOf(m![1]!)).toBe(workspaces.length);
    expect(m![2]!.split(',').map((w) => w.trim().replace(/`/g, '')).sort()).toEqual(workspaces.sort());
  });

  test('[DEV-06] [DEV-04] the e2e fixtures rule as it stands: specs take `test` from e2e/support, and no spec builds a call side by hand (camera, microphone or geolocation granted outside the fixtures)', () => {
    const specs = readDir('e2e', (n) => n.endsWith('.spec.ts'));
    const suiteTest = /import \{[^}]*\btest\b[^}]*\} from '\.\/support(\/firefox|\/webkit)?'/;
    const ownTest = specs.filter((s) => !suiteTest.test(s.text)).map((s) => s.name);
    expect(ownTest).toEqual(['suite-shape.spec.ts']);
    // The Firefox and WebKit `test`s extend the suite's.
    for (const helper of ['support/firefox.ts', 'support/webkit.ts'])
      expect(readFileSync(join(root, 'e2e', helper), 'utf8')).toMatch(/test as base \} from '\.\.\/support'/);
    expect(doc).toMatch(/a spec never builds a browser\s+context that grants camera, microphone or geolocation itself/);
    expect(handBuiltCallSides(specs), 'specs that build a call side by hand instead of openOwner/openFinder').toEqual([]);
  });
});
