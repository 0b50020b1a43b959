import type { BrowserContext, Page } from '@playwright/test';

/**
 * A console message that is the browser's, not the app's: Chromium logs every HTTP error answer
 * the app asked for and handled (a 401 for a wrong password, a 404 for an unknown code) as
 * "Failed to load resource". Only client errors are forgiven; a 5xx is still a failure.
 */
function isHandledHttpError(text: string): boolean {
  return /^Failed to load resource: the server responded with a status of 4\d\d/.test(text);
}

/** A transparent 1×1 PNG: the map's tiles in a test, which has no internet to fetch a tile server's. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The geocoder is unreachable in the tests (support/limits.ts): its 502 is the handled 'Erro ao carregar endereço'. */
export const GEOCODER_DOWN = /status of 502 .*\/api\/geocode\/reverse/;

/** Chromium in a test profile refuses Web Push subscriptions and says so on the console itself; the app catches it. */
export const PUSH_IN_INCOGNITO = /does not support the Push API in incognito mode/;

/**
 * Runs in every document before the page's own scripts, in any engine: a Content-Security-Policy
 * violation (a blocked eval, an inline script, a foreign origin) becomes a console error, which the
 * console guard turns into a failed test.
 */
export function reportCspViolations() {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error(
      `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
    );
  });
}

/** Listens to every page of `context`, present and future: console errors, uncaught errors and CSP violations. */
export async function watchContext(context: BrowserContext, errors: string[], allowed: readonly RegExp[] = []) {
  // The suite's tile server (E2E_TILE_URL), and OpenStreetMap's, the development default a server started without it uses.
  await context.route(/^https:\/\/(tiles\.toque\.test|([a-c]\.)?tile\.openstreetmap\.org)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
  );
  await context.addInitScript(reportCspViolations);
  const watch = (page: Page) => {
    page.on('pageerror', (e) => errors.push(`pageerror on ${page.url()}: ${e.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = `${message.text()} (${message.location().url})`;
      if (isHandledHttpError(text) || allowed.some((pattern) => pattern.test(text))) return;
      errors.push(`console.error on ${page.url()}: ${text}`);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
}

/** Uncaught errors of one page, for a test that asserts them itself. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}
