import { dirname, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { FINDER_ISLAND } from './prerender-plugin';
import { checkBudget, FINDER_JS_BUDGET_BYTES } from './js-budget';

/**
 * PERF-06: the finder page's JavaScript before the tap, built from the source as the client build
 * builds it (minified, gzip -9): the island and everything it imports statically. The app it runs
 * on the tap (./boot) stays out; `npm run build` checks the same on the real build's chunks.
 */
async function islandChunks(): Promise<{ file: string; gzipBytes: number }[]> {
  // apps/web, from this file's path (import.meta.url is not a file URL under jsdom).
  const root = resolve(dirname(expect.getState().testPath!), '../..');
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    build: { write: false, minify: true, modulePreload: false, rolldownOptions: { input: FINDER_ISLAND } },
    plugins: [
      {
        name: 'the-app-is-not-before-the-tap',
        enforce: 'pre',
        resolveId: (id) => (id === './boot' ? { id: '/assets/boot.js', external: true } : null),
      },
    ],
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  const byName = new Map(
    chunks
      .filter((chunk): chunk is Rollup.OutputChunk => chunk.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  // The entry and its static imports: what runs before the tap (a dynamic import waits for it).
  const before = new Set<Rollup.OutputChunk>();
  const visit = (chunk: Rollup.OutputChunk | undefined) => {
    if (!chunk || before.has(chunk)) return;
    before.add(chunk);
    chunk.imports.forEach((name) => visit(byName.get(name)));
  };
  [...byName.values()].filter((chunk) => chunk.isEntry).forEach(visit);
  return [...before].map((chunk) => ({ file: chunk.fileName, gzipBytes: gzipSync(chunk.code, { level: 9 }).length }));
}

describe('the finder page before the tap', () => {
  it('[PERF-06] runs at most 35 KB of gzipped JavaScript: the island and its static imports, not the app it runs on the tap', async () => {
    const chunks = await islandChunks();
    const budget = checkBudget(chunks, FINDER_JS_BUDGET_BYTES, 'PERF-06: finder page');
    expect(budget.ok, budget.report).toBe(true);
    // The figure itself, not only the constant: a change of the constant shows here.
    expect(budget.totalBytes).toBeLessThanOrEqual(35 * 1024);
  }, 60_000);
});
