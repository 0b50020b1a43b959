import { callUi } from '@toque/contracts/call-ui';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { callsApi } from '@toque/contracts/calls';
import { expectNoSeriousA11yViolations } from './support/dashboard';
import { apiUrl, expect, loginAs, ownedTag, test } from './support';

test('[A11Y-01] axe-core finds no serious or critical violation on the finder page, the ringing /call page and the call history', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { code, token } = await ownedTag(request, 3, {
    name: 'Coleira do Bob',
    importantInfo: 'Late muito, mas é manso.',
  });

  await page.goto(paths.finder(code));
  await expect(page.getByRole('button', { name: callUi.finder.call })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the finder page');

  // A call, left as a message, so the history has a row.
  const call = await request.post(apiUrl(callsApi.create), { data: { code, latitude: -19.9, longitude: -43.9 } });
  const { roomId, callerToken } = (await call.json()) as { roomId: string; callerToken: string };
  const message = await request.post(apiUrl(callsApi.message(roomId)), {
    data: { message: 'Achei o Bob.' },
    headers: { Authorization: `Bearer ${callerToken}` },
  });
  expect(message.status()).toBe(201);

  await loginAs(page, token);
  await page.goto(paths.callHistory);
  await expect(page.getByRole('row').filter({ hasText: 'Achei o Bob.' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the call history');

  // The call that left a message is over: /call rings for a call still ringing (CALL-08).
  const ringing = await request.post(apiUrl(callsApi.create), { data: { code, latitude: -19.9, longitude: -43.9 } });
  const { roomId: ringingRoom } = (await ringing.json()) as { roomId: string };
  expect(ringingRoom).not.toBe(roomId);
  await page.goto(`${paths.call}?roomId=${ringingRoom}&lat=-19.9&lng=-43.9`);
  await expect(page.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the ringing /call page');
});
