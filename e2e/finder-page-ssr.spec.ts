import type { Page } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import { FINDER_DATA_ID } from '@toque/contracts/finder-page';
import { callMsg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { callsApi } from '@toque/contracts/calls';
import { expect, ownedTag, recordApiRequests, test, toque } from './support';
import { shootBothSizes, viewports } from './support/shots';

/** console.error lines of the page (the `test` fixture fails on uncaught errors). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Whether React has taken over the element (hydration attached its props). */
const hydrated = (page: Page, selector: string) =>
  page.evaluate(
    (s) => Object.keys(document.querySelector(s) ?? {}).some((key) => key.startsWith('__reactProps$')),
    selector,
  );

/** PERF-06: React runs on the first tap; the language already chosen is a tap that changes nothing. */
async function tapLanguage(page: Page) {
  const current = page.getByRole('group', { name: callUi.finder.language }).getByRole('button', { name: 'Português' });
  await expect(current).toBeEnabled();
  await current.click();
}

/** The page's cumulative layout shift so far (CLS), from the browser's own layout-shift entries. */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 200);
      }),
  );

test('[PERF-05] [CALL-01] [CALL-02] the first HTML of /t/{code}, before any JavaScript, shows what was found and the call button', async ({
  browser,
  request,
}) => {
  const { code } = await ownedTag(request, 3, { name: 'Coleira do Rex', importantInfo: 'Tem alergia a frango' });

  const res = await request.get(paths.finder(code));
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-store');
  const html = await res.text();
  for (const text of [
    'Coleira do Rex',
    'Tem alergia a frango',
    callUi.finder.heading,
    `>${callUi.finder.call}</button>`,
  ]) {
    expect(html).toContain(text);
  }
  expect(html).toContain(`<script type="application/json" id="${FINDER_DATA_ID}">`);

  // A browser with JavaScript off sees the same.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(paths.finder(code));
  await expect(page.getByRole('heading', { name: callUi.finder.heading })).toBeVisible();
  await expect(page.getByText('Coleira do Rex')).toBeVisible();
  await expect(page.getByText('Tem alergia a frango')).toBeVisible();
  await expect(page.getByText(callUi.finder.ownerIs('Maria'), { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: callUi.finder.call })).toBeVisible();
  await context.close();
});

test("[PERF-05] [PERF-06] [CALL-01] [CALL-02] the island makes the server's page callable before React runs; the tap hydrates it: no console error, no layout shift, no second request for the tag", async ({
  page,
  request,
}) => {
  const { code } = await ownedTag(request, 3, { name: 'Coleira do Rex', importantInfo: 'Tem alergia a frango' });
  const errors = consoleErrors(page);
  const tagRequests = recordApiRequests(page, callsApi.publicTag(''));
  await page.setViewportSize(viewports.phone);
  await page.goto(paths.finder(code));
  const call = page.getByRole('button', { name: callUi.finder.call });
  await expect(call).toBeVisible();
  // PERF-06: the island enables the button; React has not taken the page over before the tap.
  await expect(call).toBeEnabled();
  expect(await hydrated(page, 'main button.w-full')).toBe(false);
  expect(await layoutShift(page)).toBe(0);
  await shootBothSizes(page, 'finder-active');

  // Callable: the tap starts the call (the fake camera of the test browser answers).
  await call.click();
  await expect(page.getByText(callUi.finder.ringing('Maria'))).toBeVisible();
  // The tap ran the app: React hydrated the server's page and took the call over. The island says
  // "Chamando" as soon as the call is made (docs/decisions/0037, addendum 5), so the app comes after it.
  await expect.poll(() => hydrated(page, 'main'), { timeout: 30_000 }).toBe(true);
  await page.getByRole('button', { name: callUi.finder.hangUp }).click();
  await expect(page.getByText(callUi.finder.ended)).toBeVisible();

  // Reads of the tag; the page's scan report (FIND-01) is a POST of its own.
  expect(tagRequests.filter((r) => r.method() === 'GET').map((r) => r.url())).toEqual([]);
  expect(tagRequests.map((r) => `${r.method()} ${new URL(r.url()).pathname}`)).toEqual([`POST /api/public/tags/${code}/scan`]);
  expect(errors).toEqual([]);
});

test('[PERF-05] [PERF-06] [CALL-01] [ADM-06] inactive and unknown tags are rendered by the server too, and hydrate without an error on the first tap', async ({
  page,
  request,
}) => {
  const { code } = await ownedTag(request, 2, { name: 'Casa da praia' });
  toque('set-active', code, 'off');
  const errors = consoleErrors(page);
  const tagRequests = recordApiRequests(page, callsApi.publicTag(''));

  const inactive = await request.get(paths.finder(code));
  expect([inactive.status(), await inactive.text()]).toEqual([200, expect.stringContaining(callMsg.inactive)]);
  await page.goto(paths.finder(code));
  await expect(page.getByRole('heading', { name: callMsg.inactive })).toBeVisible();
  await tapLanguage(page);
  await expect.poll(() => hydrated(page, 'main a, header a')).toBe(true);
  await shootBothSizes(page, 'finder-inactive');

  const unknown = await request.get(paths.finder('ZZZZZZZ2'));
  expect([unknown.status(), await unknown.text()]).toEqual([404, expect.stringContaining(callMsg.tagNotFound)]);
  await page.goto(paths.finder('ZZZZZZZ2'));
  await expect(page.getByRole('heading', { name: callMsg.tagNotFound })).toBeVisible();
  await tapLanguage(page);
  await expect.poll(() => hydrated(page, 'header a')).toBe(true);
  await shootBothSizes(page, 'finder-unknown');

  expect(tagRequests.map((r) => r.url())).toEqual([]);
  // The 404 of the unknown page's own document is the browser's only complaint.
  expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
});
