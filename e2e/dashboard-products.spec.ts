import type { Locator, Page } from '@playwright/test';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { defaultTagName } from '@toque/contracts/products';
import { adminApi, paths } from '@toque/contracts/routes';
import { listTags, ownerWithTags, rowControl, share, tab, tagRow } from './support/dashboard';
import { apiLogin, createAdmin, expect, loginAs, newUser, registerUser, test, toast } from './support';
import { printFrames, watchPrintFrames } from './support/print';
import { decodeQrImage } from './support/qr';

const actions = dashboardUi.tagActions;
const tabs = dashboardUi.tabs;

async function openProducts(page: Page) {
  await page.goto(paths.products);
  await expect(page.getByRole('heading', { level: 1, name: dashboardUi.headings.products })).toBeVisible();
}

test.describe('my products', () => {
  // Each test mints its tags with the operator CLI, which takes seconds to start.
  test.describe.configure({ timeout: 90_000 });

  test('[TAG-03] four tabs group the tags by type', async ({ page, request }) => {
    // Pulseira, Campainha, Pet, Objeto, Condomínio.
    const { codes } = await ownerWithTags(request, page, [1, 2, 3, 4, 5]);
    const [bracelet, doorbell, pet, object, condo] = codes as [string, string, string, string, string];
    await openProducts(page);
    const expected: Array<[string, string[]]> = [
      [tabs.residencias, [doorbell, condo]],
      [tabs.pessoas, [bracelet]],
      [tabs.pets, [pet]],
      [tabs.objetos, [object]],
    ];
    const panel = page.getByRole('tabpanel');
    for (const [label, inTab] of expected) {
      await tab(page, label).click();
      await expect(tab(page, label)).toHaveAttribute('aria-selected', 'true');
      await expect(panel.locator('li[data-tag-code]')).toHaveCount(inTab.length);
      for (const code of inTab) await expect(tagRow(panel, code)).toBeVisible();
    }
    // The keyboard moves between tabs too (NAV-05).
    await tab(page, tabs.objetos).focus();
    await page.keyboard.press('Home');
    await expect(tab(page, tabs.residencias)).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, tabs.residencias)).toBeFocused();
  });

  test('[TAG-03] one row is open at a time and clicking the open one closes it', async ({ page, request }) => {
    const { codes } = await ownerWithTags(request, page, [2, 5]);
    await openProducts(page);
    const [a, b] = [tagRow(page, codes[0]!), tagRow(page, codes[1]!)];
    const toggle = (row: Locator) => rowControl(row, actions.details);
    const detail = (row: Locator, code: string) => row.getByText(code, { exact: true });

    await toggle(a).click();
    await expect(detail(a, codes[0]!)).toBeVisible();
    await expect(a.getByText(dashboardUi.status.owner).first()).toBeVisible();
    // FIN-02: the plan's real due date, 30 days of trial after the claim.
    await expect(a.getByText(/^\d{2}\/\d{2}\/\d{4}$/)).toBeVisible();

    await toggle(b).click();
    await expect(detail(b, codes[1]!)).toBeVisible();
    await expect(detail(a, codes[0]!)).toBeHidden();
    await expect(toggle(a)).toHaveAttribute('aria-expanded', 'false');

    await toggle(b).click();
    await expect(detail(b, codes[1]!)).toBeHidden();
    await expect(toggle(b)).toHaveAttribute('aria-expanded', 'false');
  });

  test('[TAG-04] deleting asks first; after confirming the tag is gone', async ({ page, request }) => {
    const owner = await ownerWithTags(request, page, [3, 3]);
    const [kept, deleted] = owner.codes as [string, string];
    await openProducts(page);
    const row = tagRow(page, deleted);

    await rowControl(row, actions.delete).click();
    let dialog = page.getByRole('alertdialog', { name: dashboardUi.deleteTag.title });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: dashboardUi.deleteTag.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await rowControl(row, actions.delete).click();
    dialog = page.getByRole('alertdialog', { name: dashboardUi.deleteTag.title });
    await dialog.getByRole('button', { name: dashboardUi.deleteTag.confirm }).click();
    await expect(toast(page, dashboardUi.toasts.deleted)).toBeVisible();
    await expect(row).toBeHidden();
    await expect(tagRow(page, kept)).toBeVisible();

    await page.reload();
    await expect(tagRow(page, kept)).toBeVisible();
    await expect(tagRow(page, deleted)).toHaveCount(0);
    expect((await listTags(request, owner.token)).map((t) => t.code)).toEqual([kept]);
  });

  test('[TAG-06] the QR modal shows the code of the tag address, to download and print', async ({ page, request }) => {
    const { codes } = await ownerWithTags(request, page, [1]);
    const code = codes[0]!;
    await openProducts(page);
    await tab(page, tabs.pessoas).click();
    await rowControl(tagRow(page, code), actions.qr).click();

    const dialog = page.getByRole('dialog', { name: new RegExp(`^${dashboardUi.qr.title}`) });
    const img = dialog.getByRole('img');
    const url = `${new URL(page.url()).origin}${paths.finder(code)}`;
    await expect(img).toHaveAttribute('data-qr-value', url);
    // The picture itself, decoded, is the tag's public address.
    expect(await decodeQrImage(page, (await img.getAttribute('src'))!)).toBe(url);

    const download = page.waitForEvent('download');
    await dialog.getByRole('link', { name: dashboardUi.qr.download }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`toque-${code}.png`);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(1, 4).toString()).toBe('PNG');

    // Printing prints a frame that holds the same picture only (it goes away once printed).
    await watchPrintFrames(page);
    await dialog.getByRole('button', { name: dashboardUi.qr.print }).click();
    const src = (await img.getAttribute('src'))!;
    await expect.poll(() => printFrames(page)).toEqual([expect.stringContaining(`<img src="${src}"`)]);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('[TAG-04] [TAG-09] a member sees the shared tag as Membro, with an inactive delete control', async ({
    page,
    request,
  }) => {
    const member = await registerUser(request, newUser());
    const owner = await ownerWithTags(request, null, [3]);
    const code = owner.codes[0]!;
    await share(request, owner.token, code, member.email);

    await loginAs(page, await apiLogin(request, member));
    await openProducts(page);
    await tab(page, tabs.pets).click();
    const row = tagRow(page, code);
    await expect(row.getByText(dashboardUi.status.member, { exact: true })).toBeVisible();
    await expect(rowControl(row, actions.delete)).toBeDisabled();
    await expect(rowControl(row, actions.qr)).toBeEnabled();
  });

  test('[ADM-06] a tag an administrator switched off reads Inativo to its owner, never Ativo', async ({ page, request }) => {
    const owner = await ownerWithTags(request, page, [1, 1]);
    const [off, on] = owner.codes as [string, string];
    const admin = await apiLogin(request, createAdmin());
    const res = await request.patch(`/api${adminApi.qrStatus(off)}`, {
      headers: { authorization: `Bearer ${admin}` },
      data: { is_active: false },
    });
    expect(res.status()).toBe(200);

    await openProducts(page);
    await tab(page, tabs.pessoas).click();
    const offRow = tagRow(page, off);
    // The badge beside the type ('Inativo', with its reason for screen readers)…
    await expect(offRow.getByText(dashboardUi.status.inactive).first()).toBeVisible();
    await expect(offRow.getByText(dashboardUi.status.owner, { exact: true })).toHaveCount(0);
    // …and the status in the detail.
    await rowControl(offRow, actions.details).click();
    await expect(offRow.getByText(dashboardUi.status.inactive, { exact: true })).toBeVisible();
    await expect(offRow.getByText(dashboardUi.status.owner, { exact: true })).toHaveCount(0);
    await expect(tagRow(page, on).getByText(dashboardUi.status.owner, { exact: true })).toBeVisible();
  });

  test('[TAG-10] a newly added tag has its default name, in the row and in the delete dialog', async ({ page, request }) => {
    const { codes } = await ownerWithTags(request, page, [4]);
    const code = codes[0]!;
    const name = defaultTagName(4, code);
    expect(name).toBe(`Objeto ${code.slice(-4)}`);
    await openProducts(page);
    await tab(page, tabs.objetos).click();
    const row = tagRow(page, code);
    await expect(row.getByRole('heading', { name })).toBeVisible();
    await rowControl(row, actions.delete).click();
    const dialog = page.getByRole('alertdialog', { name: dashboardUi.deleteTag.title });
    await expect(dialog).toContainText(`"${name}"`);
    await expect(dialog).not.toContainText('""');
  });
});
