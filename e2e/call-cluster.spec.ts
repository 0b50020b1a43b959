import { devices, request as playwrightRequest } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { allow, callHistory, expect, expectOwnerSeesVideo, expectPath, openFinder, openOwner, test, GEOCODER_DOWN } from './support';

// The geocoder is down in the tests: the owner's screen shows its handled error.
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN) });

const finderAt = { latitude: -19.9167, longitude: -43.9345 };

test('[CALL-12] the same call with the finder on one server process and the owner on another, sharing PostgreSQL and Redis', async ({
  browser,
  appServer,
}) => {
  test.setTimeout(360_000);
  const cluster = await appServer({ replicas: 2 });
  const [finderServer, ownerServer] = cluster.urls as [string, string];
  const api = await playwrightRequest.newContext({ baseURL: finderServer });
  try {
    // The owner's tab lives on the second process.
    const ownerSockets: string[] = [];
    const owner = await openOwner(browser, api, {
      tag: { name: 'Coleira da Luna' },
      server: { url: ownerServer, cli: cluster.cli },
      init: async (page) => void page.on('websocket', (ws) => ownerSockets.push(new URL(ws.url()).origin.replace('ws:', 'http:'))),
    });
    const { code, token } = owner;

    // The finder's phone talks to the first process.
    const finderSockets: string[] = [];
    const finder = await openFinder(browser, {
      context: { ...devices['Pixel 7'], baseURL: finderServer, geolocation: finderAt },
      init: async (page) => void page.on('websocket', (ws) => finderSockets.push(new URL(ws.url()).origin.replace('ws:', 'http:'))),
    });
    await finder.page.goto(paths.finder(code));
    await finder.page.getByRole('button', { name: callUi.finder.call }).click();

    // The call created on the first process rings the tab on the second (Redis adapter).
    await expectPath(owner.page, paths.call);
    await expect(owner.page.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
    await owner.page.getByRole('button', { name: callUi.owner.answer }).click();
    await expectOwnerSeesVideo(owner.page, 45_000);
    await expect(owner.page.locator('.caller-marker')).toHaveAttribute('data-lat', String(finderAt.latitude));
    // The second process's geocoder names the place (CALL-09).
    await expect(owner.page.getByTestId('caller-address')).toContainText(cluster.locality);
    await expect(finder.page.getByRole('status').filter({ hasText: callUi.finder.connected })).toBeVisible();

    expect(new Set(finderSockets)).toEqual(new Set([finderServer]));
    expect(new Set(ownerSockets)).toEqual(new Set([ownerServer]));

    // The owner hangs up on the second process; the finder on the first hears closeCall.
    await owner.page.getByRole('button', { name: callUi.owner.hangUp }).click();
    await expect(owner.page.getByRole('heading', { name: callUi.owner.ended })).toBeVisible();
    await expect(finder.page.getByRole('status').filter({ hasText: callUi.finder.ended })).toBeVisible();

    const [call] = await callHistory(api, token);
    expect(call).toMatchObject({ tag_code: code, status: 'ended', answered_at: expect.any(String), ...finderAt });
    await Promise.all([owner.close(), finder.close()]);
  } finally {
    await api.dispose();
  }
});
