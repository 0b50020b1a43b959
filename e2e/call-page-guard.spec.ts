import { callUi } from '@toque/contracts/call-ui';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { callsApi } from '@toque/contracts/calls';
import { apiLogin, apiUrl, expect, expectPath, loginAs, ownedTag, registerUser, test } from './support';

test.describe('/call for a call that is not there', () => {
  test('[CALL-08] [AUTH-02] logged out, /call?roomId=… sends to the login page, not to a ringing screen', async ({ page }) => {
    await page.goto(`${paths.call}?roomId=qualquer-coisa`);
    await expectPath(page, paths.login);
    await expect(page.getByRole('heading', { level: 1, name: ui.headings.login })).toBeVisible();
    await expect(page.getByText(msg.callIncoming)).toHaveCount(0);
  });

  test('[CALL-08] [ACC-04] a made-up room and someone else\'s call say "Chamada não encontrada ou já encerrada." and never ring', async ({
    page,
    request,
  }) => {
    const { code } = await ownedTag(request, 3, { name: 'Coleira da Mel' });
    const other = await request.post(apiUrl(callsApi.create), { data: { code } });
    expect(other.status()).toBe(201);
    const { roomId: someoneElses } = (await other.json()) as { roomId: string };

    await loginAs(page, await apiLogin(request, await registerUser(request)));
    for (const roomId of ['qualquer-coisa', someoneElses]) {
      await page.goto(`${paths.call}?roomId=${roomId}`);
      await expect(page.getByRole('heading', { level: 1, name: callUi.owner.notFound })).toBeVisible();
      await expect(page.getByText(msg.callIncoming)).toHaveCount(0);
      await expect(page.getByRole('button', { name: callUi.owner.answer })).toHaveCount(0);
      await expect(page.locator('audio[data-ring]')).toHaveCount(0);
    }
  });

  test('[CALL-04] [CALL-08] the owner\'s own ringing call still rings', async ({ page, request }) => {
    const { code, token } = await ownedTag(request, 3, { name: 'Coleira do Bob' });
    const { roomId } = (await (await request.post(apiUrl(callsApi.create), { data: { code } })).json()) as { roomId: string };
    await loginAs(page, token);
    await page.goto(`${paths.call}?roomId=${roomId}`);
    await expect(page.getByRole('heading', { name: msg.callIncoming })).toBeVisible();
    await expect(page.getByRole('button', { name: callUi.owner.answer })).toBeVisible();
  });
});
