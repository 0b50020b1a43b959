import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/app-routes';
import { AppProvider } from './app/provider';

export { prerenderedPages } from './site-build/pages';

/**
 * Build-time rendering of one public page to HTML (PERF-03; run by site-build/prerender-plugin.ts,
 * never by the server; entry-server.test.tsx hydrates its output). Waits for lazy pages, so the HTML holds the whole page. The tree is the
 * browser's (main.tsx → App) with a static router, so the client can hydrate it.
 */
export async function render(path: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    // Whole pages inline: a large boundary would otherwise be sent apart and revealed by an inline
    // script, which the CSP (script-src 'self') blocks.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
