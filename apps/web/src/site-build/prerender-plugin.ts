import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';
import { injectPage, outputFile } from './html.ts';
import { checkBudget, firstLoadFiles, staticClosure, type Manifest } from './js-budget.ts';
import type { PrerenderedPage } from './pages.ts';

/** The empty app shell the server sends for every page that is not prerendered. */
export const SHELL_FILE = 'app.html';

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
  const files = (await filesUnder(outDir)).filter((file) => compressible.test(file) && !file.startsWith('.vite/'));
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
 * src/entry-server.tsx, keeps the empty shell as app.html, fails the build when the home page's
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
      const ssrDir = join(root, 'node_modules/.toque-prerender');
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
        ssr: { noExternal: ['@toque/contracts'] },
      });
      const entry = pathToFileURL(join(ssrDir, 'entry-server.js')).href;
      // The page list comes from the SSR bundle: this config file cannot load the TS contracts package.
      const { render, prerenderedPages } = (await import(`${entry}?build=${Date.now()}`)) as {
        render: (path: string) => Promise<string>;
        prerenderedPages: readonly PrerenderedPage[];
      };

      const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      await writeFile(join(outDir, SHELL_FILE), template);

      for (const page of prerenderedPages) {
        const missing = page.preload.filter((key) => !manifest[key]);
        if (missing.length) throw new Error(`prerender ${page.path}: not in the build: ${missing.join(', ')}`);
        const preloads = staticClosure(manifest, page.preload).map((key) => `${config.base}${manifest[key]!.file}`);
        const html = injectPage(template, { path: page.path, rendered: await render(page.path), preloads });
        const file = join(outDir, outputFile(page.path));
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, html);
      }
      await rm(ssrDir, { recursive: true, force: true });

      const home = await readFile(join(outDir, 'index.html'), 'utf8');
      const files = await Promise.all(
        firstLoadFiles(home, manifest, config.base).map(async (file) => ({
          file,
          gzipBytes: gzipSync(await readFile(join(outDir, file)), { level: 9 }).length,
        })),
      );
      const budget = checkBudget(files);
      await writeFile(join(outDir, '.vite/js-budget.json'), JSON.stringify(budget, null, 2));
      config.logger.info(`\n${budget.report}`);
      if (!budget.ok) throw new Error(budget.report);

      await precompress(outDir);
      config.logger.info(`prerendered ${prerenderedPages.length} pages; shell: ${SHELL_FILE}`);
    },
  };
}
