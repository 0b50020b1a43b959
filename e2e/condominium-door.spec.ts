import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { callUi } from '@toque/contracts/call-ui';
import { paths } from '@toque/contracts/routes';
import { msg } from '@toque/contracts/messages';
import { doorFinderText, doorUi, PASS_QUERY } from '@toque/contracts/door';
import {
  allow,
  buildingWith,
  expect,
  expectPath,
  GEOCODER_DOWN,
  loginAs,
  newUser,
  openFinder,
  openSession,
  pageErrors,
  test,
} from './support';
import { expectNoSeriousA11yViolations } from './support/dashboard';

// The geocoder is down in the tests: the owner's screen shows its handled error.
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN) });

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const pt = doorFinderText['pt-BR'];

/** A building with units 101 (Rui lives there) and 102 (Nina), activated for its síndica. */
async function building(request: APIRequestContext) {
  const name = `Residencial Aroeira ${Date.now() % 10_000}`;
  const b = await buildingWith(request, {
    name,
    unitNames: ['101', '102'],
    residents: [newUser({ name: 'Rui Morador' }), newUser({ name: 'Nina Vizinha' })],
    unitOf: [0, 1],
  });
  return { plate: b.plate, name, unit101: b.unitIds[0]!, rui: b.tokens[0]!, sindicoToken: b.sindicoToken };
}

async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize();
  await page.setViewportSize(phone.viewport);
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: `${dir}/${name}-1366.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

test("[CONDO-15] a courier on a 390 px phone leaves a delivery with a photo of the package at a plate; the resident's open unit page shows it live, with the photo, and marks it retirada; the síndica sees the day's list without photos", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const b = await building(request);

  // Rui, on his unit's page (a 390 px phone too).
  const ruiSide = await openSession(browser, b.rui, { path: paths.products, context: phone });
  const rui = ruiSide.page;
  await rui.getByRole('link', { name: doorUi.openMyUnit }).click();
  await expectPath(rui, paths.myUnit(b.unit101));
  await ruiSide.socket.connected();
  await expect(rui.getByText(doorUi.deliveriesEmpty)).toBeVisible();

  // The courier.
  // A phone that grants nothing.
  const courierSide = await openFinder(browser, { context: { ...phone, permissions: [] } });
  const courier = courierSide.page;
  await courier.goto(paths.finder(b.plate));
  await expect(courier.getByText(b.name)).toBeVisible();
  const kinds = courier.getByRole('group', { name: pt.chooseKind });
  await expect(kinds.getByRole('radio', { name: pt.visit })).toBeChecked();
  await kinds.getByRole('radio', { name: pt.delivery }).click();
  const form = courier.getByRole('form', { name: pt.deliveryTitle });
  await expect(form).toBeVisible();
  // The call is out of the way while the delivery form shows.
  await expect(courier.getByRole('button', { name: callUi.finder.callUnit })).toHaveCount(0);
  await form.getByRole('radio', { name: '101' }).click();
  // The keyboard: from one company to the next with the arrows, as radios do.
  await form.getByRole('radio', { name: 'Correios' }).check();
  await form.getByRole('radio', { name: 'Correios' }).press('ArrowLeft');
  await expect(form.getByRole('radio', { name: 'Mercado Livre' })).toBeChecked();
  // The package's photo, as a phone's camera takes it (with its GPS position, which is not kept).
  const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#b8864b' } })
    .withMetadata({
      exif: {
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '19/1 55/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '43/1 56/1 0/1',
        },
      },
    })
    .jpeg()
    .toBuffer();
  await form.getByLabel(pt.photoLabel).setInputFiles({ name: 'pacote.jpg', mimeType: 'image/jpeg', buffer: photo });
  // CONDO-15: the chosen photo is shown as a picture, not as its file name.
  const preview = form.getByRole('img', { name: pt.photoPreviewAlt });
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600); // the original, before the server shrinks it
  await expect(form.getByText('pacote.jpg')).toHaveCount(0);
  await expectNoSeriousA11yViolations(courier, "the plate's delivery form");
  await shots(courier, 'door-delivery-form');
  // Rui's page learns it at once: a notice — a toast, which goes away by itself after 5 s, so it is
  // watched for from before the tap — and a line in the list.
  const line = /^Entrega na portaria — Mercado Livre, \d\d:\d\d$/;
  const notice = expect(
    rui.getByRole('alert').or(rui.getByRole('status')).filter({ hasText: line }).first(),
  ).toBeVisible({ timeout: 60_000 });
  await form.getByRole('button', { name: pt.sendDelivery }).click();
  await expect(courier.getByRole('status').filter({ hasText: pt.deliverySent })).toBeVisible();
  await notice;
  await expect(courier.getByRole('status').filter({ hasText: pt.photoSent })).toBeVisible();
  const list = rui.getByTestId('unit-deliveries');
  await expect(list.getByText(line)).toBeVisible();
  await expect(list.getByText(doorUi.waiting)).toBeVisible();
  // The photo came a moment after the notice: the list learns it live and shows it as a thumbnail
  // with its alt text (never a file name); a tap enlarges it.
  const image = list.getByRole('img', { name: doorUi.photoAlt('Mercado Livre') });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1024);
  await expect(list.getByText('pacote.jpg')).toHaveCount(0);
  const thumbnail = list.getByRole('button', { name: doorUi.photoAlt('Mercado Livre') });
  await expect(thumbnail).toHaveAttribute('aria-expanded', 'false');
  await thumbnail.click();
  await expect(thumbnail).toHaveAttribute('aria-expanded', 'true');
  await expectNoSeriousA11yViolations(rui, "the resident's unit page with a delivery");
  await shots(rui, 'door-unit-page');
  const mark = list.getByRole('button', { name: doorUi.markCollected });
  await mark.focus();
  await rui.keyboard.press('Enter');
  await expect(list.getByText(/^Retirada por Rui, \d\d:\d\d$/)).toBeVisible();
  await expect(mark).toHaveCount(0);

  // The síndica's building page: today's deliveries, every unit.
  const sindicoContext = await browser.newContext();
  const sindico = await sindicoContext.newPage();
  const sindicoErrors = pageErrors(sindico);
  await loginAs(sindico, b.sindicoToken);
  await sindico.goto(paths.units(b.plate));
  const today = sindico.getByTestId('plate-deliveries-today');
  await expect(today.getByRole('row').filter({ hasText: 'Mercado Livre' })).toContainText('101');
  await expect(today.getByRole('row').filter({ hasText: 'Mercado Livre' })).toContainText(doorUi.collected);
  await expect(today.getByRole('img')).toHaveCount(0);
  await expect(today.getByRole('button', { name: doorUi.showPhoto })).toHaveCount(0);
  await expectNoSeriousA11yViolations(sindico, "the síndica's deliveries of the day");
  await shots(sindico, 'door-sindico-today');

  expect(ruiSide.errors).toEqual([]);
  expect(courierSide.errors).toEqual([]);
  expect(sindicoErrors).toEqual([]);
  await Promise.all([ruiSide.close(), courierSide.close(), sindicoContext.close()]);
});

test("[CONDO-16] a resident makes a pass and its link; the visitor on a 390 px phone opens it, is expected, rings the unit and the ringing screen says 'Visitante esperado'; a revoked pass says so and the plate still works", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const b = await building(request);

  const ruiSide = await openSession(browser, b.rui, { path: paths.myUnit(b.unit101) });
  const { page: rui, socket } = ruiSide;
  // The pass, made with the keyboard: the name, then Enter submits (the window's defaults: now, 4 hours).
  const name = rui.getByLabel(doorUi.visitorName);
  await name.focus();
  await rui.keyboard.type('Ana');
  await rui.keyboard.press('Enter');
  const link = rui.getByLabel(doorUi.passLink);
  await expect(link).toHaveValue(new RegExp(`/t/${b.plate}\\?${PASS_QUERY}=[A-Za-z0-9_-]{32}$`));
  const passUrl = await link.inputValue();
  await expect(rui.getByRole('link', { name: doorUi.shareWhatsApp })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\?text=/,
  );
  await expect(rui.getByTestId('unit-passes').getByText('Ana')).toBeVisible();
  await expectNoSeriousA11yViolations(rui, "the resident's passes");
  await shots(rui, 'door-pass-made');
  await rui.goto(paths.dashboard);
  await socket.connected();

  // Ana, at the door with the link.
  const anaSide = await openFinder(browser, { context: { ...phone, geolocation: { latitude: -19.93, longitude: -43.94 } } });
  const ana = anaSide.page;
  await ana.goto(new URL(passUrl).pathname + new URL(passUrl).search);
  await expect(ana.getByText(pt.expected)).toBeVisible();
  await expect(ana.getByText(pt.passHello('Ana'))).toBeVisible();
  await expect(ana.getByRole('radio', { name: '101' })).toBeChecked();
  const call = ana.getByRole('button', { name: callUi.finder.callUnit });
  await expect(call).toBeEnabled();
  await expectNoSeriousA11yViolations(ana, 'the plate opened through a pass');
  await shots(ana, 'door-pass-visitor');
  await call.click();

  // Rui's ringing screen names her.
  await expectPath(rui, paths.call);
  await expect(rui.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
  await expect(rui.getByText(/^Visitante esperado: Ana \(passe até (\d\d\/\d\d, )?\d\d:\d\d\)$/)).toBeVisible();
  await shots(rui, 'door-ringing-expected');
  await rui.getByRole('button', { name: callUi.owner.decline }).click();

  // Rui revokes the pass: the link now says so, and the plate works as usual.
  await rui.goto(paths.myUnit(b.unit101));
  await rui.getByRole('button', { name: `${doorUi.revokePass}: Ana` }).click();
  await expect(rui.getByTestId('unit-passes').getByText(doorUi.passState.revoked, { exact: false })).toBeVisible();
  await ana.goto(new URL(passUrl).pathname + new URL(passUrl).search);
  await expect(ana.getByText(pt.passRevoked)).toBeVisible();
  await expect(ana.getByText(pt.expected)).toHaveCount(0);
  await expect(ana.getByRole('radio', { name: '101' })).not.toBeChecked();
  await ana.getByRole('radio', { name: '101' }).click();
  await expect(ana.getByRole('button', { name: callUi.finder.callUnit })).toBeEnabled();

  expect(ruiSide.errors).toEqual([]);
  expect(anaSide.errors).toEqual([]);
  await Promise.all([ruiSide.close(), anaSide.close()]);
});
