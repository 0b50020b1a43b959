import type { Page } from '@playwright/test';
import { accountUi } from '@toque/contracts/account';
import { chargesApi } from '@toque/contracts/billing';
import { formatReais } from '@toque/contracts/money';
import { paths, productsApi } from '@toque/contracts/routes';
import {
  apiLogin,
  apiUrl,
  bearerOf,
  buildingWith,
  expect,
  loginAs,
  mintCode,
  newUser,
  registerUser,
  test,
} from './support';

/** ACC-08: the delete dialog names what goes — the tags, the units left, open charges, shares — before the password. */
const d = accountUi.deleteDialog;
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png` });
};

test('[ACC-08] at 390×844: "Excluir minha conta" lists the tag, the unit, the open charge and both shares, each named', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const ana = newUser({ name: 'Ana Dona' });
  const bia = await registerUser(request, newUser({ name: 'Bia Amiga' }));
  // Ana lives in Apto 101 of a building.
  const building = await buildingWith(request, { name: 'Edifício Aurora', unitNames: ['Apto 101'], residents: [ana], unitOf: [0] });
  const token = building.tokens[0]!;
  const headers = bearerOf(token);
  const biaHeaders = bearerOf(await apiLogin(request, bia));
  const claim = async (auth: Record<string, string>, productId: number, name: string) => {
    const code = await mintCode(productId);
    expect((await request.put(apiUrl(productsApi.associate), { headers: auth, data: { code } })).status()).toBe(200);
    expect((await request.put(apiUrl(productsApi.updateName), { headers: auth, data: { code, name } })).ok()).toBe(true);
    return code;
  };
  // Ana's tag, shared with Bia; Bia's tag, shared with Ana.
  const mel = await claim(headers, 3, 'Coleira da Mel');
  expect((await request.post(apiUrl(productsApi.member), { headers, data: { code: mel, email: bia.email } })).status()).toBe(201);
  const chave = await claim(biaHeaders, 4, 'Chave da Bia');
  expect((await request.post(apiUrl(productsApi.member), { headers: biaHeaders, data: { code: chave, email: ana.email } })).status()).toBe(201);
  // An open Pix charge for Ana's tag.
  expect((await request.post(`/api${chargesApi.charges}`, { headers, data: { codes: [mel] } })).status()).toBe(201);

  await loginAs(page, token);
  await page.goto(paths.account);
  await page.getByRole('button', { name: accountUi.privacy.delete }).click();
  const dialog = page.getByRole('alertdialog', { name: d.title });
  await expect(dialog.getByRole('list', { name: d.tagsHeading }).getByRole('listitem')).toHaveText(['Coleira da Mel']);
  await expect(dialog.getByRole('list', { name: d.unitsHeading }).getByRole('listitem')).toHaveText([
    d.unitLine('Apto 101', 'Edifício Aurora'),
  ]);
  await expect(dialog.getByRole('list', { name: d.chargesHeading }).getByRole('listitem')).toHaveText([
    d.chargeLine(formatReais(2990), 'Coleira da Mel'),
  ]);
  const shares = dialog.getByRole('list', { name: d.sharesHeading }).getByRole('listitem');
  await expect(shares).toHaveText([d.shareMine('Coleira da Mel', 'Bia Amiga'), d.shareTheirs('Chave da Bia', 'Bia Amiga')]);
  await expect(dialog.getByLabel(d.password, { exact: true })).toBeVisible();
  await shot(page, 'delete-preview-390');
});
