import { callUi } from '@toque/contracts/call-ui';
import { callMsg, msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { buildingWith, expect, expectPath, finderPhone, newUser, openSession, test, toque, GEOCODER_DOWN, allow } from './support';
import { expectNoSeriousA11yViolations } from './support/dashboard';

// The geocoder is down in the tests: the owner's screen shows its handled error.
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN) });

// The finder, on a 390 × 844 phone (at twice the pixels, for the screenshots).
test.use({ finderOptions: { context: { deviceScaleFactor: 2, geolocation: { latitude: -19.93, longitude: -43.94 } } } });

test('[CONDO-10] [CONDO-13] [CALL-02] [ADM-02] a finder on a 390 px phone picks a unit of a plate and its resident answers; units nobody can answer are one line, and the page names the building', async ({
  browser,
  request,
  finder: { page: finder },
}) => {
  test.setTimeout(135_000);
  const building = `Residencial Ipê ${Date.now() % 10_000}`;
  const { plate, sindico, tokens } = await buildingWith(request, {
    name: building,
    unitNames: ['Apto 101', ''],
    residents: [newUser({ name: 'Rui Morador' })],
    unitOf: [0],
  });

  // The resident, logged in on the dashboard.
  const resident = await openSession(browser, tokens[0]!);
  const owner = resident.page;

  // The finder, on a 390 × 844 phone.
  await finder.goto(paths.finder(plate));
  await expect(finder.getByText(building)).toBeVisible();
  await expect(finder.getByText(sindico.name.split(' ')[0]!)).toHaveCount(0);
  // The unit not named yet has nobody to answer: not offered, said in one neutral line, never counted (CONDO-19).
  await expect(finder.getByText(callUi.finder.unitsNotListed)).toBeVisible();
  await expect(finder.getByRole('radio', { name: callMsg.temporaryUnit })).toHaveCount(0);
  await expect(finder.getByRole('group', { name: callUi.finder.chooseBlock })).toHaveCount(0);
  const call = finder.getByRole('button', { name: callUi.finder.callUnit });
  await expect(call).toBeDisabled();
  await expectNoSeriousA11yViolations(finder, "the plate's finder page");
  // A tap, as a finger gives it: the choice holds even when the tap lands while the app hydrates.
  const apto101Radio = finder.getByRole('radio', { name: 'Apto 101' });
  await apto101Radio.click();
  await expect(apto101Radio).toBeChecked();
  await expect(call).toBeEnabled();
  await call.click();

  // Only the chosen unit's resident rings.
  await expectPath(owner, paths.call);
  await expect(owner.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
  await owner.getByRole('button', { name: callUi.owner.answer }).click();
  const remote = owner.getByLabel(callUi.owner.remoteVideo);
  await expect.poll(() => remote.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(finder.getByRole('status').filter({ hasText: callUi.finder.connectedUnit('Apto 101') })).toBeVisible();
  await finder.getByRole('button', { name: callUi.finder.hangUp }).click();
  await expect(owner.getByRole('heading', { name: callUi.owner.ended })).toBeVisible();
  await resident.close();
});

test('[CONDO-13] [CALL-02] a plate with units in two blocks: the finder on a 390 px phone picks the block, then the unit, and that unit\'s resident rings', async ({
  browser,
  request,
  finder: { page: finder },
}) => {
  test.setTimeout(135_000);
  const building = `Residencial Jatobá ${Date.now() % 10_000}`;
  // 101 and 201 have a resident each; 102 has nobody yet.
  const { plate, unitCodes, tokens } = await buildingWith(request, {
    name: building,
    unitNames: ['101', '102', '201'],
    residents: [newUser({ name: 'Ana Moradora' }), newUser({ name: 'Rui Morador' })],
    unitOf: [0, 2],
  });
  const [code101, code102, code201] = unitCodes as [string, string, string];
  // No API sets a block yet: the operator's command does (CONDO-13).
  toque('set-block', code101, 'Bloco A');
  toque('set-block', code102, 'Bloco A');
  toque('set-block', code201, 'Bloco B');

  // The resident of 201, logged in on the dashboard.
  const resident = await openSession(browser, tokens[1]!);
  const owner = resident.page;

  await finder.goto(paths.finder(plate));
  await expect(finder.getByText(building)).toBeVisible();
  const blocks = finder.getByRole('group', { name: callUi.finder.chooseBlock });
  await expect(blocks.getByRole('radio')).toHaveCount(2);
  await expect(finder.getByText(callUi.finder.unitsNotListed)).toBeVisible();
  // No unit is offered before a block is chosen.
  await expect(finder.getByRole('group', { name: callUi.finder.chooseUnit })).toHaveCount(0);
  const call = finder.getByRole('button', { name: callUi.finder.callUnit });
  await expect(call).toBeDisabled();
  if (process.env.SHOTS_DIR) await finder.screenshot({ path: `${process.env.SHOTS_DIR}/finder-blocks-390.png`, fullPage: true });

  // A tap on a block, as a finger gives it (the app may still be starting): its units appear.
  const blockA = finder.getByRole('radio', { name: 'Bloco A' });
  await blockA.click();
  await expect(blockA).toBeChecked();
  const units = finder.getByRole('group', { name: callUi.finder.chooseUnit });
  await expect(units.getByRole('radio')).toHaveCount(1);
  const unit101 = units.getByRole('radio', { name: '101' });
  await unit101.click();
  await expect(unit101).toBeChecked();
  await expect(call).toBeEnabled();
  // Another block: the unit chosen in the first is not the one called.
  const blockB = finder.getByRole('radio', { name: 'Bloco B' });
  await blockB.click();
  await expect(blockB).toBeChecked();
  await expect(call).toBeDisabled();
  const unit201 = units.getByRole('radio', { name: '201' });
  await expect(unit201).not.toBeChecked();
  for (const box of [await blockB.locator('xpath=..').boundingBox(), await unit201.locator('xpath=..').boundingBox()]) {
    // ACC-06: the whole card is the tap target.
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);
  }
  await expectNoSeriousA11yViolations(finder, "the finder page of a plate with blocks");
  if (process.env.SHOTS_DIR) {
    await finder.screenshot({ path: `${process.env.SHOTS_DIR}/finder-blocks-chosen-390.png`, fullPage: true });
    await finder.setViewportSize({ width: 1366, height: 900 });
    await finder.screenshot({ path: `${process.env.SHOTS_DIR}/finder-blocks-chosen-1366.png`, fullPage: true });
    await finder.setViewportSize(finderPhone.viewport!);
  }
  await unit201.click();
  await expect(unit201).toBeChecked();
  await call.click();

  // Only 201's resident rings.
  await expectPath(owner, paths.call);
  await expect(owner.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
  await owner.getByRole('button', { name: callUi.owner.answer }).click();
  await expect(finder.getByRole('status').filter({ hasText: callUi.finder.connectedUnit('201') })).toBeVisible();
  await finder.getByRole('button', { name: callUi.finder.hangUp }).click();
  await expect(owner.getByRole('heading', { name: callUi.owner.ended })).toBeVisible();
  await resident.close();
});
