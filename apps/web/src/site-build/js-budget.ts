/**
 * PERF-03: the home page's first load may ship at most JS_BUDGET_BYTES of gzipped JavaScript.
 * "First load" is what the prerendered HTML makes the browser fetch before the page is
 * interactive: its module scripts, its module preloads, and everything they import statically.
 * Lazily imported code (dashboard, admin, call, map) is not in it.
 */
export const JS_BUDGET_BYTES = 110 * 1024;

/**
 * PERF-06: the finder page /t/{code} may run at most this much gzipped JavaScript before the tap:
 * its island and what it imports statically. The app's chunks it prefetches while idle
 * (`data-prefetch`) run only on the tap and are not counted.
 */
export const FINDER_JS_BUDGET_BYTES = 35 * 1024;

/**
 * PERF-03: /login and /sign-up may load at most this much gzipped JavaScript at first: the form, the
 * app's start and what they import statically (174.9 and 170.8 KB on 2026-11-30). Not the dashboard,
 * nor the Web Push code, which /login loads on submit: importing it at load again (issue 35's 11 KB
 * transferred; 180.0 KB here) fails the build.
 */
export const ACCOUNT_JS_BUDGET_BYTES = 178 * 1024;

/** The part of Vite's build manifest (build.manifest) this needs. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * Script URLs a page's HTML loads: module scripts, module preloads, and the chunks #root's
 * data-preload names (main.tsx preloads them right after the first paint).
 */
export function scriptsOf(html: string): string[] {
  const urls = new Set<string>();
  for (const url of /\bdata-preload="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? []) if (url) urls.add(url);
  for (const tag of html.match(/<script\b[^>]*>|<link\b[^>]*>/g) ?? []) {
    const isModule = /^<script\b/.test(tag) ? /type="module"/.test(tag) : /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (isModule && url) urls.add(url);
  }
  return [...urls];
}

/** Manifest keys of the chunks reachable from `keys` by static imports, each after those it imports. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  // Each chunk after the chunks it imports (post-order): the finder island evaluates them one task
  // at a time in this order, so that each evaluates only itself (docs/decisions/0037's addendum).
  const ordered: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
    ordered.push(key);
  };
  keys.forEach(visit);
  return ordered;
}

/** The JS files (relative to dist) of a page's first load. */
export function firstLoadFiles(html: string, manifest: Manifest, base = '/'): string[] {
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const files = new Set<string>();
  const keys: string[] = [];
  for (const url of scriptsOf(html)) {
    const file = url.startsWith(base) ? url.slice(base.length) : url;
    files.add(file);
    const key = byFile.get(file);
    if (key) keys.push(key);
  }
  for (const key of staticClosure(manifest, keys)) files.add(manifest[key]!.file);
  return [...files].sort();
}

export interface BudgetResult {
  ok: boolean;
  totalBytes: number;
  limitBytes: number;
  files: { file: string; gzipBytes: number }[];
  report: string;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Adds up the gzipped sizes; over the limit is a failure whose report names the files. */
export function checkBudget(
  files: { file: string; gzipBytes: number }[],
  limitBytes = JS_BUDGET_BYTES,
  what = 'PERF-03: home page',
): BudgetResult {
  const totalBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  const ok = totalBytes <= limitBytes;
  const lines = [...files]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((f) => `  ${kb(f.gzipBytes).padStart(9)}  ${f.file}`);
  const report = [
    `${what} first-load JavaScript ${kb(totalBytes)} gzip of ${kb(limitBytes)} allowed${ok ? '' : ' — OVER BUDGET'}`,
    ...lines,
  ].join('\n');
  return { ok, totalBytes, limitBytes, files, report };
}
