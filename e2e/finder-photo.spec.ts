import { devices, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { callUi } from '@toque/contracts/call-ui';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { photoMsg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { expect, loginAs, markLost, ownedTag, seriousViolations, test, toast } from './support';

/**
 * FIND-09: the owner sends a photo from a 390 px phone and switches fields off; a finder's phone
 * and the server's HTML show the photo and nothing switched off.
 */
test.describe.configure({ timeout: 120_000 });

const labels = dashboardUi.editTag;
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const SHOTS = process.env.SHOTS_DIR;

/** A phone camera's JPEG: EXIF with a GPS position, as the owner's gallery has it. */
const cameraJpeg = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c8782d' } })
    .withMetadata({
      exif: {
        IFD0: { Make: 'Apple', Model: 'iPhone 15' },
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '19/1 55/1 0/1' },
      },
    })
    .jpeg()
    .toBuffer();

/** Tabs forward until `target` has the focus (at most `max` presses). */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reached with the keyboard');
}

test('[FIND-09] the owner uploads a photo on a 390 px phone and switches the first name and the reward off; the finder and the server HTML show the photo and not them', async ({
  browser,
  request,
}) => {
  const { code, user, token } = await ownedTag(request, 3, { name: 'Rex' });
  const first = user.name.split(' ')[0]!;
  await markLost(request, token, code, { name: 'Rex', message: 'Rex fugiu perto da praça!', rewardCents: 20_000 });

  // The owner, on a phone.
  const ownerContext = await browser.newContext(phone);
  const owner = await ownerContext.newPage();
  await loginAs(owner, token);
  await owner.goto(paths.editTag(code));
  const fileInput = owner.getByLabel(labels.photoChoose);
  await expect(fileInput).toBeVisible();
  expect(await seriousViolations(owner)).toEqual([]);

  // The keyboard reaches the upload and the switches.
  await owner.locator('body').focus();
  await tabTo(owner, fileInput);
  const nameSwitch = owner.getByRole('switch', { name: labels.showOwnerName });
  await tabTo(owner, nameSwitch);
  await expect(nameSwitch).toBeChecked();
  await owner.keyboard.press('Space');
  await expect(nameSwitch).not.toBeChecked();

  await fileInput.setInputFiles({ name: 'rex.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg() });
  await expect(toast(owner, photoMsg.saved)).toBeVisible();
  const preview = owner.getByRole('img', { name: labels.photoAlt('Rex') });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1024);
  await expect(owner.getByLabel(labels.photoReplace)).toBeVisible();

  await owner.getByRole('switch', { name: labels.showReward }).uncheck();
  await owner.getByRole('button', { name: labels.save, exact: true }).click();
  await expect(toast(owner, dashboardUi.toasts.updated)).toBeVisible();
  expect(await seriousViolations(owner)).toEqual([]);
  if (SHOTS) await owner.screenshot({ path: `${SHOTS}/find09-edit-390.png`, fullPage: true });
  await owner.setViewportSize({ width: 1366, height: 900 });
  if (SHOTS) await owner.screenshot({ path: `${SHOTS}/find09-edit-1366.png`, fullPage: true });

  // A finder's phone.
  const finderContext = await browser.newContext({ ...devices['Pixel 7'] });
  const finder = await finderContext.newPage();
  await finder.goto(paths.finder(code));
  await expect(finder.getByText('Rex fugiu perto da praça!')).toBeVisible();
  const photo = finder.getByRole('img', { name: callUi.finder.photoAlt('Rex') });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1024);
  expect(await photo.getAttribute('width')).toBe('1024');
  expect(await photo.getAttribute('decoding')).toBe('async');
  await expect(finder.getByText(callUi.finder.ownerIs(first))).toHaveCount(0);
  await expect(finder.getByText(/Recompensa|R\$/)).toHaveCount(0);
  if (SHOTS) await finder.screenshot({ path: `${SHOTS}/find09-finder-390.png`, fullPage: true });
  await finder.setViewportSize({ width: 1366, height: 900 });
  if (SHOTS) await finder.screenshot({ path: `${SHOTS}/find09-finder-1366.png`, fullPage: true });

  // The server's HTML, before any script.
  const html = await (await request.get(paths.finder(code))).text();
  const src = await photo.getAttribute('src');
  expect(src).toMatch(/\/photo\/[0-9a-f]{32}\.webp$/);
  expect(html).toContain(src!);
  expect(html).toContain('Rex fugiu perto da praça!');
  expect(html).not.toContain(callUi.finder.ownerIs(first));
  expect(html).not.toContain('Recompensa');
  expect(html).not.toContain('200,00');
  const served = await request.get(src!);
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const meta = await sharp(await served.body()).metadata();
  expect([meta.format, meta.exif, meta.icc]).toEqual(['webp', undefined, undefined]);
});
