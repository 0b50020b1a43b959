import { describe, expect, it } from 'vitest';
import { finderTemplate, injectPage, outputFile, splitHoisted } from './html';

const template = `<!doctype html>
<html lang="pt-BR">
  <head>
    <title>Toque</title>
    <meta
      name="description"
      content="Genérica"
    />
    <script type="module" crossorigin src="/assets/index-a.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('prerender HTML', () => {
  it('[PERF-03] moves the hoisted title and description into the head; lists the chunks to preload after the paint', () => {
    const rendered =
      '<link rel="preload" as="image" href="/images/a.svg" fetchPriority="high"/><title>Pulseiras | Toque</title>' +
      '<meta name="description" content="Para pessoas"/><div class="page"><h1>Pulseiras</h1></div>';
    expect(splitHoisted(rendered).body).toBe('<div class="page"><h1>Pulseiras</h1></div>');

    const preloads = ['/assets/product-page-b.js', '/assets/index-a.js'];
    const html = injectPage(template, { path: '/pulseiras', rendered, preloads });
    expect(html.match(/index-a\.js/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Pulseiras | Toque</title>');
    expect(html).not.toContain('Genérica');
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js">');
    expect(html).toContain(
      '<div id="root" data-prerendered="/pulseiras" data-preload="/assets/product-page-b.js"><div class="page"><h1>Pulseiras</h1></div></div>',
    );
    expect(html.indexOf('/images/a.svg')).toBeLessThan(html.indexOf('</head>'));
  });

  it('keeps the template title when the page has none', () => {
    const html = injectPage(template, { path: '/', rendered: '<p>oi</p>', preloads: [] });
    expect(html).toContain('<title>Toque</title>');
    expect(html).toContain('content="Genérica"');
  });

  it('[SEC-04] refuses a page with an inline script (the CSP would block it)', () => {
    const rendered = '<div><template id="B:0"></template><script>$RC("B:0")</script></div>';
    expect(() => injectPage(template, { path: '/', rendered, preloads: [] })).toThrow(/inline <script>/);
  });

  it("[SEC-04] [CONDO-13] a page's text holding $`, $', $& or $$ is poured in as written: one doctype, the text intact", () => {
    // String.prototype.replace reads these in a replacement string: $` is the text before the match
    // (a second doctype), $' the text after it, $& the match, $$ a lone $.
    const name = "Apto $` $' $& $$ $1";
    const rendered = `<title>${name} | Toque</title><main><h1>${name}</h1></main>`;
    const html = injectPage(template, { path: `/t/X$&Y`, rendered, preloads: [`/assets/a$'.js`] });
    expect(html.match(/<!doctype html>/gi)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<div id="root"/g)).toHaveLength(1);
    expect(html).toContain(`<title>${name} | Toque</title>`);
    expect(html).toContain(`<div id="root" data-prerendered="/t/X$&amp;Y" data-preload="/assets/a$'.js"><main><h1>${name}</h1></main></div>`);
    const finder = finderTemplate(template, "/assets/finder-$'.js", ['/assets/facts-$`.js']);
    expect(finder.match(/<!doctype html>/gi)).toHaveLength(1);
    expect(finder).toContain(`<script type="module" crossorigin src="/assets/finder-$'.js"></script>`);
    expect(finder).toContain('<link rel="modulepreload" crossorigin href="/assets/facts-$`.js">');
  });

  it('writes each page to its folder', () => {
    expect(outputFile('/')).toBe('index.html');
    expect(outputFile('/manual-do-usuario')).toBe('manual-do-usuario/index.html');
  });

  it("[PERF-06] the finder page's template runs only the island; the app's chunks are listed to prefetch, not to run", () => {
    const built = template.replace(
      '</head>',
      '  <link rel="modulepreload" crossorigin href="/assets/react-2.js">\n  </head>',
    );
    const finder = finderTemplate(built, '/assets/finder-island-c.js', ['/assets/facts-d.js']);
    expect(finder).not.toContain('index-a.js');
    expect(finder).not.toContain('react-2.js');
    expect(finder).toContain('<script type="module" crossorigin src="/assets/finder-island-c.js"></script>');
    expect(finder).toContain('<link rel="modulepreload" crossorigin href="/assets/facts-d.js">');
    const html = injectPage(finder, {
      path: '/t/ABCD2345',
      rendered: '<main>Rex</main>',
      preloads: ['/assets/boot-e.js'],
      preloadAttribute: 'data-prefetch',
    });
    expect(html).toContain('data-prefetch="/assets/boot-e.js"');
    expect(html).not.toContain('data-preload');
  });
});
