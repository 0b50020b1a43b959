import type { Page, Route } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import { finderText } from '@toque/contracts/finder-text';
import { apiMsg, callMsg } from '@toque/contracts/messages';
import { api, paths } from '@toque/contracts/routes';
import { allow, APP_CHUNK, apiUrl, expect, expectPath, holdAppChunk, ownedTag, test } from './support';

/**
 * PERF-06: before the tap the finder page runs only its island; the app (React, the page's
 * components, the call) is the `boot` chunk and what it imports, prefetched into the cache after
 * the load (never compiled before a sign of life, PERF-08) and run on the first tap. These hold that chunk back, or fail it, as a slow or broken network would.
 */
const pt = finderText['pt-BR'];

/** The finder's "Chamando {first name} …" status. */
const ringingStatus = (page: Page, ownerName: string) =>
  page.getByRole('status').filter({ hasText: callUi.finder.ringing(ownerName.split(' ')[0]!) });

/** The finder's page with the app's code held: the finder chooses voice only, which only the island has seen. */
async function chooseVoiceWithTheAppHeld(page: Page, code: string) {
  const chunk = await holdAppChunk(page);
  await page.goto(paths.finder(code));
  const voice = page.getByRole('radio', { name: callUi.finder.voiceOnly });
  await expect(voice).toBeEnabled();
  await voice.click();
  return { chunk, voice };
}

/** The finder hangs up, and the page says the call ended. */
async function hangUpAndSeeEnded(page: Page) {
  await page.getByRole('button', { name: callUi.finder.hangUp }).click();
  await expect(page.getByRole('status').filter({ hasText: callUi.finder.ended })).toBeVisible();
}

test("[PERF-06] [CALL-02] a call tapped before the app's code arrived rings at once: 'Preparando a chamada...' until the call is made, then 'Chamando …', and the app takes the call over when it runs", async ({
  owner,
  finder,
}) => {
  const chunk = await holdAppChunk(finder.page);
  // The call's creation is held too, to see the island say it prepares the call.
  const creations: Route[] = [];
  let posts = 0;
  let holding = true;
  await finder.page.route(`**${apiUrl(api.createCall)}`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts += 1;
    if (holding) creations.push(route);
    else await route.continue();
  });
  await finder.page.goto(paths.finder(owner.code));
  const call = finder.page.getByRole('button', { name: callUi.finder.call });
  // The island enables the button; the app's code has not arrived (the prefetch after the load asked for it).
  await expect(call).toBeEnabled();
  await call.click();
  await expect(finder.page.getByRole('status').filter({ hasText: callUi.finder.preparing })).toBeVisible();
  await expect.poll(() => creations.length).toBe(1);

  const ringing = ringingStatus(finder.page, owner.user.name);
  await expect(ringing).toHaveCount(0);
  holding = false;
  await Promise.all(creations.splice(0).map((route) => route.continue()));
  // The island made the call: the owner's phone rings and the finder reads it, the app's code still held.
  await expect(ringing).toBeVisible();
  await expectPath(owner.page, paths.call);
  await expect(finder.page.getByRole('status').filter({ hasText: callUi.finder.preparing })).toHaveCount(0);
  await expect.poll(chunk.requested).toBe(true);
  await expect(finder.page.getByRole('button', { name: callUi.finder.hangUp })).toHaveCount(0);
  // A second tap before the app runs makes no second call.
  await expect(call).toBeEnabled();
  await call.click();

  await chunk.release();
  // The app has the call: its ringing screen (the self-view, hang up), and hanging up ends it.
  await expect(ringing).toBeVisible();
  await expect(finder.page.getByLabel(callUi.finder.selfView)).toBeVisible();
  await hangUpAndSeeEnded(finder.page);
  expect(posts, 'one call for the two taps').toBe(1);
});

test("[PERF-06] [CALL-07] the owner declines the island's call before the app's code arrives: once the app runs, the finder reads that the owner cannot answer now, with the message form — not 'Esta chamada já terminou'", async ({
  owner,
  finder,
}) => {
  const chunk = await holdAppChunk(finder.page);
  await finder.page.goto(paths.finder(owner.code));
  await finder.page.getByRole('button', { name: callUi.finder.call }).click();
  await expect(ringingStatus(finder.page, owner.user.name)).toBeVisible();
  // The owner declines at once: the finder's page has no socket in the room yet to hear it.
  await expectPath(owner.page, paths.call);
  await owner.page.getByRole('button', { name: callUi.owner.decline }).click();
  await expect(owner.page.getByRole('button', { name: callUi.owner.decline })).toHaveCount(0);
  await expect.poll(chunk.requested).toBe(true);

  await chunk.release();
  // The app's join learns the call was declined, and the page offers the next step (CALL-07).
  await expect(finder.page.getByText(callUi.finder.declined)).toBeVisible();
  await expect(finder.page.getByLabel(callUi.finder.messageLabel)).toBeVisible();
  await expect(finder.page.getByText(callMsg.callOver)).toHaveCount(0);
});

test.describe("the island's call meets a server without its database", () => {
  // The call's creation answered 503 on purpose (REL-06): the browser reports the failed request.
  test.use({ allowConsoleErrors: allow(/Failed to load resource: the server responded with a status of 503/) });

  test("[PERF-06] [REL-06] a call tapped before the app's code arrived, answered 503 twice: the page says in the finder's language that it is trying again, then rings — still before the app runs", async ({
    owner,
    finder,
  }) => {
    const chunk = await holdAppChunk(finder.page);
    let refused = 0;
    await finder.page.route(`**${apiUrl(api.createCall)}`, async (route) => {
      if (route.request().method() !== 'POST' || refused >= 2) return route.continue();
      refused += 1;
      await route.fulfill({
        status: 503,
        headers: { 'retry-after': '1' },
        contentType: 'application/json',
        body: JSON.stringify({ message: apiMsg.databaseUnavailable }),
      });
    });
    await finder.page.goto(paths.finder(owner.code));
    await finder.page.getByRole('button', { name: callUi.finder.call }).click();
    const retrying = finder.page.getByRole('status').filter({ hasText: callUi.finder.retrying });
    await expect(retrying).toBeVisible();
    await expect(finder.page.getByRole('status').filter({ hasText: callUi.finder.preparing })).toHaveCount(0);
    const ringing = ringingStatus(finder.page, owner.user.name);
    await expect(ringing).toBeVisible();
    await expect(retrying).toHaveCount(0);
    expect(refused).toBe(2);
    await expectPath(owner.page, paths.call);

    await chunk.release();
    await expect(finder.page.getByLabel(callUi.finder.selfView)).toBeVisible();
    await hangUpAndSeeEnded(finder.page);
  });
});

test("[PERF-06] [FIND-04] voice only chosen, then the call tapped, before the app's code arrived: the island's call is a voice call, and stays one in the app", async ({
  owner,
  finder,
}) => {
  const { chunk } = await chooseVoiceWithTheAppHeld(finder.page, owner.code);
  await finder.page.getByRole('button', { name: callUi.finder.call }).click();
  await expect(ringingStatus(finder.page, owner.user.name)).toBeVisible();
  await expectPath(owner.page, paths.call);

  await chunk.release();
  await expect(finder.page.getByText(callUi.finder.voiceOnlyActive)).toBeVisible();
  await expect(finder.page.locator('video')).toHaveCount(0);
  await hangUpAndSeeEnded(finder.page);
});

test("[PERF-06] [FIND-04] a choice made before the app ran is the app's once it runs: voice only, tapped while the code was held", async ({
  owner,
  finder,
}) => {
  const { chunk, voice } = await chooseVoiceWithTheAppHeld(finder.page, owner.code);
  await expect(voice).toBeChecked();
  // The tap started the app; its code is held, so only the browser knows the choice so far.
  await expect.poll(chunk.requested).toBe(true);
  await expect(finder.page.getByText(callUi.finder.explainVoice)).toHaveCount(0);

  await chunk.release();
  // React renders the voice call's explanation: the choice was handed over, and it still shows.
  await expect(finder.page.getByText(callUi.finder.explainVoice)).toBeVisible();
  await expect(voice).toBeChecked();
  await expect(finder.page.getByRole('radio', { name: callUi.finder.video })).not.toBeChecked();
});

test("[PERF-06] [FIND-04] a choice tapped while React hydrates, on a part it cannot hydrate yet, is still the app's once it can", async ({
  owner,
  finder,
}) => {
  // The finder route's own chunk (not the island's): React has started and waits for it, so the
  // page is React's but not hydrated, and React stops the tap's events at #root.
  const held: Route[] = [];
  let released = false;
  await finder.page.route(
    (url) => /^finder-(?!island-)[\w-]+\.js$/.test(url.pathname.split('/').pop() ?? ''),
    async (route) => {
      if (released) await route.continue();
      else held.push(route);
    },
  );
  await finder.page.goto(paths.finder(owner.code));
  const voice = finder.page.getByRole('radio', { name: callUi.finder.voiceOnly });
  await expect(voice).toBeEnabled();
  // A key (the finder's first sign of life) starts the app; React takes #root and waits for the route.
  await finder.page.keyboard.press('Shift');
  await expect
    .poll(() =>
      finder.page.evaluate(() =>
        Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')),
      ),
    )
    .toBe(true);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await voice.click();
  await expect(voice).toBeChecked();

  released = true;
  await Promise.all(held.splice(0).map((route) => route.continue()));
  await expect(finder.page.getByText(callUi.finder.explainVoice)).toBeVisible();
  await expect(voice).toBeChecked();
  await expect(finder.page.getByRole('radio', { name: callUi.finder.video })).not.toBeChecked();
});

test.describe('the app code failing', () => {
  // The chunk answered 503 on purpose: the browser reports the failed load.
  test.use({ allowConsoleErrors: allow(/Failed to load resource: the server responded with a status of 503/) });

  test('[PERF-06] [CALL-02] with the call code failing to load, the page still shows the information and a Portuguese way forward', async ({
    page,
    browser,
    request,
  }) => {
    const { code } = await ownedTag(request, 3, { name: 'Coleira do Rex', importantInfo: 'Tem alergia a frango' });
    await page.route(APP_CHUNK, (route) => route.fulfill({ status: 503, body: '' }));
    await page.goto(paths.finder(code));
    await page.getByRole('button', { name: callUi.finder.call }).click();

    const failed = page.getByRole('alert').filter({ hasText: pt.scriptFailed });
    await expect(failed).toBeVisible();
    await expect(failed.getByRole('link', { name: pt.reload })).toHaveAttribute('href', paths.finder(code));
    await expect(page.getByRole('status').filter({ hasText: callUi.finder.preparing })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: callUi.finder.heading })).toBeVisible();
    for (const text of ['Coleira do Rex', 'Tem alergia a frango', callUi.finder.importantInfo])
      await expect(page.getByText(text)).toBeVisible();

    // No JavaScript at all: the same information, and how to call or write. (A <noscript> is raw
    // text to a parser that has scripting on, which Playwright's javaScriptEnabled: false leaves on:
    // what a browser without JavaScript shows is read from the HTML the server sends.)
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'pt-BR' });
    const noScript = await context.newPage();
    await noScript.goto(paths.finder(code));
    await expect(noScript.getByText('Tem alergia a frango')).toBeVisible();
    await expect(noScript.getByRole('button', { name: callUi.finder.call })).toBeVisible();
    await context.close();
    const html = await (await request.get(paths.finder(code), { headers: { 'accept-language': 'pt-BR' } })).text();
    expect(html).toMatch(new RegExp(`<noscript><p[^>]*>${pt.noScript.replace(/[.()]/g, '\\$&')}</p></noscript>`));
  });
});
