import { devices, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { callHistory, expect, expectPath, onShortRingServer, openFinder, ownedTag, test } from './support';

const finderAt = { latitude: -23.5505, longitude: -46.6333 };

/** A finder's phone (a Pixel 7 in São Paulo, `context` over it) on the tag's page. */
async function finderPage(browser: Browser, code: string, context: BrowserContextOptions = {}) {
  const finder = await openFinder(browser, { context: { ...devices['Pixel 7'], geolocation: finderAt, ...context } });
  await finder.page.goto(paths.finder(code));
  await expect(finder.page.getByRole('heading', { name: callUi.finder.heading })).toBeVisible();
  return finder;
}

// The owner of the first test: a backpack tag, waiting on its products page.
test.use({ ownerOptions: { tag: { productId: 4, name: 'Mochila azul' }, path: paths.products } });

async function sendMessage(page: Page, text: string) {
  await page.getByLabel(callUi.finder.messageLabel).fill(text);
  await page.getByRole('button', { name: callUi.finder.sendMessage }).click();
  await expect(page.getByRole('status').filter({ hasText: callUi.finder.messageSent })).toBeVisible();
}

test('[CALL-07] Rejeitar by the only recipient: the finder is offered the message form and the message reaches the owner', async ({
  browser,
  request,
  owner: { page: owner, code, token },
}) => {
  test.setTimeout(90_000);
  const finder = await finderPage(browser, code);
  await finder.page.getByRole('button', { name: callUi.finder.call }).click();

  await expectPath(owner, paths.call);
  await owner.getByRole('button', { name: callUi.owner.decline }).click();
  await expect(owner.getByRole('heading', { name: callUi.owner.cancelled.declined })).toBeVisible();
  await expect(owner.getByRole('heading', { name: msg.callIncoming })).toHaveCount(0);

  await expect(finder.page.getByText(callUi.finder.declined)).toBeVisible();
  await sendMessage(finder.page, 'Achei sua mochila na padaria da esquina.');

  await owner.goto(paths.callHistory);
  const row = owner.getByRole('row').filter({ hasText: 'Mochila azul' });
  await expect(row).toContainText(callUi.history.status.declined);
  await expect(row).toContainText('Achei sua mochila na padaria da esquina.');
  const [call] = await callHistory(request, token);
  expect(call).toMatchObject({ status: 'declined', message: 'Achei sua mochila na padaria da esquina.', ...finderAt });
  await finder.close();
});

onShortRingServer(135_000, () => {
  test('[CALL-07] [CALL-13] nobody answers in time and the finder refused location: the call still rings, then the message is left without a place', async ({
    browser,
    request,
    ringServer,
  }) => {
    const { code, token, user } = await ownedTag(request, 1, { name: 'Pulseira da Bia' }, ringServer!.cli);
    const finder = await finderPage(browser, code, { permissions: ['camera', 'microphone'], geolocation: undefined });
    // The browser itself says no to location, as a finder tapping "Não permitir" would.
    const cdp = await finder.context.newCDPSession(finder.page);
    await cdp.send('Browser.setPermission', {
      permission: { name: 'geolocation' },
      setting: 'denied',
      origin: new URL(finder.page.url()).origin,
    });

    await finder.page.getByRole('button', { name: callUi.finder.call }).click();
    await expect(
      finder.page.getByRole('status').filter({ hasText: callUi.finder.ringing(user.name.split(' ')[0]!) }),
    ).toBeVisible();
    // This server's ring timeout (15 s) passes with nobody answering.
    await expect(finder.page.getByText(callUi.finder.unanswered)).toBeVisible({ timeout: 60_000 });
    await sendMessage(finder.page, 'Encontrei a pulseira no parque.');

    const [call] = await callHistory(request, token);
    expect(call).toMatchObject({
      status: 'missed',
      message: 'Encontrei a pulseira no parque.',
      latitude: null,
      longitude: null,
    });
    await finder.close();
  });
});

test('[CALL-13] an in-app browser goes straight to the message path; a refused camera too', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { code, token } = await ownedTag(request, 3, { name: 'Coleira da Mel' });

  const instagram =
    'Mozilla/5.0 (Linux; Android 13; SM-A536B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36 Instagram 312.0.0.32.112 Android';
  const inApp = await finderPage(browser, code, { userAgent: instagram });
  await expect(inApp.page.getByText(callUi.finder.inAppBrowser)).toBeVisible();
  await expect(inApp.page.getByRole('button', { name: callUi.finder.call })).toHaveCount(0);
  await sendMessage(inApp.page, 'Sua cachorra está comigo, no portão azul.');

  const cameraless = await finderPage(browser, code);
  // The phone refuses the camera (the user said no, or another app holds it).
  await cameraless.page.evaluate(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await cameraless.page.getByRole('button', { name: callUi.finder.call }).click();
  await expect(cameraless.page.getByText(callUi.finder.cameraRefused)).toBeVisible();
  await sendMessage(cameraless.page, 'Estou com a coleira, me liga pelo app.');

  const calls = await callHistory(request, token);
  expect(calls.map((c) => c.message).sort()).toEqual([
    'Estou com a coleira, me liga pelo app.',
    'Sua cachorra está comigo, no portão azul.',
  ]);
  for (const c of calls) expect(c).toMatchObject({ ...finderAt, answered_at: null });
  await Promise.all([inApp.close(), cameraless.close()]);
});
