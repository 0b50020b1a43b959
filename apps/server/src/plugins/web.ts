import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { apiMsg } from '@toque/contracts/messages';
import { isClientRoute } from '@toque/contracts/routes';
import type { PublicTag } from '@toque/contracts/calls';
import { finderPagePlugin, loadFinderRenderer } from './finder-page';

/** The empty app shell the web build writes next to its prerendered pages (PERF-03). */
const SHELL = 'app.html';

/** URL paths of the prerendered public pages: every dist/<path>/index.html (the build's prerender). */
function prerenderedPaths(distDir: string, prefix = ''): string[] {
  return readdirSync(join(distDir, prefix), { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'assets' && entry.name !== 'images',
    )
    .flatMap((entry) => {
      const path = `${prefix}/${entry.name}`;
      const own = existsSync(join(distDir, path, 'index.html')) ? [path] : [];
      return [...own, ...prerenderedPaths(distDir, path)];
    });
}

/**
 * Serves the built web app. A public page prerendered at build time gets its own HTML
 * (dist/<path>/index.html, dist/index.html for /); every other page gets the app shell, which
 * renders it; a path that is no page of the app gets the shell too, with HTTP 404, and the app
 * renders its 404 page (SEC-06). The finder's page /t/{code} is rendered per request
 * (finder-page.ts, PERF-05); dist/.ssr and dist/.vite are never served. Unknown API paths get a JSON 404. Text files go out brotli- or
 * gzip-compressed from the siblings the build wrote (preCompressed).
 */
export const webPlugin = fp<{
  distDir: string | undefined;
  /** The finder's view of a tag (GET /api/public/tags/:code's), for the page /t/{code} (PERF-05). */
  publicTag: (code: string) => Promise<PublicTag>;
}>(async (app, { distDir, publicTag }) => {
  const index = distDir ? join(distDir, 'index.html') : undefined;
  const hasWeb = !!index && existsSync(index);
  const pages = new Set(hasWeb && distDir ? prerenderedPaths(distDir) : []);
  const shell = hasWeb && distDir && existsSync(join(distDir, SHELL)) ? SHELL : 'index.html';
  if (hasWeb && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, path) {
        if (path.includes(`${join('assets', '')}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  // PERF-05: the finder's page is rendered per request when the build brought its server render.
  const finder = hasWeb && distDir ? await loadFinderRenderer(distDir) : undefined;
  if (finder) await app.register(finderPagePlugin, { renderer: finder, shell, publicTag });

  function htmlFor(path: string): string {
    const page = path.replace(/\/+$/, '');
    if (page === '') return 'index.html';
    return pages.has(page) ? `${page.slice(1)}/index.html` : shell;
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io');
    // A missing file (an old hashed chunk after a deploy) is a 404, not the app's HTML: a browser
    // would otherwise try to run HTML as a script.
    const isFile = path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path);
    if (!isApi && !isFile && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply
        .status(isClientRoute(path) ? 200 : 404)
        .type('text/html')
        .header('cache-control', 'no-cache')
        .sendFile(htmlFor(path));
    }
    return reply.status(404).send({ message: apiMsg.routeNotFound });
  });
});
