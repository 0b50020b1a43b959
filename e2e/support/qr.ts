import jsQR from 'jsqr';
import type { Page } from '@playwright/test';

/**
 * Decodes the QR code of an image the page can load (its address or a data URL): the page draws it on
 * a canvas and jsQR reads its pixels. Null when there is no QR code in it.
 */
export async function decodeQrImage(page: Page, src: string): Promise<string | null> {
  const { width, height, data } = await page.evaluate(async (source) => {
    const img = new Image();
    img.src = source;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: pixels.width, height: pixels.height, data: Array.from(pixels.data) };
  }, src);
  return jsQR(Uint8ClampedArray.from(data), width, height)?.data ?? null;
}
