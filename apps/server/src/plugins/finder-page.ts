import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fp from 'fastify-plugin';
import type { PublicTag } from '@toque/contracts/calls';
import type { FinderSeed } from '@toque/contracts/finder-page';
import { finderLangFromCookie, pickFinderLang } from '@toque/contracts/finder-text';
import { apiMsg, callMsg, tooManyAttemptsMessage } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { DATABASE_RETRY_AFTER_S, HttpError, NotFound, ServiceUnavailable } from '../errors';
import { isDatabaseUnavailable } from '../lib/pg-errors';
import { isTagCodeShape } from '../lib/codes';
import { openGraphTags } from '../lib/open-graph';
import { clientAddress } from './rate-limit';

/** Where the web build leaves its server render (apps/web/src/site-build/prerender-plugin.ts). */
const SSR_DIR = '.ssr';

/** What the server needs of the web build's server bundle (apps/web/src/entry-server.tsx). */
interface ServerBundle {
  renderFinderPage(
    shell: { template: string; preloads: readonly string[] },
    path: string,
    seed: FinderSeed,
  ): Promise<string>;
  isInAppBrowser(userAgent: string): boolean;
}

export interface FinderPageRenderer {
  render(path: string, seed: FinderSeed): Promise<string>;
  isInAppBrowser(userAgent: string): boolean;
}

/**
 * The web build's render of the finder's page, loaded once at start; `undefined` when the build
 * has none (no web build, or one made before PERF-05): the page is then the app shell's.
 */
export async function loadFinderRenderer(distDir: string): Promise<FinderPageRenderer | undefined> {
  const entry = join(distDir, SSR_DIR, 'entry-server.js');
  const finder = join(distDir, SSR_DIR, 'finder.json');
  if (!existsSync(entry) || !existsSync(finder)) return undefined;
  const bundle = (await import(pathToFileURL(entry).href)) as ServerBundle;
  // PERF-06: the finder page's own template (its island, not the app's scripts); app.html in a build before it.
  const template = join(distDir, SSR_DIR, 'finder.html');
  const shell = {
    template: readFileSync(existsSync(template) ? template : join(distDir, 'app.html'), 'utf8'),
    preloads: (JSON.parse(readFileSync(finder, 'utf8')) as { preloads: string[] }).preloads,
  };
  return {
    render: (path, seed) => bundle.renderFinderPage(shell, path, seed),
    isInAppBrowser: (userAgent) => bundle.isInAppBrowser(userAgent),
  };
}

/**
 * PERF-05: /t/{code} — the page a stranger opens from a printed tag — is rendered here, per request,
 * by the same React components the browser then hydrates, with the tag from the same code as
 * GET /api/public/tags/:code, so its first HTML already shows what was found and the call button.
 *
 * - It is a view of the tag like the API's: it counts against the same per-address limit (SEC-05),
 *   and over it the page says so (429 with `Retry-After`), it is not an error page.
 * - A code that cannot be one is unknown before the database is asked; unknown is a 404 page;
 *   an unclaimed tag sends its first scanner to claim it (303 to onboarding).
 * - Never cached (`no-store`): the owner can switch the tag off at any moment.
 * - A render that fails leaves the page to the browser: the app shell, which asks the API.
 * - FIND-03: in the finder's language — the switch's session cookie, else `Accept-Language` — so the
 *   page is hydrated in the language it was rendered in (`Vary` says the page depends on both).
 */
export const finderPagePlugin = fp<{
  renderer: FinderPageRenderer;
  shell: string;
  publicTag: (code: string) => Promise<PublicTag>;
}>(async (app, { renderer, shell, publicTag }) => {
  app.get<{ Params: { code: string } }>('/t/:code', async (request, reply) => {
    const { code } = request.params;
    const path = request.url.split('?')[0] ?? paths.finder(code);
    const inApp = renderer.isInAppBrowser(request.headers['user-agent'] ?? '');
    const lang = finderLangFromCookie(request.headers.cookie) ?? pickFinderLang(request.headers['accept-language']);
    let seed: FinderSeed;
    try {
      await app.limits.consume('tagViewPerAddress', clientAddress(request));
      if (!isTagCodeShape(code)) throw new NotFound(callMsg.tagNotFound);
      const tag = await publicTag(code);
      if (tag.state === 'unclaimed')
        return reply.header('cache-control', 'no-store').redirect(paths.onboarding(tag.code), 303);
      seed = { code, inApp, lang, tag };
    } catch (caught) {
      // REL-06: the database does not answer — the page says it is trying again (and does), never an error page.
      const err = isDatabaseUnavailable(caught) ? new ServiceUnavailable(DATABASE_RETRY_AFTER_S, apiMsg.databaseUnavailable) : caught;
      if (!(err instanceof HttpError) || (err.statusCode !== 404 && err.statusCode !== 429 && err.statusCode !== 503)) throw err;
      const { statusCode: status, retryAfterS } = err;
      if (retryAfterS) reply.header('retry-after', String(retryAfterS));
      reply.status(status);
      seed = {
        code,
        inApp,
        lang,
        error: {
          status,
          message: status === 429 ? tooManyAttemptsMessage(retryAfterS) : err.message,
          ...(retryAfterS ? { retryAfterS } : {}),
        },
      };
    }
    reply.header('cache-control', 'no-store').header('vary', 'Accept-Language, Cookie');
    let html: string;
    try {
      html = await renderer.render(path, seed);
      // FIND-10: a lost tag's page carries its Open Graph tags in the head, for the link its owner shares.
      const og = seed.tag ? openGraphTags(seed.tag, app.config.publicUrl) : '';
      if (og) html = html.replace('</head>', () => `  ${og}\n  </head>`);
    } catch (err) {
      request.log.error({ err }, 'finder page: server render failed, sending the app shell');
      return reply.status(200).type('text/html').sendFile(shell);
    }
    return reply.type('text/html; charset=utf-8').send(html);
  });
});
