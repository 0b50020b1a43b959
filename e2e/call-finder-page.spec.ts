import { callUi } from '@toque/contracts/call-ui';
import { callMsg } from '@toque/contracts/messages';
import { paths, productsApi } from '@toque/contracts/routes';
import { apiUrl, expect, expectPath, mintCodes, ownedTag, test, toque } from './support';

test('[ADM-06] [CALL-01] an inactive tag says so and offers no call button', async ({ page, request }) => {
  const { code } = await ownedTag(request, 2, { name: 'Casa da praia' });
  toque('set-active', code, 'off');
  await page.goto(paths.finder(code));
  await expect(page.getByRole('heading', { name: callMsg.inactive })).toBeVisible();
  await expect(page.getByRole('button', { name: callUi.finder.callHome })).toHaveCount(0);
  // Nothing about the owner or the tag's name is shown for a tag that cannot be called.
  await expect(page.getByText('Casa da praia')).toHaveCount(0);

  toque('set-active', code, 'on');
  await page.reload();
  // A house's doorbell (FIND-05) is rung, not "called".
  await expect(page.getByRole('button', { name: callUi.finder.callHome })).toBeVisible();
});

test('[CALL-01] an unclaimed code goes to onboarding; an unknown one says so', async ({ page }) => {
  const [code] = await mintCodes(1);
  await page.goto(paths.finder(code!.toLowerCase()));
  await expectPath(page, paths.onboarding(code!));

  await page.goto(paths.finder('ZZZZZZZ2'));
  await expect(page.getByRole('heading', { name: callMsg.tagNotFound })).toBeVisible();
  await expect(page.getByRole('button', { name: callUi.finder.call })).toHaveCount(0);
});

test('[CALL-01] a tag its owner deleted says so and cannot be called', async ({ page, request }) => {
  const { code, token } = await ownedTag(request, 4);
  const res = await request.delete(apiUrl(productsApi.disable), {
    data: { code },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  await page.goto(paths.finder(code));
  await expect(page.getByRole('heading', { name: callMsg.disabled })).toBeVisible();
  await expect(page.getByRole('button', { name: callUi.finder.call })).toHaveCount(0);
});
