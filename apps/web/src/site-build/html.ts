/**
 * Pure HTML plumbing of the prerender (PERF-03): split React's output into head and body, and pour
 * both into the client build's index.html.
 *
 * SEC-04: the page holds user text (a tag's or a unit's name), so every `replace` here passes a
 * function: a replacement *string* would read `$\``, `$'`, `$&` and `$$` in that text as patterns
 * (a second doctype, a broken data block). eslint.config.js refuses the string form in apps/.
 */

/** React 19 emits hoisted <title>, <meta> and <link> (e.g. an image preload) before the markup. */
const hoisted = /^\s*(<title>[\s\S]*?<\/title>|<meta\b[^>]*>|<link\b[^>]*>)/;

export function splitHoisted(rendered: string): { head: string[]; body: string } {
  const head: string[] = [];
  let body = rendered;
  for (let match = hoisted.exec(body); match; match = hoisted.exec(body)) {
    head.push(match[1]!);
    body = body.slice(match[0].length);
  }
  return { head, body };
}

export interface PageHtml {
  /** The page's path, written on #root so the client knows what it is hydrating. */
  path: string;
  /** React's output for the page. */
  rendered: string;
  /** Script URLs of the page's chunks, preloaded together so hydration does not wait for a chain of lazy chunks. */
  preloads: readonly string[];
  /**
   * Where #root lists them: `data-preload` (main.tsx fetches and runs them after the first paint) or,
   * for the finder page, `data-prefetch` (its island fetches them while idle and runs them on the tap, PERF-06).
   */
  preloadAttribute?: 'data-preload' | 'data-prefetch';
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

export function injectPage(template: string, page: PageHtml): string {
  const { head, body } = splitHoisted(page.rendered);
  // The server's CSP (script-src 'self') would block an inline script: fail the build instead.
  if (/<script(?![^>]*\bsrc=)[^>]*>/.test(body)) throw new Error(`prerender ${page.path}: inline <script> in the page`);
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error(`index.html has no ${root}`);
  let html = template;
  // The page's own title and description replace the template's.
  if (head.some((tag) => tag.startsWith('<title>'))) html = html.replace(/<title>[\s\S]*?<\/title>\s*/, '');
  if (head.some((tag) => /^<meta\b[^>]*name="description"/.test(tag))) {
    html = html.replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/, '');
  }
  // The page is already in the HTML: its scripts only make it interactive. They are fetched after
  // the first paint (main.tsx reads data-preload), so they never compete with it.
  html = html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
  html = html.replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`);
  const preload = page.preloads.filter((href) => !html.includes(`"${href}"`)).join(' ');
  const list = page.preloadAttribute ?? 'data-preload';
  const attributes = `data-prerendered="${escapeAttribute(page.path)}"${preload ? ` ${list}="${escapeAttribute(preload)}"` : ''}`;
  return html.replace(root, () => `<div id="root" ${attributes}>${body}</div>`);
}

/** Where a page's HTML goes in dist: / → index.html, /pulseiras → pulseiras/index.html. */
export function outputFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.replace(/^\/+|\/+$/g, '')}/index.html`;
}

const moduleScript = /\s*<script type="module"[^>]*><\/script>/g;
const modulePreload = /\s*<link rel="modulepreload"[^>]*>/g;

/**
 * PERF-06: the finder page's template — the build's page without the app's scripts (main.tsx and
 * its preloads), with the island's instead: the only JavaScript the page runs before the tap.
 */
export function finderTemplate(template: string, island: string, imports: readonly string[]): string {
  const scripts = [
    `<script type="module" crossorigin src="${island}"></script>`,
    ...imports.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ];
  const html = template.replace(moduleScript, '').replace(modulePreload, '');
  return html.replace('</head>', () => `  ${scripts.join('\n    ')}\n  </head>`);
}
