import type { APIRequestContext } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import { condoApi } from '@toque/contracts/routes';
import { msg } from '@toque/contracts/messages';
import { parseUnitNumber, type Unit } from '@toque/contracts/condominium';
import { paths } from '@toque/contracts/routes';
import {
  apiLogin,
  createAdmin,
  expect,
  expectPath,
  loginAs,
  mintCodes,
  newUser,
  pageErrors,
  registerUser,
  test,
  watchCallSocket,
  GEOCODER_DOWN,
  allow,
} from './support';

// The geocoder is down in the tests: the owner's screen shows its handled error.
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN) });

import { expectNoSeriousA11yViolations } from './dashboard-support';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

async function api<T>(request: APIRequestContext, token: string, path: string, data: unknown, method: 'post' | 'put' = 'post'): Promise<T> {
  const res = await request[method](`/api${path}`, { data, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

test('[CONDO-10] [CALL-02] [ADM-02] a finder on a 390 px phone picks a unit of a plate and its resident answers; units nobody can answer are disabled, and the page names the building', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = createAdmin();
  const adminToken = await apiLogin(request, admin);
  const sindico = await registerUser(request, newUser({ name: 'Sílvia Síndica' }));
  const sindicoToken = await apiLogin(request, sindico);
  const [plate] = await mintCodes(5);
  const building = `Residencial Ipê ${Date.now() % 10_000}`;
  const { id: condominiumId } = await api<{ id: number }>(request, adminToken, condoApi.createCondominium, { nameCondominium: building });
  for (const nameOfUnit of ['Apto 101', '']) {
    await api(request, adminToken, condoApi.createUnit, { condominiumId, qrCode: plate, nameOfUnit, emailAdminCond: sindico.email });
  }
  const [apto101] = await api<Unit[]>(request, sindicoToken, condoApi.ownerQrCode, { qrCode: plate });
  const resident = await registerUser(request, newUser({ name: 'Rui Morador' }));
  const residentToken = await apiLogin(request, resident);
  await api(request, residentToken, '/products/associateQrCode', { code: parseUnitNumber(apto101!.unit_number).code }, 'put');

  // The resident, logged in on the dashboard.
  const residentContext = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const owner = await residentContext.newPage();
  const ownerErrors = pageErrors(owner);
  const socket = watchCallSocket(owner);
  await loginAs(owner, residentToken);
  await owner.goto(paths.dashboard);
  await socket.connected();

  // The finder, on a 390 × 844 phone.
  const finderContext = await browser.newContext({
    ...phone,
    permissions: ['geolocation', 'camera', 'microphone'],
    geolocation: { latitude: -19.93, longitude: -43.94 },
  });
  const finder = await finderContext.newPage();
  const finderErrors = pageErrors(finder);
  await finder.goto(paths.finder(plate!));
  await expect(finder.getByText(building)).toBeVisible();
  await expect(finder.getByText('Sílvia')).toHaveCount(0);
  const temporary = finder.getByRole('radio', { name: new RegExp(callUi.finder.unitNobody) });
  await expect(temporary).toBeDisabled();
  await expect(finder.getByText(callUi.finder.unitNobody)).toBeVisible();
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
  await expect.poll(() => remote.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(finder.getByRole('status').filter({ hasText: callUi.finder.connectedUnit('Apto 101') })).toBeVisible();
  await finder.getByRole('button', { name: callUi.finder.hangUp }).click();
  await expect(owner.getByRole('heading', { name: callUi.owner.ended })).toBeVisible();

  expect(ownerErrors).toEqual([]);
  expect(finderErrors).toEqual([]);
  await Promise.all([residentContext.close(), finderContext.close()]);
});
