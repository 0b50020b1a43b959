import { request as playwrightRequest } from '@playwright/test';
import { finderText } from '@toque/contracts/finder-text';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { allow, expect, expectPath, openFinder, openOwner, test, GEOCODER_DOWN } from './support';

// REL-06: while the database is away the server answers 503 (with Retry-After), which Chromium logs
// as a failed resource; the page handles it (it says so and tries again).
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN, /status of 503 \(Service Unavailable\)/) });

test('[REL-06] PostgreSQL goes silent as the finder taps Call: the page says in English that it is trying again, and once the database is back the owner\'s phone rings', async ({
  browser,
  appServer,
}) => {
  test.setTimeout(180_000);
  // One server process on PostgreSQL through the test's own proxy (the shared PostgreSQL server keeps running).
  const server = await appServer({ postgresProxy: true });
  const proxy = server.proxy!;
  const api = await playwrightRequest.newContext({ baseURL: server.url });
  try {
    const owner = await openOwner(browser, api, { server: { url: server.url, cli: server.cli } });
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
    await expect(finder.page.getByRole('status').filter({ hasText: t.ringing(owner.user.name.split(' ')[0]!) })).toBeVisible();
    await Promise.all([owner.close(), finder.close()]);
  } finally {
    await proxy.restore();
    await api.dispose();
  }
});
