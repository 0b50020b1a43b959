import type { Browser, BrowserContext } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import { api, paths } from '@toque/contracts/routes';
import { apiUrl, claimTag, expect, mintCodes, test } from './support';
import { finderPhone } from './support/calls';

/**
 * PERF-06 (issue 35, docs/decisions/0037 addendum 3): the finder's first tap on 'Chamar o dono'
 * says 'Chamando …' within a phone's moment, although the app (React, its hydration) has not run
 * yet. `npm run bench:web` measures it against a 1.0 s budget; this is the suite's guard, as a
 * difference to a control measured in the same run: the same server HTML with its scripts taken out
 * and one plain inline script that shows the same server-rendered status on the tap — what this
 * machine, CPU slowed 4×, takes from a tap to a frame with nothing else to do. The finder page pays
 * on top what the call really costs (camera and microphone, the call made on the server, which
 * rings the owner) and must pay nothing of the app's start.
 */

/**
 * How much later than the control a finder page may say 'Chamando …'. Measured on this 2-core
 * machine at load average 15–18 (other suites running): the island's call 360–620 ms beyond the
 * control (camera and microphone ~300 ms, POST /api/calls ~180 ms, the rest the page's script),
 * best of up to 3 runs; the tap held for the app's start and hydration instead (the behaviour this
 * guards against, planted back) 1,010–1,910 ms beyond it. 700 ms lies between, nearer the new side
 * for a loaded CI machine's camera and POST, and still 300 ms short of the old best.
 */
const MARGIN_MS = 700;
/** A noisy run is measured again (the machine is shared); a regression is slow in every run. */
const ATTEMPTS = 3;

/** The server's HTML without its scripts, and an inline script that answers the call's tap with the page's own 'Chamando …'. */
function control(html: string): string {
  const plain = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="(?:modulepreload|prefetch|preload)"[^>]*>/gi, '');
  const script = `<script>
for (const c of document.querySelectorAll('[data-awaits-script]')) c.removeAttribute('disabled');
addEventListener('click', (event) => {
  if (!event.target.closest('[data-call-start]')) return;
  event.preventDefault();
  for (const status of document.querySelectorAll('[data-call-ringing]')) status.hidden = false;
}, true);
</script>`;
  return plain.replace('</body>', `${script}</body>`);
}

/**
 * A fresh 390 px phone, CPU slowed 4×, opens `path` (answered with `html` when given), waits until
 * the page has loaded and (a finder page) the app's chunks are in the cache, as a finder reading
 * the page before tapping; then taps 'Chamar o dono'. Returns the time from the tap's pointerdown
 * to the first frame showing 'Chamando …', and the call's creation status (finder page).
 */
async function firstTap(browser: Browser, path: string, html?: string) {
  let context: BrowserContext | undefined;
  try {
    context = await browser.newContext({ ...finderPhone, locale: 'pt-BR' });
    const page = await context.newPage();
    // Only the control is routed: routing turns the HTTP cache off, and the finder page's first tap reads the app from it.
    if (html !== undefined)
      await page.route(
        (url) => url.pathname === path,
        (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
      );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const w = window as unknown as { __tapAt?: number; __ringingAt?: number };
      addEventListener(
        'pointerdown',
        (event) => {
          w.__tapAt = event.timeStamp;
          const frame = () => {
            const ringing = Array.from(document.querySelectorAll('[role=status]')).some(
              (el) => el.checkVisibility() && /^Chamando /.test(el.textContent ?? ''),
            );
            if (ringing) w.__ringingAt = performance.now();
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        },
        { capture: true, once: true },
      );
    });
    const created =
      html === undefined
        ? page.waitForResponse((r) => r.url().endsWith(apiUrl(api.createCall)) && r.request().method() === 'POST', {
            timeout: 30_000,
          })
        : undefined;
    await page.goto(path, { waitUntil: 'load' });
    // The finder page: every chunk the island prefetches after the load has arrived (the state the tap comes in).
    if (html === undefined)
      await page.waitForFunction(
        () => {
          const hrefs = document.getElementById('root')?.dataset.prefetch?.split(' ').filter(Boolean) ?? [];
          const done = new Set(
            (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
              .filter((entry) => entry.responseEnd > 0)
              .map((entry) => new URL(entry.name).pathname),
          );
          return hrefs.every((href) => done.has(new URL(href, location.href).pathname));
        },
        undefined,
        { timeout: 30_000 },
      );
    const call = page.getByRole('button', { name: callUi.finder.call });
    await expect(call).toBeEnabled();
    await call.tap();
    await page.waitForFunction(
      () => (window as unknown as { __ringingAt?: number }).__ringingAt !== undefined,
      undefined,
      {
        timeout: 30_000,
      },
    );
    const { ms, post } = await page.evaluate((createCall) => {
      const w = window as unknown as { __tapAt: number; __ringingAt: number };
      const entry = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
        e.name.endsWith(createCall),
      );
      const at = (t: number) => Math.round(t - w.__tapAt);
      return {
        ms: Math.round(w.__ringingAt - w.__tapAt),
        // Where the time went: the call's request, from its start to its answer, after the tap.
        post: entry ? `${at(entry.startTime)}–${at(entry.responseEnd)}` : undefined,
      };
    }, apiUrl(api.createCall));
    return { ms, post, status: (await created)?.status() };
  } finally {
    await context?.close();
  }
}

test.use({ trace: 'off' });

test("[PERF-06] with the CPU slowed 4×, the finder's first tap says 'Chamando …' at most 700 ms after the same page's HTML with a plain script that only shows it", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const codes = await mintCodes(3, ATTEMPTS);
  const [first] = codes;
  await claimTag(request, first!, { name: 'Coleira do Rex', importantInfo: 'Toma remédio às 8h.' });
  const res = await request.get(paths.finder(first!));
  expect(res.status()).toBe(200);
  const html = control(await res.text());
  expect(html, 'the control has the status the island shows, hidden').toContain('data-call-ringing');
  const quiet = await firstTap(browser, paths.finder(first!), html);
  const runs: number[] = [];
  const posts: string[] = [];
  for (const code of codes) {
    // A tag of its own each time: every run really calls its owner.
    if (code !== first) await claimTag(request, code, { name: 'Coleira do Rex', importantInfo: 'Toma remédio às 8h.' });
    const run = await firstTap(browser, paths.finder(code));
    expect(run.status, "the call was made on the server before 'Chamando …'").toBe(201);
    runs.push(run.ms);
    posts.push(`${run.post} ms`);
    if (run.ms <= quiet.ms + MARGIN_MS) break;
  }
  const best = Math.min(...runs);
  const report = `first tap → 'Chamando …': control ${quiet.ms} ms, finder page ${runs.join(', ')} ms (best ${best}; POST /api/calls after the tap: ${posts.join(', ')}), allowed +${MARGIN_MS} ms`;
  console.log(report);
  expect(best, report).toBeLessThanOrEqual(quiet.ms + MARGIN_MS);
});
