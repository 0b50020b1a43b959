import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { posterText } from '@toque/contracts/poster';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
/** The QR code's side: 7.4 cm, read from a couple of metres on a lamp post. */
const QR_SIDE = 210;
const RED = rgb(0.73, 0.11, 0.11);
const INK = rgb(0.08, 0.09, 0.11);
const GREY = rgb(0.3, 0.32, 0.36);

/** What the poster shows: only what the finder's page shows (lib/finder-view.ts decided it). */
export interface PosterContent {
  name: string;
  /** The lost-mode message, the poster's main text. */
  message: string;
  /** The important information, when switched on for finders. */
  importantInfo: string | null;
  /** The reward as the page says it ('R$ 200,00 — e um abraço'), when switched on. */
  reward: string | null;
  /** dd/mm/yyyy, when lost mode went on (null: from before it was recorded). */
  lostOn: string | null;
  /** The city, when switched on. */
  city: string | null;
  /** The photo as a JPEG (the photo workers made it from the stored WebP), when switched on. */
  photoJpeg: Buffer | null;
  /** The finder's page: what the QR code opens. */
  pageUrl: string;
}

/**
 * The standard fonts are WinAnsi: Portuguese letters are in it, an emoji or another script is
 * not and would throw — those characters are left out (the page keeps them).
 */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return Array.from(text.normalize('NFC'))
    .filter((ch) => ch === '\n' || known.has(ch.codePointAt(0)!))
    .join('')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** Lines of at most `width` points; a word longer than a line is cut. At most `maxLines`, the last one ending in '…'. */
function wrap(font: PDFFont, size: number, text: string, width: number, maxLines: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ').filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (!fits(rest)) {
        let cut = rest.length - 1;
        while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    if (line) lines.push(line);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last && !fits(`${last}…`)) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return kept;
}

/** Draws lines centred from `top` down; answers the y under the last one. */
function centred(page: PDFPage, lines: string[], font: PDFFont, size: number, top: number, color = INK, leading = 1.25): number {
  let y = top;
  for (const line of lines) {
    y -= size;
    page.drawText(line, { x: (A4.width - font.widthOfTextAtSize(line, size)) / 2, y, size, font, color });
    y -= size * (leading - 1);
  }
  return y;
}

/**
 * FIND-10 (docs/decisions/0054): the lost poster, one A4 page — the headline, the name, the photo,
 * the owner's message, the date and city, the reward, what to know, and a large QR code of the
 * finder's page (vector squares, sharp at any print size) with its caption. The owner's phone,
 * e-mail, address and name are never among its inputs. Made with pdf-lib and qrcode, as the
 * admin's label sheets (admin/print-sheet.ts); the photo arrives as a JPEG, embedded as it is.
 */
export async function posterPdf(content: PosterContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const sans = await pdf.embedFont(StandardFonts.Helvetica);
  const name = printable(bold, content.name) || posterText.unnamed;
  pdf.setTitle(printable(sans, posterText.title(name)));
  pdf.setCreator('Toque');
  pdf.setProducer('Toque');
  const page = pdf.addPage([A4.width, A4.height]);

  // A red band on top: the poster is seen before it is read.
  page.drawRectangle({ x: 0, y: A4.height - 12, width: A4.width, height: 12, color: RED });
  let y = centred(page, [posterText.heading], bold, 54, A4.height - MARGIN, RED, 1.15);
  y = centred(page, wrap(bold, 32, name, CONTENT_WIDTH, 2), bold, 32, y - 4, INK, 1.15);

  // Everything above the QR code's block shares what is left; the photo takes what the text leaves.
  // (with room for the QR code's quiet zone, four modules, above it)
  const qrBlockTop = MARGIN + 40 + QR_SIDE + 34;
  const message = wrap(bold, 17, printable(bold, content.message), CONTENT_WIDTH, 5);
  const when = content.lostOn || content.city ? printable(sans, posterText.lostOn(content.lostOn, content.city)) : null;
  const reward = content.reward ? wrap(bold, 20, printable(bold, posterText.reward(content.reward)), CONTENT_WIDTH, 2) : [];
  const info = content.importantInfo ? wrap(sans, 12, printable(sans, content.importantInfo), CONTENT_WIDTH - 24, 4) : [];
  const textHeight =
    message.length * 17 * 1.25 + (when ? 14 * 1.4 : 0) + reward.length * 20 * 1.25 + (info.length ? 36 + info.length * 15 : 0) + 16;

  if (content.photoJpeg) {
    const image = await pdf.embedJpg(content.photoJpeg);
    const room = y - 12 - qrBlockTop - textHeight;
    const boxHeight = Math.min(300, room);
    if (boxHeight >= 80) {
      const scale = Math.min(CONTENT_WIDTH / image.width, boxHeight / image.height);
      const width = image.width * scale;
      const height = image.height * scale;
      page.drawImage(image, { x: (A4.width - width) / 2, y: y - 12 - height, width, height });
      y = y - 12 - height;
    }
  }
  // Without a photo, the text stands in the middle of the room above the QR code.
  if (!content.photoJpeg) y -= Math.max(0, (y - qrBlockTop - textHeight) / 2 - 16);
  y = centred(page, message, bold, 17, y - 16);
  if (when) y = centred(page, [when], sans, 14, y - 2, GREY, 1.4);
  if (reward.length) y = centred(page, reward, bold, 20, y - 2, RED);
  if (info.length) {
    const boxTop = y - 8;
    const boxHeight = 28 + info.length * 15;
    page.drawRectangle({
      x: MARGIN,
      y: boxTop - boxHeight,
      width: CONTENT_WIDTH,
      height: boxHeight,
      borderColor: rgb(0.85, 0.6, 0.1),
      borderWidth: 1.5,
      color: rgb(1, 0.97, 0.88),
    });
    page.drawText(posterText.importantInfo, { x: MARGIN + 12, y: boxTop - 17, size: 12, font: bold, color: INK });
    info.forEach((line, i) => page.drawText(line, { x: MARGIN + 12, y: boxTop - 33 - i * 15, size: 12, font: sans, color: INK }));
  }

  // The QR code of the finder's page: one vector path of its dark modules (a path, not a square a
  // module, so no hairline seams between neighbours when it is printed or shown), its quiet zone white.
  const qr = QRCode.create(content.pageUrl, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const squares: string[] = [];
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) if (qr.modules.get(r, c)) squares.push(`M${c} ${r}h1v1h-1z`);
  }
  const qx = (A4.width - QR_SIDE) / 2;
  const qy = MARGIN + 40;
  page.drawSvgPath(squares.join(''), { x: qx, y: qy + QR_SIDE, scale: QR_SIDE / size, color: rgb(0, 0, 0), borderWidth: 0 });
  page.drawText(posterText.scan, {
    x: (A4.width - bold.widthOfTextAtSize(posterText.scan, 15)) / 2,
    y: qy - 20,
    size: 15,
    font: bold,
    color: INK,
  });
  const orOpen = posterText.orOpen(content.pageUrl);
  page.drawText(orOpen, { x: (A4.width - sans.widthOfTextAtSize(orOpen, 10)) / 2, y: qy - 35, size: 10, font: sans, color: GREY });
  page.drawText(posterText.footer, {
    x: (A4.width - sans.widthOfTextAtSize(posterText.footer, 7.5)) / 2,
    y: 22,
    size: 7.5,
    font: sans,
    color: GREY,
  });
  return pdf.save();
}
