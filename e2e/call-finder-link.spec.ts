import { callUi } from '@toque/contracts/call-ui';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { allow, cuttableLink, expect, expectPath, GEOCODER_DOWN, openFinder, test } from './support';

// The geocoder is down in the tests: the owner's screen shows its handled error.
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN) });

const f = callUi.finder;

test("[REL-04] [CALL-07] the finder's phone loses its link to the server while the owner's phone rings: the page joins again by itself, the owner's phone keeps ringing (no 'Quem chamou desistiu'), and the owner's answer connects the call", async ({
  browser,
  owner,
}) => {
  test.setTimeout(120_000);
  const link = cuttableLink();
  const finder = await openFinder(browser, { init: link.install });
  await finder.page.goto(paths.finder(owner.code));
  await finder.page.getByRole('button', { name: f.call }).click();
  const ringing = finder.page.getByRole('status').filter({ hasText: f.ringing(owner.user.name.split(' ')[0]!) });
  await expect(ringing).toBeVisible();
  await expectPath(owner.page, paths.call);
  await expect(owner.page.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
  // The page's own socket is in the call's room (the island may say "Chamando" before it is).
  await expect.poll(() => link.joined, { timeout: 30_000 }).toBe(1);

  // A phone between networks: the link drops; Socket.IO opens a new one and the page joins again.
  // Before the server's grace (CALL_CALLER_GRACE_MS) the drop ended the call at once: the owner read
  // 'Quem chamou desistiu da chamada.' and the finder's rejoin was refused.
  await link.drop();
  await expect.poll(() => link.opened, { timeout: 30_000 }).toBeGreaterThan(1);
  await expect.poll(() => link.joined, { timeout: 30_000 }).toBe(2);
  await expect(ringing).toBeVisible();
  await expect(owner.page.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
  await expect(owner.page.getByText(callUi.owner.cancelled['caller-left'])).toHaveCount(0);

  await owner.page.getByRole('button', { name: callUi.owner.answer }).click();
  await expect(finder.page.getByRole('status').filter({ hasText: f.connected })).toBeVisible({ timeout: 30_000 });
  await finder.page.getByRole('button', { name: f.hangUp }).click();
  await expect(finder.page.getByRole('status').filter({ hasText: f.ended })).toBeVisible();
  await finder.close();
});
