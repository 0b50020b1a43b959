import type { Page } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import { storageKeys } from '@toque/contracts/constants';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { expect, test, GEOCODER_DOWN, allow } from './support';

// The specification's literal values, written out (not imported): a constant or a component
// that drifts from them fails here.
const TITLE_BLINK_MS = 1000;
const CALL_DATA_REMOVAL_MS = 3000;

// The geocoder is down in the tests: the owner's screen shows its handled error.
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN) });

const callData = (page: Page) => page.evaluate((key) => window.sessionStorage.getItem(key), storageKeys.callData);

/** Records, on the page's (fake) clock, each change of the tab's title, each click on a button and when the call data goes. */
async function recordOwnerTimeline(page: Page) {
  await page.addInitScript((key) => {
    const timeline: { at: number; what: string }[] = [];
    (window as unknown as { __timeline: typeof timeline }).__timeline = timeline;
    new MutationObserver(() => timeline.push({ at: Date.now(), what: `title:${document.title}` })).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    document.addEventListener(
      'click',
      (e) => timeline.push({ at: Date.now(), what: `click:${(e.target as HTMLElement).textContent ?? ''}` }),
      true,
    );
    const remove = Storage.prototype.removeItem;
    Storage.prototype.removeItem = function (this: Storage, name: string) {
      if (name === key) timeline.push({ at: Date.now(), what: 'callData removed' });
      return remove.call(this, name);
    };
  }, storageKeys.callData);
}

const timelineOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __timeline: { at: number; what: string }[] }).__timeline);

// The owner's tab records its timeline and runs on a clock the test moves, both from before it navigates.
test.use({
  ownerOptions: {
    init: async (page) => {
      await recordOwnerTimeline(page);
      await page.clock.install();
    },
  },
});

/** Moves a paused clock in 10 ms steps until `done` (React reveals lazy screens on a timer). */
async function advanceUntil(page: Page, done: () => Promise<boolean>) {
  for (let step = 0; step < 500; step++) {
    if (await done()) return;
    await page.clock.runFor(10);
  }
  throw new Error('never happened on the page clock');
}

test('[CALL-04] [CALL-05] on the owner’s clock: the title blinks every 1 s while ringing, and the call data goes 3 s after Atender', async ({
  owner: { page: owner, code },
  finder: { page: finder },
}) => {
  test.setTimeout(135_000);
  const timeline = () => timelineOf(owner);
  // The owner's clock stops once the dashboard listens for calls (the fixture waited for its socket),
  // just after the tab's own now: jumping further would fire the socket's ping timeout too.
  await owner.clock.pauseAt((await owner.evaluate(() => Date.now())) + 1000);

  await finder.goto(paths.finder(code));
  await finder.getByRole('button', { name: callUi.finder.call }).click();

  const ringing = owner.getByRole('heading', { name: msg.callIncoming });
  await advanceUntil(owner, () => ringing.isVisible());
  await owner.clock.runFor(3 * TITLE_BLINK_MS + 500);
  const blinks = (await timeline()).filter(
    (e) => e.what === `title:${msg.callIncoming}` || e.what.startsWith('title:'),
  );
  const changes = blinks.filter((e, i) => i === 0 || e.what !== blinks[i - 1]!.what).slice(-3);
  expect(changes.map((e) => e.what)).toContain(`title:${msg.callIncoming}`);
  expect(changes.slice(1).map((e, i) => e.at - changes[i]!.at)).toEqual([TITLE_BLINK_MS, TITLE_BLINK_MS]);

  // Atender: the call data stays 3 s, then goes.
  await owner.getByRole('button', { name: callUi.owner.answer }).click();
  await advanceUntil(owner, () => finder.getByRole('status').filter({ hasText: callUi.finder.connected }).isVisible());
  expect(await callData(owner), 'not at once').not.toBeNull();
  await owner.clock.runFor(CALL_DATA_REMOVAL_MS);
  await expect.poll(() => callData(owner), { timeout: 2000 }).toBeNull();
  const events = await timeline();
  const answeredAt = events.find((e) => e.what === `click:${callUi.owner.answer}`)!.at;
  const removedAt = events.find((e) => e.what === 'callData removed')!.at;
  // Joining the room after the click takes a few of the test's 10 ms steps.
  expect(removedAt - answeredAt).toBeGreaterThanOrEqual(CALL_DATA_REMOVAL_MS);
  expect(removedAt - answeredAt).toBeLessThan(CALL_DATA_REMOVAL_MS + 1000);

  await finder.getByRole('button', { name: callUi.finder.hangUp }).click();
  await advanceUntil(owner, () => owner.getByRole('heading', { name: callUi.owner.ended }).isVisible());
});
