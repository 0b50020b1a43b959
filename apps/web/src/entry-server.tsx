import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { FinderSeed } from '@toque/contracts/finder-page';
import { AppRoutes } from './app/app-routes';
import { AppProvider } from './app/provider';
import { FinderSeedContext } from './features/finder/seed';
import { finderJson } from './site-build/finder-json';
import { injectPage } from './site-build/html';

export { finderPage, prerenderedPages } from './site-build/pages';
export { isInAppBrowser } from './features/finder/in-app-browser';

/**
 * One page to HTML, inside the same `AppProvider` + routes as the browser (main.tsx → App) with a
 * static router, so the client can hydrate it. Waits for lazy pages, so the HTML holds the whole page.
 * Run by the build for the public pages (PERF-03, site-build/prerender-plugin.ts) and by the server
 * for the finder's page, with the tag it found (PERF-05, server/src/plugins/finder-page.ts);
 * entry-server.test.tsx hydrates its output.
 */
export async function render(path: string, seed: FinderSeed | null = null): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <FinderSeedContext.Provider value={seed}>
        <AppProvider>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </FinderSeedContext.Provider>
    </StrictMode>,
    // Whole pages inline: a large boundary would otherwise be sent apart and revealed by an inline
    // script, which the CSP (script-src 'self') blocks.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/**
 * The finder page's template (dist/.ssr/finder.html: the build's page with the island as its only
 * script, PERF-06) and the app's chunks the island prefetches: what the server pours each finder page into.
 */
export interface FinderShell {
  template: string;
  preloads: readonly string[];
}

/**
 * PERF-05: the whole HTML of /t/{code} for the tag the server found — the page rendered, its
 * island (PERF-06) with the app's chunks to prefetch while idle, and the seed as a JSON data block the client hydrates from (with the
 * finder's language, which `<html lang>` says too: FIND-03).
 */
export async function renderFinderPage(shell: FinderShell, path: string, seed: FinderSeed): Promise<string> {
  const html = injectPage(shell.template, {
    path,
    rendered: await render(path, seed),
    preloads: shell.preloads,
    // PERF-06: the island fetches the app's chunks while idle and runs them on the tap.
    preloadAttribute: 'data-prefetch',
  });
  // FIND-03: the page's language is the finder's.
  // Replacer functions: the seed holds the owner's and the units' text, which a replacement string
  // would read as `$` patterns (SEC-04).
  // REL-06: a page rendered while the database was away says it is trying again, and does — without
  // any script (an old phone, the island not loaded yet): the browser asks for it again after Retry-After.
  const retry = seed.error?.status === 503 ? `<meta http-equiv="refresh" content="${Math.max(1, Math.round(seed.error.retryAfterS ?? 5))}">` : '';
  return html
    .replace('</head>', () => `${retry}</head>`)
    .replace(/<html lang="[^"]*">/, () => `<html lang="${seed.lang}">`)
    .replace('</body>', () => `${finderJson(seed)}\n  </body>`);
}
