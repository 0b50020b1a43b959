import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/app-routes';
import { AppProvider } from './app/provider';

export { prerenderedPages } from './site-build/pages';

/**
 * Build-time rendering of one public page to HTML (PERF-03; run by site-build/prerender-plugin.ts,
 * never by the server). Waits for lazy pages, so the HTML holds the whole page. The tree is the
 * browser's (main.tsx → App) with a static router, so the client can hydrate it.
 */
export async function render(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
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
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}
