import { callUi } from '@toque/contracts/call-ui';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { gateFinderText, gateMsg, gateUi } from '@toque/contracts/gate';
import { doorUi } from '@toque/contracts/door';
import { startRelayEmulator, type RelayEmulator } from '../apps/server/test/gate-emulator';
import { allow, buildingWith, expect, expectPath, finderPhone, GEOCODER_DOWN, newUser, openSession, test } from './support';

// The geocoder is down in the tests: the resident's screen shows its handled error.
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN) });
test.use({ finderOptions: { context: { deviceScaleFactor: 2 } } });

let relay: RelayEmulator;
test.beforeAll(async () => {
  relay = await startRelayEmulator();
});
test.afterAll(async () => {
  await relay.close();
});

const SECONDS = 3;

test('[CONDO-18] on 390 px phones: the síndico links the plate to a Shelly relay, and during a plate call the resident taps "Abrir o portão" — the relay turns on for the configured seconds and the finder reads that the gate is open; a pass the resident allowed opens it too', async ({
  browser,
  request,
  finder: { page: finder },
}) => {
  test.setTimeout(150_000);
  const building = `Residencial Aroeira ${Date.now() % 10_000}`;
  const { plate, sindicoToken, tokens, unitIds } = await buildingWith(request, {
    name: building,
    unitNames: ['101'],
    residents: [newUser({ name: 'Rui Morador' })],
    unitOf: [0],
  });
  const phone = { ...finderPhone, deviceScaleFactor: 2 };

  // The síndico, on a phone, links the plate to the building's relay and tries it.
  const sindico = await openSession(browser, sindicoToken, { path: paths.units(plate), context: phone });
  const panel = sindico.page.getByRole('region', { name: gateUi.heading, exact: true });
  await expect(panel.getByText(gateUi.notSet)).toBeVisible();
  await panel.getByLabel(gateUi.url).fill(relay.url);
  await panel.getByLabel(gateUi.secret.shelly).fill(relay.password);
  await panel.getByLabel(gateUi.seconds).fill(String(SECONDS));
  await panel.getByRole('button', { name: gateUi.save }).click();
  await expect(panel.getByRole('status').filter({ hasText: gateMsg.saved })).toBeVisible();
  await expect(panel.getByText(gateUi.secretKept)).toBeVisible();
  await panel.getByRole('button', { name: gateUi.test }).click();
  await expect(panel.locator('[data-gate-test-result]')).toHaveText(gateMsg.opened(SECONDS));
  const tested = await relay.waitFor('set', 1);
  expect(tested).toMatchObject({ on: true, toggleAfter: SECONDS });
  await expect(panel.locator('[data-gate-log] li')).toHaveCount(1);
  if (process.env.SHOTS_DIR) await panel.screenshot({ path: `${process.env.SHOTS_DIR}/gate-panel-390.png` });

  // The resident, on a phone, answers the plate's call.
  const resident = await openSession(browser, tokens[0]!, { context: phone });
  await finder.goto(paths.finder(plate));
  await expect(finder.getByText(building)).toBeVisible();
  const unit = finder.getByRole('radio', { name: '101' });
  await unit.click();
  await expect(unit).toBeChecked();
  await finder.getByRole('button', { name: callUi.finder.callUnit }).click();
  await expectPath(resident.page, paths.call);
  await expect(resident.page.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
  await resident.page.getByRole('button', { name: callUi.owner.answer }).click();
  await expect(finder.getByRole('status').filter({ hasText: callUi.finder.connectedUnit('101') })).toBeVisible();

  // Only in the connected call: one tap opens the gate for the configured seconds.
  const open = resident.page.getByRole('button', { name: gateUi.open });
  await expect(open).toBeVisible();
  const box = await open.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await open.click();
  await expect(resident.page.getByRole('status').filter({ hasText: gateMsg.opened(SECONDS) })).toBeVisible();
  await expect(finder.locator('[data-gate="opened"]')).toHaveText(gateFinderText['pt-BR'].opened);
  const set = await relay.waitFor('set', 2);
  expect(set).toMatchObject({ on: true, toggleAfter: SECONDS, switchId: 0 });
  const off = await relay.waitFor('off', 2, 20_000);
  // The relay turned itself off the configured seconds after it turned on.
  expect(off.at - set.at).toBeGreaterThanOrEqual(SECONDS * 1000 - 100);
  expect(off.at - set.at).toBeLessThan(SECONDS * 1000 + 1500);
  if (process.env.SHOTS_DIR) {
    await resident.page.screenshot({ path: `${process.env.SHOTS_DIR}/gate-resident-390.png` });
    await finder.screenshot({ path: `${process.env.SHOTS_DIR}/gate-finder-390.png` });
    await resident.page.setViewportSize({ width: 1366, height: 900 });
    await resident.page.screenshot({ path: `${process.env.SHOTS_DIR}/gate-resident-1366.png` });
  }

  // After the call, the button is gone.
  await finder.getByRole('button', { name: callUi.finder.hangUp }).click();
  await expect(resident.page.getByRole('heading', { name: callUi.owner.ended })).toBeVisible();
  await expect(resident.page.getByRole('button', { name: gateUi.open })).toHaveCount(0);

  // The building's log has the opening: who, which unit, when, the result.
  await sindico.page.reload();
  const log = sindico.page.locator('[data-gate-log] li');
  await expect(log).toHaveCount(2);
  await expect(log.first()).toContainText('Rui Morador');
  await expect(log.first()).toContainText(`${gateUi.logUnit} 101`);
  await expect(log.first()).toContainText(gateMsg.opened(SECONDS));
  if (process.env.SHOTS_DIR) {
    await sindico.page.setViewportSize({ width: 1366, height: 900 });
    await sindico.page.getByRole('region', { name: gateUi.heading, exact: true }).screenshot({ path: `${process.env.SHOTS_DIR}/gate-panel-1366.png` });
  }

  // A pass the resident allows to open the gate: its link opens it by itself, within its window.
  await resident.page.goto(paths.myUnit(unitIds[0]!));
  await resident.page.getByLabel(doorUi.visitorName).fill('Ana');
  await resident.page.getByLabel(gateUi.passCanOpen).check();
  await resident.page.getByRole('button', { name: doorUi.createPass }).click();
  const link = await resident.page.getByLabel(doorUi.passLink).inputValue();
  await expect(resident.page.getByText(gateUi.passOpensGate)).toBeVisible();
  await finder.goto(new URL(link).pathname + new URL(link).search);
  const passGate = finder.getByRole('button', { name: gateFinderText['pt-BR'].open });
  await expect(passGate).toBeVisible();
  if (process.env.SHOTS_DIR) await finder.screenshot({ path: `${process.env.SHOTS_DIR}/gate-pass-390.png` });
  await passGate.click();
  await expect(finder.locator('[data-pass-gate-result]')).toHaveText(gateFinderText['pt-BR'].opened);
  expect(await relay.waitFor('set', 3)).toMatchObject({ on: true, toggleAfter: SECONDS });
  await resident.close();
  await sindico.close();
});
