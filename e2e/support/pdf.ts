import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * A PDF read back as a person's reader would (FIND-10's poster): pdf.js (Mozilla's, the legacy
 * build for Node) extracts each page's text and renders a page to pixels (@napi-rs/canvas), where
 * jsQR finds the QR code. Shared by the API tests and the browser tests.
 */
const fonts = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function open(bytes: Uint8Array) {
  // pdf.js takes the buffer over: it gets a copy.
  return getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: fonts, isEvalSupported: false, verbosity: 0 }).promise;
}

export interface PdfReadBack {
  pages: number;
  /** Each page's text, its runs joined by spaces. */
  text: string[];
  /** Page sizes in points. */
  sizes: { width: number; height: number }[];
}

export async function readPdf(bytes: Uint8Array): Promise<PdfReadBack> {
  const doc = await open(bytes);
  try {
    const text: string[] = [];
    const sizes: { width: number; height: number }[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      text.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim(),
      );
      const { width, height } = page.getViewport({ scale: 1 });
      sizes.push({ width, height });
    }
    return { pages: doc.numPages, text, sizes };
  } finally {
    await doc.destroy();
  }
}

/** The QR code on a page, decoded from the page rendered at `scale` (2: 144 dpi); null when none is found. */
export async function pdfQrCode(bytes: Uint8Array, pageNumber = 1, scale = 2): Promise<string | null> {
  const doc = await open(bytes);
  try {
    const page = await doc.getPage(pageNumber);
    const viewport = page.getViewport({ scale });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // @napi-rs/canvas stands in for the browser's canvas (pdf.js' own Node rendering uses it too).
    await page.render({ canvas, canvasContext: context, viewport } as unknown as Parameters<typeof page.render>[0]).promise;
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(Uint8ClampedArray.from(data), width, height)?.data ?? null;
  } finally {
    await doc.destroy();
  }
}
