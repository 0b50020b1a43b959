import type { Root } from 'react-dom/client';
import * as router from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from './entry-server';
import { callUi } from '@toque/contracts/call-ui';
import type { FinderSeed } from '@toque/contracts/finder-page';
import { finderText, type FinderLang } from '@toque/contracts/finder-text';
import { callMsg } from '@toque/contracts/messages';
import { finderJson } from './site-build/finder-json';
import { splitHoisted } from './site-build/html';
import { CONDOMINIUM_PRODUCT_ID } from '@toque/contracts/constants';

type ContextSlot = Record<string, unknown>;

/** Where React keeps a context's current value and (in development) which renderer set it. */
const slots = ['_currentValue', '_currentValue2', '_currentRenderer', '_currentRenderer2'];

/** React Router's contexts (e.g. the location), as React stores their current value. */
const routerContexts: ContextSlot[] = (Object.values(router) as unknown[]).filter(
  (value): value is ContextSlot =>
    typeof value === 'object' &&
    value !== null &&
    (value as { $$typeof?: symbol }).$$typeof === Symbol.for('react.context'),
);

let unmount: (() => void) | undefined;

// React's act() needs to know it runs in a test (Testing Library's render would say so itself).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  unmount?.();
  unmount = undefined;
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/**
 * The build's render. The server renderer leaves its last context values behind (e.g. the
 * router's location) — harmless in the build's own Node process, but here the browser renders next
 * in the same one, so they are put back as a fresh browser would have them.
 */
async function prerendered(path: string, seed: FinderSeed | null = null): Promise<string> {
  const saved = routerContexts.map((context) => slots.map((slot) => context[slot]));
  const html = await render(path, seed);
  routerContexts.forEach((context, index) => slots.forEach((slot, at) => (context[slot] = saved[index]![at])));
  return splitHoisted(html).body;
}

/**
 * React's development build reports every difference between the prerendered HTML and the first
 * client render (text, attributes, ids) with console.error, and a recoverable error when it has to
 * throw the HTML away. Neither may happen. Returns the hydrated page.
 */
async function hydrates(path: string, seed: FinderSeed | null = null): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.innerHTML = await prerendered(path, seed);
  document.body.append(container);
  // The server's finder page carries its seed as a JSON data block beside #root (PERF-05).
  if (seed) container.insertAdjacentHTML('afterend', finderJson(seed));
  const heading = container.querySelector('h1')?.textContent;
  window.history.replaceState(null, '', path);

  const [{ act, createElement, StrictMode }, { hydrateRoot }, { App }] = await Promise.all([
    import('react'),
    import('react-dom/client'),
    import('./app/app'),
  ]);
  expect(routerContexts.length).toBeGreaterThan(0);
  const errors = vi.spyOn(console, 'error');
  const recoverable: unknown[] = [];
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, createElement(StrictMode, null, createElement(App)), {
      onRecoverableError: (error) => recoverable.push(error),
    });
  });
  unmount = () => act(() => root?.unmount());
  // The lazy chunks arrive and the page's boundary hydrates: React has claimed the page's heading.
  const hydrated = () =>
    Object.keys(container.querySelector('main h1') ?? {}).some((key) => key.startsWith('__reactFiber$'));
  await vi.waitFor(() => expect(hydrated()).toBe(true), { timeout: 5000 });

  expect(recoverable).toEqual([]);
  // Only this test runs both renderers in one process; the build renders in its own.
  const sameProcessArtifact = /multiple renderers concurrently rendering the same context provider/;
  expect(
    errors.mock.calls.map((call) => String(call[0])).filter((message) => !sameProcessArtifact.test(message)),
  ).toEqual([]);
  expect(heading).toBeTruthy();
  expect(container.querySelector('h1')?.textContent).toBe(heading);
  return container;
}

describe('prerendered pages', () => {
  it.each([
    '/',
    '/pulseiras',
    '/campainhas',
    '/manual-do-usuario',
    '/politica-de-privacidade',
    '/landing-page',
    '/coming-soon',
    '/login',
    '/sign-up',
  ])('[PERF-03] %s hydrates its prerendered HTML without a mismatch', async (path) => {
    await hydrates(path);
  });

  // AUTH-03 / AUTH-07: text typed before the app has the form would be lost when it takes the
  // fields, and a submit then would be the browser's GET, the password in the address.
  it.each(['/login', '/sign-up'])(
    '[PERF-03] [AUTH-07] the form of %s takes no input in its prerendered HTML, and all of it once hydrated',
    async (path) => {
      const controls = (root: ParentNode) => [...root.querySelectorAll<HTMLInputElement | HTMLButtonElement>('form input, form button')];
      const html = document.createElement('div');
      html.innerHTML = await prerendered(path);
      expect(controls(html).length).toBeGreaterThan(2);
      expect(controls(html).filter((control) => !control.disabled).map((control) => control.outerHTML)).toEqual([]);
      const page = await hydrates(path);
      await vi.waitFor(() =>
        expect(controls(page).filter((control) => control.disabled).map((control) => control.outerHTML)).toEqual([]),
      );
    },
  );
});

describe("the finder's page rendered by the server (PERF-05)", () => {
  const tag = {
    code: 'ABCD2345',
    state: 'active' as const,
    product_id: 3,
    type: 'Pet',
    name: '</script><b>Rex</b>',
    owner_first_name: 'Joana',
    important_info: 'Alérgico a frango',
    units: [],
  };
  const plate = {
    ...tag,
    code: 'PLACA234',
    product_id: CONDOMINIUM_PRODUCT_ID,
    type: 'Condomínio',
    name: 'Edifício Ipê',
    owner_first_name: '',
    units: [
      { unit_id: 11, name: '101', block: null, reachable: true },
      { unit_id: 12, name: '102', block: null, reachable: false },
      { unit_id: 13, name: callMsg.temporaryUnit, block: null, reachable: true, temporary: true },
    ],
  };

  it.each<[string, FinderSeed, boolean]>([
    ['an active tag', { code: 'abcd2345', inApp: false, lang: 'pt-BR', tag }, true],
    ['a condominium plate', { code: 'PLACA234', inApp: false, lang: 'pt-BR', tag: plate }, true],
    [
      'a condominium plate with blocks',
      {
        code: 'PLACA234',
        inApp: false,
        lang: 'pt-BR',
        tag: {
          ...plate,
          units: [
            { unit_id: 11, name: '101', block: 'Bloco A', reachable: true },
            { unit_id: 12, name: '101', block: 'Bloco B', reachable: true },
            { unit_id: 13, name: '102', block: 'Bloco B', reachable: false },
          ],
        },
      },
      true,
    ],
    ['an app webview', { code: 'webv2345', inApp: true, lang: 'pt-BR', tag: { ...tag, code: 'WEBV2345' } }, false],
    [
      'an inactive tag',
      { code: 'INAT2345', inApp: false, lang: 'pt-BR', tag: { ...tag, code: 'INAT2345', state: 'inactive', name: '' } },
      false,
    ],
    [
      'an unknown tag',
      { code: 'NONE2345', inApp: false, lang: 'pt-BR', error: { status: 404, message: callMsg.tagNotFound } },
      false,
    ],
  ])(
    '[PERF-05] [CALL-01] %s hydrates from its seed: no mismatch, no request for the tag',
    async (_, seed, callable) => {
      const fetch = vi.fn((url: string, _init?: RequestInit) => Promise.reject(new Error(`no request expected: ${url}`)));
      vi.stubGlobal('fetch', fetch);
      const container = await hydrates(`/t/${seed.code}`, seed);
      // Where there is a call button, it is React's now: a tap reaches the call code.
      const callWords = seed.tag?.product_id === CONDOMINIUM_PRODUCT_ID ? callUi.finder.callUnit : callUi.finder.call;
      const button = [...container.querySelectorAll('button')].find((b) => b.textContent === callWords);
      expect(Object.keys(button ?? {}).some((key) => key.startsWith('__reactProps$'))).toBe(callable);
      // The page's scan report (FIND-01, a POST) is not a request for the tag.
      const reads = fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET');
      expect(reads.map(([url]) => url).filter((url) => url.includes('/public/tags'))).toEqual([]);
      vi.unstubAllGlobals();
    },
  );

  it.each<[string, FinderLang, FinderSeed['tag'] | undefined]>([
    ['an active tag in English', 'en', tag],
    ['a condominium plate in Spanish', 'es', plate],
    ['an unknown tag in English', 'en', undefined],
  ])(
    '[FIND-03] [FIND-05] [PERF-05] %s hydrates in the language it was rendered in, and the switch changes every text',
    async (_, lang, found) => {
      vi.stubGlobal('fetch', vi.fn((url: string) => Promise.reject(new Error(`no request expected: ${url}`))));
      const code = found?.code ?? 'NONE2345';
      const seed: FinderSeed = found
        ? { code, inApp: false, lang, tag: found }
        : { code, inApp: false, lang, error: { status: 404, message: callMsg.tagNotFound } };
      const t = finderText[lang];
      const container = await hydrates(`/t/${code}`, seed);
      // FIND-05: a plate greets the visitor at the building's entrance; its units' placeholders are translated.
      const heading = found ? (found.product_id === CONDOMINIUM_PRODUCT_ID ? t.plateHeading(found.name) : t.heading) : t.server.tagNotFound;
      expect(container.querySelector('h1')?.textContent).toBe(heading);
      expect(document.documentElement.lang).toBe(lang);
      if (found?.units.length) {
        expect(container.textContent).toContain(t.chooseUnit);
        expect(container.textContent).toContain(t.callUnit);
        expect(container.textContent).toContain(t.temporaryUnit);
        expect(container.textContent).not.toContain(callMsg.temporaryUnit);
      } else if (found) expect(container.textContent).toContain(t.call);
      // FIND-05: the page's own header and footer speak the finder's language too.
      expect(container.querySelector('header a[href="/"]')?.getAttribute('aria-label')).toBe(t.site.homeLink);
      expect(container.querySelector('footer')?.textContent).toContain(t.site.privacy);

      const { act } = await import('react');
      const portuguese = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Português')!;
      expect(portuguese.getAttribute('aria-pressed')).toBe('false');
      await act(async () => portuguese.click());
      expect(portuguese.getAttribute('aria-pressed')).toBe('true');
      const portugueseHeading = found?.product_id === CONDOMINIUM_PRODUCT_ID ? callUi.finder.plateHeading(found.name) : callUi.finder.heading;
      expect(container.querySelector('h1')?.textContent).toBe(found ? portugueseHeading : callMsg.tagNotFound);
      expect(container.querySelector('footer')?.textContent).toContain(finderText['pt-BR'].site.privacy);
      expect(document.documentElement.lang).toBe('pt-BR');
      expect(document.cookie).toContain('toque_finder_lang=pt-BR');
      vi.unstubAllGlobals();
    },
  );
});
