import type { APIRequestContext, Browser, BrowserContextOptions, Page } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import { finderTextAt } from '@toque/contracts/finder-text';
import { geofenceMsg, geofenceUi, type PlatePosition } from '@toque/contracts/geofence';
import type { PublicConfig } from '@toque/contracts/google-sign-in';
import { mapsAppUrl, mapUi } from '@toque/contracts/map-ui';
import { msg } from '@toque/contracts/messages';
import { condoApi, paths } from '@toque/contracts/routes';
import { publicConfigPath } from '@toque/contracts/google-sign-in';
import {
  allow,
  apiAs,
  apiUrl,
  E2E_TILE_URL,
  expect,
  expectPath,
  GEOCODER_DOWN,
  loginAs,
  openFinder,
  openSession,
  plateWithResident,
  test,
} from './support';
import { expectNoSeriousA11yViolations } from './support/dashboard';

// The geocoder is down in the tests: the resident's call screen shows its handled error.
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN) });

/**
 * CONDO-17 (docs/decisions/0046): a plate that rings only at its door. The síndico places it on
 * the plate's page (typed coordinates, or the phone's own position); a visitor 2 km away is told
 * why they cannot call, one at the door rings the unit.
 */
/** A 390 px phone (the finder's, with `context` over it) at twice the pixels, for the screenshots. */
const phone = (browser: Browser, context: BrowserContextOptions = {}) => openFinder(browser, { context: { deviceScaleFactor: 2, ...context } });
/** Avenida Paulista, São Paulo; 2 km due north of it; a spot across the street (~40 m). */
const door = { latitude: -23.5614, longitude: -46.6559 };
const twoKmAway = { latitude: -23.5434, longitude: -46.6559 };
const acrossTheStreet = { latitude: -23.56105, longitude: -46.65575 };

/** A condominium with one unit ('Apto 101') and its resident; the síndico's and the resident's tokens. */
const building = (request: APIRequestContext, name: string) => plateWithResident(request, { name });

const positionOf = (request: APIRequestContext, token: string, plate: string) =>
  apiAs<PlatePosition>(request, token, `${condoApi.platePosition}?qrCode=${plate}`, undefined, 'get');

async function shots(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: test.info().outputPath(`${name}-1366.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

test('[CONDO-17] the síndico on a 390 px phone places the plate by typing its coordinates, then with "usar minha localização atual", and chooses the radius; wrong input is told in Portuguese', async ({
  browser,
  request,
}) => {
  test.setTimeout(135_000);
  const { plate, sindicoToken } = await building(request, `Residencial Paineira ${Date.now() % 10_000}`);
  const sindico = await phone(browser, { geolocation: acrossTheStreet });
  const { context, page, errors } = sindico;
  await loginAs(page, sindicoToken);
  await page.goto(paths.units(plate));

  const panel = page.getByRole('region', { name: geofenceUi.heading });
  await expect(panel.getByText(geofenceUi.notSet)).toBeVisible();
  await expect(panel.getByRole('region', { name: geofenceUi.map })).toBeVisible();
  const latitude = panel.getByLabel(geofenceUi.latitude);
  const longitude = panel.getByLabel(geofenceUi.longitude);
  const radius = panel.getByLabel(geofenceUi.radius);
  const required = panel.getByLabel(geofenceUi.required);
  await expect(radius).toHaveValue('150');
  await expect(required).not.toBeChecked();

  // Required without a position, and a radius out of bounds: refused in Portuguese, nothing saved.
  await required.check();
  await radius.fill('40');
  await panel.getByRole('button', { name: geofenceUi.save }).click();
  await expect(panel.getByText(geofenceMsg.requiredNeedsPosition)).toBeVisible();
  await expect(panel.getByText(geofenceMsg.radiusRange)).toBeVisible();
  await latitude.fill('-95');
  await longitude.fill(String(door.longitude));
  await panel.getByRole('button', { name: geofenceUi.save }).click();
  await expect(panel.getByText(geofenceMsg.latitudeRange)).toBeVisible();
  expect((await positionOf(request, sindicoToken, plate)).latitude).toBeNull();

  // By keyboard: the coordinates typed (a decimal comma is fine), the radius, Enter saves.
  await latitude.fill('');
  await longitude.fill('');
  await latitude.focus();
  await page.keyboard.type('-23,5614');
  await page.keyboard.press('Tab');
  await expect(longitude).toBeFocused();
  await page.keyboard.type(String(door.longitude));
  await radius.fill('120');
  await radius.press('Enter');
  await expect(panel.getByRole('status').filter({ hasText: geofenceMsg.saved })).toBeVisible();
  expect(await positionOf(request, sindicoToken, plate)).toEqual({ ...door, required: true, radius_m: 120 });
  // The marker stands where the coordinates say.
  const marker = panel.locator('.plate-marker');
  await expect(marker).toHaveAttribute('data-lat', String(door.latitude));
  await expect(marker).toHaveAttribute('data-lng', String(door.longitude));
  await expectNoSeriousA11yViolations(page, "the plate's position on the plate's page");
  await shots(page, 'plate-position');

  // Standing at the plate: the phone's own position.
  await context.setGeolocation(acrossTheStreet);
  await panel.getByRole('button', { name: geofenceUi.useMyLocation }).click();
  await expect(latitude).toHaveValue(String(acrossTheStreet.latitude));
  await expect(longitude).toHaveValue(String(acrossTheStreet.longitude));
  await radius.fill('150');
  await panel.getByRole('button', { name: geofenceUi.save }).click();
  await expect
    .poll(() => positionOf(request, sindicoToken, plate))
    .toEqual({ ...acrossTheStreet, required: true, radius_m: 150 });
  await expect(marker).toHaveAttribute('data-lat', String(acrossTheStreet.latitude));

  // A click on the map moves the marker and fills the coordinates.
  await panel.getByRole('region', { name: geofenceUi.map }).click({ position: { x: 60, y: 60 } });
  await expect(latitude).not.toHaveValue(String(acrossTheStreet.latitude));
  await expect(marker).toHaveAttribute('data-lat', await latitude.inputValue());

  // Back on the page, the saved position is there.
  await page.reload();
  await expect(panel.getByLabel(geofenceUi.latitude)).toHaveValue(String(acrossTheStreet.latitude));
  await expect(panel.getByLabel(geofenceUi.required)).toBeChecked();
  expect(errors).toEqual([]);
  await sindico.close();
});

test.describe('without tiles', () => {
  // The tiles this test makes fail: Chromium logs each aborted image.
  test.use({ allowConsoleErrors: allow(GEOCODER_DOWN, /Failed to load resource: net::ERR_FAILED/) });

  test("[CONDO-17] on a 390 px phone the plate's map takes its tiles from the server GET /api/config names, its zoom buttons are 'Aproximar' / 'Afastar', and with the tiles failing it gives the position as text with a link to a maps app", async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const config = (await (await request.get(apiUrl(publicConfigPath))).json()) as PublicConfig;
    expect(config.map.tileUrl).toBe(E2E_TILE_URL);
    const tileOrigin = new URL(config.map.tileUrl).origin;
    // The configured template with numbers in place of {z}/{x}/{y}.
    const template = config.map.tileUrl.replace(/[.?]/g, '\\$&').replace(/\{[zxy]\}/g, '\\d+');
    const tilePattern = new RegExp(`^${template}$`);
    const { plate, sindicoToken } = await building(request, `Residencial Ipê ${Date.now() % 10_000}`);
    await apiAs(request, sindicoToken, condoApi.platePosition, { qrCode: plate, ...door, required: false, radiusM: 150 }, 'put');

    // The síndico's phone, granting nothing.
    const sindico = await phone(browser, { permissions: [] });
    const { page } = sindico;
    // Offline, or the tile server blocked: every tile fails.
    const tileRequests: string[] = [];
    const offline = (url: URL) => url.origin === tileOrigin;
    await page.route(offline, (route) => {
      tileRequests.push(route.request().url());
      return route.abort('failed');
    });
    await loginAs(page, sindicoToken);
    await page.goto(paths.units(plate));

    const map = page.getByRole('region', { name: geofenceUi.map });
    const fallback = map.getByRole('status').filter({ hasText: mapUi.offline });
    await expect(fallback).toBeVisible();
    await expect(fallback.getByText(mapUi.position(door.latitude, door.longitude))).toBeVisible();
    await expect(fallback.getByRole('link', { name: mapUi.openInMaps })).toHaveAttribute('href', mapsAppUrl(door.latitude, door.longitude));
    expect(tileRequests.length).toBeGreaterThan(0);
    for (const url of tileRequests) expect(url).toMatch(tilePattern);

    // Leaflet's zoom buttons, in Portuguese for the eye (title) and for a screen reader (name).
    for (const name of [mapUi.zoomIn, mapUi.zoomOut]) {
      const button = map.getByRole('button', { name, exact: true });
      await expect(button).toBeVisible();
      await expect(button).toHaveAttribute('title', name);
    }
    await expect(map.getByRole('button', { name: /zoom/i })).toHaveCount(0);
    await expect(map.getByRole('button', { name: mapUi.zoomIn, exact: true })).not.toBeDisabled();
    await map.getByRole('button', { name: mapUi.zoomIn, exact: true }).click();
    await expectNoSeriousA11yViolations(page, "the plate's map without tiles");
    await shots(page, 'plate-map-offline');

    // Back online: the tiles load and the fallback goes.
    await page.unroute(offline);
    await page.reload();
    await expect(map.locator('img.leaflet-tile-loaded').first()).toBeAttached();
    await expect(map.getByRole('status').filter({ hasText: mapUi.offline })).toHaveCount(0);
    await shots(page, 'plate-map-online');
    await sindico.close();
  });
});

test('[CONDO-17] [FIND-03] a visitor on a 390 px phone 2 km away cannot call and is told why (and may leave a message); one refusing location is told in English; one at the door rings the resident', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const name = `Residencial Sibipiruna ${Date.now() % 10_000}`;
  const { plate, sindicoToken, residentToken } = await building(request, name);
  await apiAs(request, sindicoToken, condoApi.platePosition, { qrCode: plate, ...door, required: true, radiusM: 150 }, 'put');
  // A plate's page speaks of the residents (CONDO-19's door words).
  const pt = finderTextAt('pt-BR', 'building');
  const en = finderTextAt('en', 'building');

  // The resident, logged in on the dashboard.
  const residentSide = await openSession(browser, residentToken);
  const resident = residentSide.page;

  // 2 km away: told why, no ring; the message still reaches the unit.
  const farSide = await phone(browser, { geolocation: twoKmAway });
  const far = farSide.page;
  await far.goto(paths.finder(plate));
  await expect(far.getByText(name)).toBeVisible();
  await expect(far.getByText(pt.positionNeeded)).toBeVisible();
  await expectNoSeriousA11yViolations(far, 'a plate that rings only at its door');
  await far.getByRole('radio', { name: 'Apto 101' }).click();
  await expect(far.getByRole('radio', { name: 'Apto 101' })).toBeChecked();
  await far.getByRole('button', { name: callUi.finder.callUnit }).click();
  await expect(far.getByRole('alert').filter({ hasText: pt.server.geofenceTooFar })).toBeVisible();
  await expect(resident).toHaveURL(/\/dashboard/);
  await expectNoSeriousA11yViolations(far, 'refused away from the door');
  await shots(far, 'geofence-too-far');
  await far.getByLabel(pt.messageLabel).fill('Passei para entregar o convite, mas não consegui chamar.');
  await far.getByLabel(pt.messageLabel).press('Tab');
  await expect(far.getByLabel(pt.contactOptional)).toBeFocused();
  await far.getByRole('button', { name: pt.sendMessage }).click();
  await expect(far.getByRole('status').filter({ hasText: pt.messageSent })).toBeVisible();

  // Location refused, in English: told why.
  const refusedSide = await phone(browser, { locale: 'en-US', permissions: ['camera', 'microphone'] });
  const refused = refusedSide.page;
  await refused.goto(paths.finder(plate));
  await expect(refused.getByText(en.positionNeeded)).toBeVisible();
  await refused.getByRole('radio', { name: 'Apto 101' }).click();
  await expect(refused.getByRole('radio', { name: 'Apto 101' })).toBeChecked();
  await refused.getByRole('button', { name: en.callUnit }).click();
  await expect(refused.getByRole('alert').filter({ hasText: en.server.geofencePositionRequired })).toBeVisible();

  // At the door: the resident's phone rings.
  const doorSide = await phone(browser, { geolocation: door });
  const atDoor = doorSide.page;
  await atDoor.goto(paths.finder(plate));
  await atDoor.getByRole('radio', { name: 'Apto 101' }).click();
  await expect(atDoor.getByRole('radio', { name: 'Apto 101' })).toBeChecked();
  await atDoor.getByRole('button', { name: callUi.finder.callUnit }).click();
  await expectPath(resident, paths.call);
  await expect(resident.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
  await expect(atDoor.getByRole('status').filter({ hasText: callUi.finder.ringingUnit('Apto 101') })).toBeVisible();
  await atDoor.getByRole('button', { name: callUi.finder.hangUp }).click();

  // Each side's close asserts its tab threw nothing.
  await Promise.all([residentSide.close(), farSide.close(), refusedSide.close(), doorSide.close()]);
});
