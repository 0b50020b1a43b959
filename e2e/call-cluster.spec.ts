import { devices, request as playwrightRequest } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import type { CallHistoryItem } from '@toque/contracts/calls';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { startCluster } from './cluster-support';
import {
  claimTag,
  expect,
  expectPath,
  inboundVideoBytes,
  loginAs,
  pageErrors,
  recordPeerConnections,
  test,
  watchCallSocket,
  GEOCODER_DOWN,
} from './support';

// The geocoder is down in the tests: the owner's screen shows its handled error.
test.use({ allowConsoleErrors: [GEOCODER_DOWN] });


const finderAt = { latitude: -19.9167, longitude: -43.9345 };

test('[CALL-12] the same call with the finder on one server process and the owner on another, sharing PostgreSQL and Redis', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const cluster = await startCluster();
  try {
    const [finderServer, ownerServer] = cluster.urls;
    const code = cluster.mint(3);
    const api = await playwrightRequest.newContext({ baseURL: finderServer });
    const { token } = await claimTag(api, code, { name: 'Coleira da Luna' });

    // The owner's tab lives on the second process.
    const ownerContext = await browser.newContext({ baseURL: ownerServer, permissions: ['camera', 'microphone'] });
    const owner = await ownerContext.newPage();
    const ownerErrors = pageErrors(owner);
    await recordPeerConnections(owner);
    const ownerSocket = watchCallSocket(owner);
    const ownerSockets: string[] = [];
    owner.on('websocket', (ws) => ownerSockets.push(new URL(ws.url()).origin.replace('ws:', 'http:')));
    await loginAs(owner, token);
    await owner.goto(paths.dashboard);
    await ownerSocket.connected();

    // The finder's phone talks to the first process.
    const finderContext = await browser.newContext({
      ...devices['Pixel 7'],
      baseURL: finderServer,
      permissions: ['geolocation', 'camera', 'microphone'],
      geolocation: finderAt,
    });
    const finder = await finderContext.newPage();
    const finderErrors = pageErrors(finder);
    const finderSockets: string[] = [];
    finder.on('websocket', (ws) => finderSockets.push(new URL(ws.url()).origin.replace('ws:', 'http:')));
    await finder.goto(paths.finder(code));
    await finder.getByRole('button', { name: callUi.finder.call }).click();

    // The call created on the first process rings the tab on the second (Redis adapter).
    await expectPath(owner, paths.call);
    await expect(owner.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
    await owner.getByRole('button', { name: callUi.owner.answer }).click();
    const remote = owner.getByLabel(callUi.owner.remoteVideo);
    await expect
      .poll(() => remote.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 })
      .toBeGreaterThan(0);
    const before = await inboundVideoBytes(owner);
    await expect.poll(() => inboundVideoBytes(owner), { timeout: 10_000 }).toBeGreaterThan(before);
    await expect(owner.locator('.caller-marker')).toHaveAttribute('data-lat', String(finderAt.latitude));
    // The second process's geocoder names the place (CALL-09).
    await expect(owner.getByTestId('caller-address')).toContainText(cluster.locality);
    await expect(finder.getByRole('status').filter({ hasText: callUi.finder.connected })).toBeVisible();

    expect(new Set(finderSockets)).toEqual(new Set([finderServer]));
    expect(new Set(ownerSockets)).toEqual(new Set([ownerServer]));

    // The owner hangs up on the second process; the finder on the first hears closeCall.
    await owner.getByRole('button', { name: callUi.owner.hangUp }).click();
    await expect(owner.getByRole('heading', { name: callUi.owner.ended })).toBeVisible();
    await expect(finder.getByRole('status').filter({ hasText: callUi.finder.ended })).toBeVisible();

    const res = await api.get('/api/calls/history', { headers: { Authorization: `Bearer ${token}` } });
    const [call] = (await res.json()) as CallHistoryItem[];
    expect(call).toMatchObject({ tag_code: code, status: 'ended', answered_at: expect.any(String), ...finderAt });
    expect([...ownerErrors, ...finderErrors]).toEqual([]);
    await Promise.all([ownerContext.close(), finderContext.close(), api.dispose()]);
  } finally {
    await cluster.close();
  }
});
