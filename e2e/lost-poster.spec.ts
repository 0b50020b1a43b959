import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { callUi } from '@toque/contracts/call-ui';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { posterFilename, posterOg, posterText, posterUi } from '@toque/contracts/poster';
import { paths, productsApi } from '@toque/contracts/routes';
import { expect, loginAs, ownedTag, seriousViolations, test, toast } from './support';
import { pdfQrCode, readPdf } from './support/pdf';

/**
 * FIND-10: on a 390 px phone the owner turns lost mode on, downloads the lost poster and shares the
 * page's link; the PDF is read back (its text, its QR code decoded from the rendered page) and the
 * link's page carries its Open Graph preview.
 */
test.describe.configure({ timeout: 120_000 });

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = process.env.SHOTS_DIR;

test("[FIND-10] the owner turns lost mode on, downloads the A4 poster (its text and QR code read back from the file) and shares the page's link with its preview", async ({
  browser,
  request,
}) => {
  const { code, user, token } = await ownedTag(request, 3, { name: 'Rex', importantInfo: 'Toma remédio às 8h' });
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#b5651d' } }).jpeg().toBuffer();
  const uploaded = await request.put(`/api${productsApi.photo(code)}`, {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
    data: photo,
  });
  expect(uploaded.status()).toBe(200);

  // The owner, on a phone, with a share sheet (recorded) and the clipboard.
  const context = await browser.newContext({ ...phone, acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await context.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { __shared: shared });
    Object.defineProperty(navigator, 'share', { value: (data: ShareData) => (shared.push(data), Promise.resolve()), configurable: true });
  });
  const owner = await context.newPage();
  await loginAs(owner, token);
  await owner.goto(paths.editTag(code));

  // Lost mode on: the poster waits for it to be saved.
  const poster = owner.getByRole('region', { name: posterUi.heading });
  await owner.getByRole('switch', { name: callUi.scans.lostToggle, exact: true }).check();
  await expect(owner.getByText(posterUi.saveFirst)).toBeVisible();
  await expect(poster).toHaveCount(0);
  await owner.getByLabel(callUi.scans.lostMessage, { exact: true }).fill('Fugiu perto da praça, atende por Rex');
  await owner.getByLabel(callUi.scans.lostRewardAmount, { exact: true }).fill('150');
  await owner.getByLabel(dashboardUi.editTag.lostCity, { exact: true }).fill('Belo Horizonte');
  await owner.getByRole('switch', { name: dashboardUi.editTag.showCity, exact: true }).check();
  await owner.getByRole('button', { name: dashboardUi.editTag.save, exact: true }).click();
  await expect(toast(owner, dashboardUi.toasts.updated)).toBeVisible();
  await expect(poster).toBeVisible();
  expect(await seriousViolations(owner)).toEqual([]);

  // The poster, as the phone saves it.
  const [download] = await Promise.all([
    owner.waitForEvent('download'),
    poster.getByRole('button', { name: posterUi.download }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(posterFilename(code));
  const bytes = new Uint8Array(await readFile(await download.path()));
  const pdf = await readPdf(bytes);
  expect(pdf.pages).toBe(1);
  expect([Math.round(pdf.sizes[0]!.width), Math.round(pdf.sizes[0]!.height)]).toEqual([595, 842]);
  const text = pdf.text[0]!;
  for (const shown of [
    posterText.heading,
    'Rex',
    'Fugiu perto da praça, atende por Rex',
    'Belo Horizonte',
    posterText.reward('R$ 150,00'),
    'Toma remédio às 8h',
    posterText.scan,
  ]) {
    expect(text).toContain(shown);
  }
  expect(text).toMatch(/Perdido em \d{2}\/\d{2}\/\d{4}, em Belo Horizonte/);
  // Nothing of the owner on it.
  for (const hidden of [user.name.split(' ')[0]!, user.email, user.phone, user.cpfOrCnpj]) expect(text).not.toContain(hidden);
  // Its QR code, decoded from the rendered page, is the tag's page.
  const pageUrl = await pdfQrCode(bytes);
  expect(pageUrl).not.toBeNull();
  expect(new URL(pageUrl!).pathname).toBe(paths.finder(code));

  // Sharing: the phone's share sheet gets the page's link; WhatsApp's link carries it; the link is copied.
  await poster.getByRole('button', { name: posterUi.share }).click();
  await expect
    .poll(() => owner.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared))
    .toEqual([{ title: 'Rex', text: posterUi.shareText('Rex'), url: pageUrl }]);
  const whatsapp = poster.getByRole('link', { name: posterUi.whatsapp });
  await expect(whatsapp).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(`${posterUi.shareText('Rex')} ${pageUrl}`)}`);
  await poster.getByRole('button', { name: posterUi.copy }).click();
  await expect(toast(owner, posterUi.copied)).toBeVisible();
  expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);
  if (SHOTS) await owner.screenshot({ path: `${SHOTS}/find10-poster-390.png`, fullPage: true });
  await owner.setViewportSize({ width: 1366, height: 900 });
  if (SHOTS) await owner.screenshot({ path: `${SHOTS}/find10-poster-1366.png`, fullPage: true });

  // The shared link's page: its preview in the server's HTML head, the image a 1200 × 630 JPEG.
  const html = await (await request.get(paths.finder(code))).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const og = (property: string) => new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(head)?.[1];
  expect(og('og:title')).toBe(posterOg.title('Rex'));
  expect(og('og:url')).toBe(pageUrl);
  expect(og('og:description')).toContain('Fugiu perto da praça, atende por Rex');
  const image = await request.get(og('og:image')!);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/jpeg');
  const meta = await sharp(await image.body()).metadata();
  expect([meta.width, meta.height]).toEqual([1200, 630]);
});
