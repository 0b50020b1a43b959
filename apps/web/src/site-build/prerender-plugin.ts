import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';
import { finderTemplate, injectPage, outputFile } from './html.ts';
import { ACCOUNT_JS_BUDGET_BYTES, checkBudget, FINDER_JS_BUDGET_BYTES, firstLoadFiles, staticClosure, type Manifest } from './js-budget.ts';
import type { PrerenderedPage } from './pages.ts';

/** The empty app shell the server sends for every page that is not prerendered. */
const SHELL_FILE = 'app.html';

/**
 * The server's render of the finder's page (PERF-05): the SSR build of src/entry-server.tsx, and
 * finder.json (the page's preloads), in dist/.ssr/ — never served (plugins/web.ts).
 */
const SSR_DIR = '.ssr';

/** The finder page's island (PERF-06): the second entry of the client build (vite.config.ts). */
export const FINDER_ISLAND = 'src/finder-island.ts';

/** The finder page's template in dist/.ssr/: the build's page with the island as its only script. */
const FINDER_TEMPLATE = 'finder.html';

const compressible = /\.(html|js|css|svg|json|txt|webmanifest)$/;

async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(join(dir, prefix), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      return entry.isDirectory() ? filesUnder(dir, path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

/** Brotli and gzip siblings of every text asset, served by @fastify/static's preCompressed. */
async function precompress(outDir: string): Promise<void> {
  const files = (await filesUnder(outDir)).filter(
    (file) => compressible.test(file) && !file.startsWith('.vite/') && !file.startsWith(`${SSR_DIR}/`),
  );
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(join(outDir, file));
      await writeFile(join(outDir, `${file}.gz`), gzipSync(content, { level: 9 }));
      await writeFile(
        join(outDir, `${file}.br`),
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }),
  );
}

/**
 * PERF-03 at build time: renders the public pages to HTML with the SSR build of
 * src/entry-server.tsx (kept in dist/.ssr/ for the server's finder page, PERF-05), keeps the empty
 * shell as app.html, fails the build when the home page's
 * first-load JavaScript passes the budget, and precompresses the output.
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'toque-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr) return;
      const root = config.root;
      const outDir = resolve(root, config.build.outDir);
      const ssrDir = join(outDir, SSR_DIR);
      const { build } = await import('vite');
      await build({
        root,
        mode: config.mode,
        logLevel: 'warn',
        build: {
          ssr: 'src/entry-server.tsx',
          outDir: ssrDir,
          emptyOutDir: true,
          copyPublicDir: false,
          manifest: false,
        },
        // Self-contained: the server imports it from wherever the build is (WEB_DIST), with no node_modules beside it.
        ssr: { noExternal: true },
      });
      const entry = pathToFileURL(join(ssrDir, 'entry-server.js')).href;
      // The page list comes from the SSR bundle: this config file cannot load the TS contracts package.
      const { render, prerenderedPages, finderPage } = (await import(`${entry}?build=${Date.now()}`)) as {
        render: (path: string) => Promise<string>;
        prerenderedPages: readonly PrerenderedPage[];
        finderPage: Omit<PrerenderedPage, 'path'>;
      };

      const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      await writeFile(join(outDir, SHELL_FILE), template);

      const preloadsOf = (path: string, preload: readonly string[]) => {
        const missing = preload.filter((key) => !manifest[key]);
        if (missing.length) throw new Error(`prerender ${path}: not in the build: ${missing.join(', ')}`);
        return staticClosure(manifest, preload).map((key) => `${config.base}${manifest[key]!.file}`);
      };
      for (const page of prerenderedPages) {
        const preloads = preloadsOf(page.path, page.preload);
        const html = injectPage(template, { path: page.path, rendered: await render(page.path), preloads });
        const file = join(outDir, outputFile(page.path));
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, html);
      }
      // The server renders the finder's page per request with this bundle (PERF-05), into a template
      // whose only script is the island (PERF-06); the app's chunks are its idle prefetch.
      const island = manifest[FINDER_ISLAND];
      if (!island) throw new Error(`prerender: ${FINDER_ISLAND} is not in the build`);
      const islandImports = staticClosure(manifest, [FINDER_ISLAND])
        .filter((key) => key !== FINDER_ISLAND)
        .map((key) => `${config.base}${manifest[key]!.file}`);
      const finderHtml = finderTemplate(template, `${config.base}${island.file}`, islandImports);
      await writeFile(join(ssrDir, FINDER_TEMPLATE), finderHtml);
      const finder = { preloads: preloadsOf('/t/:code', finderPage.preload) };
      await writeFile(join(ssrDir, 'finder.json'), JSON.stringify(finder, null, 2));

      const gzipped = (html: string) =>
        Promise.all(
          firstLoadFiles(html, manifest, config.base).map(async (file) => ({
            file,
            gzipBytes: gzipSync(await readFile(join(outDir, file)), { level: 9 }).length,
          })),
        );
      const home = await readFile(join(outDir, 'index.html'), 'utf8');
      const budget = checkBudget(await gzipped(home));
      await writeFile(join(outDir, '.vite/js-budget.json'), JSON.stringify(budget, null, 2));
      config.logger.info(`\n${budget.report}`);
      if (!budget.ok) throw new Error(budget.report);
      // PERF-06: what the finder page runs before the tap (its data-prefetch list is not run).
      const finderBudget = checkBudget(await gzipped(finderHtml), FINDER_JS_BUDGET_BYTES, 'PERF-06: finder page');
      await writeFile(join(outDir, '.vite/finder-js-budget.json'), JSON.stringify(finderBudget, null, 2));
      config.logger.info(`\n${finderBudget.report}`);
      if (!finderBudget.ok) throw new Error(finderBudget.report);

      // PERF-03: the account pages' first load (issue 35: login needs its form, not the dashboard).
      for (const { path } of prerenderedPages.filter((page) => page.account)) {
        const html = await readFile(join(outDir, outputFile(path)), 'utf8');
        const account = checkBudget(await gzipped(html), ACCOUNT_JS_BUDGET_BYTES, `PERF-03: ${path}`);
        config.logger.info(`\n${account.report.split('\n')[0]}`);
        if (!account.ok) throw new Error(account.report);
      }

      await precompress(outDir);
      config.logger.info(`prerendered ${prerenderedPages.length} pages; shell: ${SHELL_FILE}`);
    },
  };
}
