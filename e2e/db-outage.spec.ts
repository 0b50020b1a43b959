import { request as playwrightRequest, type Browser } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import { finderText } from '@toque/contracts/finder-text';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { allow, cuttableLink, expect, expectPath, openFinder, openOwner, test, GEOCODER_DOWN } from './support';
import type { Owner } from './support/calls';
import type { AppServer, AppServerOptions } from './support/servers';

// REL-06: while the database is away the server answers 503 (with Retry-After), which Chromium logs
// as a failed resource; the page handles it (it says so and tries again).
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN, /status of 503 \(Service Unavailable\)/) });

/**
 * One server process on PostgreSQL through the test's own proxy (the shared PostgreSQL server keeps
 * running) and an owner on it; afterwards the proxy is restored and the request context closed.
 */
async function onProxiedDatabase(
  browser: Browser,
  appServer: (options?: AppServerOptions) => Promise<AppServer>,
  run: (at: { server: AppServer; proxy: NonNullable<AppServer['proxy']>; owner: Owner }) => Promise<void>,
) {
  const server = await appServer({ postgresProxy: true });
  const proxy = server.proxy!;
  const api = await playwrightRequest.newContext({ baseURL: server.url });
  try {
    await run({
      server,
      proxy,
      owner: await openOwner(browser, api, { server: { url: server.url, cli: server.cli } }),
    });
  } finally {
    await proxy.restore();
    await api.dispose();
  }
}

test("[REL-06] PostgreSQL goes silent as the finder taps Call: the page says in English that it is trying again, and once the database is back the owner's phone rings", async ({
  browser,
  appServer,
}) => {
  test.setTimeout(180_000);
  await onProxiedDatabase(browser, appServer, async ({ server, proxy, owner }) => {
    const t = finderText.en;
    const finder = await openFinder(browser, { context: { baseURL: server.url, locale: 'en-US' } });
    await finder.page.goto(paths.finder(owner.code));
    const call = finder.page.getByRole('button', { name: t.call });
    await expect(call).toBeVisible();

    // Packets to the database go nowhere: the worst kind of outage (nothing says it is down).
    await proxy.outage('blackhole');
    await call.click();
    const retrying = finder.page.getByRole('status').filter({ hasText: t.retrying });
    await expect(retrying).toBeVisible();
    await finder.page.screenshot({ path: test.info().outputPath('finder-retrying-390x844.png') });
    await finder.page.setViewportSize({ width: 1366, height: 900 });
    await expect(retrying).toBeVisible();
    await finder.page.screenshot({ path: test.info().outputPath('finder-retrying-1366x900.png') });
    await expect(owner.page.getByRole('heading', { name: msg.callIncoming })).toHaveCount(0);

    // The database is back: the page's next attempt rings the owner — same server process, no restart.
    await proxy.restore();
    await expectPath(owner.page, paths.call);
    await expect(owner.page.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
    await expect(
      finder.page.getByRole('status').filter({ hasText: t.ringing(owner.user.name.split(' ')[0]!) }),
    ).toBeVisible();
    await Promise.all([owner.close(), finder.close()]);
  });
});

test("[REL-06] [REL-04] the finder's call socket drops while PostgreSQL is silent and the owner's phone rings: the page says in English that it is trying again instead of ending the call, rejoins once the database is back, and the owner's answer connects it", async ({
  browser,
  appServer,
}) => {
  test.setTimeout(180_000);
  await onProxiedDatabase(browser, appServer, async ({ server, proxy, owner }) => {
    const t = finderText.en;
    const link = cuttableLink();
    const finder = await openFinder(browser, { context: { baseURL: server.url, locale: 'en-US' }, init: link.install });
    await finder.page.goto(paths.finder(owner.code));
    await finder.page.getByRole('button', { name: t.call }).click();
    const firstName = owner.user.name.split(' ')[0]!;
    const ringing = finder.page.getByRole('status').filter({ hasText: t.ringing(firstName) });
    await expect(ringing).toBeVisible();
    await expectPath(owner.page, paths.call);
    await expect(owner.page.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
    // The page's own socket is in the call's room (the island may say "Calling" before it is).
    await expect.poll(() => link.joined, { timeout: 30_000 }).toBeGreaterThan(0);

    // The database goes silent, then the finder's link drops: the socket comes back at once, and its
    // rejoin waits on the database. Before the fix the page ended the call on the spot.
    await proxy.outage('blackhole');
    const opened = link.opened;
    await link.drop();
    await expect.poll(() => link.opened, { timeout: 15_000 }).toBeGreaterThan(opened);
    const retrying = finder.page.getByRole('status').filter({ hasText: t.retrying });
    await expect(retrying).toBeVisible();
    await expect(finder.page.getByRole('button', { name: t.call })).toHaveCount(0);
    await finder.page.screenshot({ path: test.info().outputPath('finder-rejoin-retrying-390x844.png') });
    await finder.page.setViewportSize({ width: 1366, height: 900 });
    await expect(retrying).toBeVisible();
    await finder.page.screenshot({ path: test.info().outputPath('finder-rejoin-retrying-1366x900.png') });

    // The database is back: the rejoin goes through, the phone still rings, and the answer connects the call.
    await proxy.restore();
    await expect(retrying).toHaveCount(0);
    await expect(ringing).toBeVisible();
    await owner.page.getByRole('button', { name: callUi.owner.answer }).click();
    await expect(finder.page.getByRole('status').filter({ hasText: t.connected })).toBeVisible({ timeout: 30_000 });
    await Promise.all([owner.close(), finder.close()]);
  });
});
