import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { labelLayouts, type LabelLayout } from '@toque/contracts/admin';
import { productLabel } from '@toque/contracts/constants';
import { paths } from '@toque/contracts/routes';

const MM = 72 / 25.4;
const A4 = { width: 595.28, height: 841.89 };

/**
 * ADM-11: a batch's print sheet — on A4 label paper (`layout`), one label a code: its QR code (the
 * finder's page on the public address, drawn as vector squares, so it prints sharp at any size),
 * the code in text and the product. Made with pdf-lib; the codes' order is the batch's.
 */
export async function printSheet(
  codes: string[],
  productId: number,
  publicUrl: string,
  layout: LabelLayout,
): Promise<Uint8Array> {
  const sheet = labelLayouts[layout];
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Toque — etiquetas (${codes.length})`);
  pdf.setCreator('Toque');
  const mono = await pdf.embedFont(StandardFonts.CourierBold);
  const sans = await pdf.embedFont(StandardFonts.Helvetica);
  const perPage = sheet.columns * sheet.rows;
  const base = publicUrl.replace(/\/$/, '');
  let page = pdf.addPage([A4.width, A4.height]);
  for (const [i, code] of codes.entries()) {
    if (i > 0 && i % perPage === 0) page = pdf.addPage([A4.width, A4.height]);
    const slot = i % perPage;
    const col = slot % sheet.columns;
    const row = Math.floor(slot / sheet.columns);
    const x = (sheet.left + col * (sheet.width + sheet.gapX)) * MM;
    const top = A4.height - (sheet.top + row * (sheet.height + sheet.gapY)) * MM;
    const height = sheet.height * MM;
    // The QR code: a square 4 mm inside the label's height, left-aligned with the same margin.
    const qr = QRCode.create(`${base}${paths.finder(code)}`, { errorCorrectionLevel: 'M' });
    const side = height - 8 * MM;
    const cell = side / qr.modules.size;
    const qx = x + 4 * MM;
    const qy = top - 4 * MM - side;
    for (let r = 0; r < qr.modules.size; r++) {
      for (let c = 0; c < qr.modules.size; c++) {
        if (qr.modules.get(r, c))
          page.drawRectangle({
            x: qx + c * cell,
            y: qy + (qr.modules.size - 1 - r) * cell,
            width: cell,
            height: cell,
            color: rgb(0, 0, 0),
          });
      }
    }
    const textX = qx + side + 3 * MM;
    page.drawText(code, { x: textX, y: top - height / 2 + 2, size: 13, font: mono });
    page.drawText(productLabel(productId), {
      x: textX,
      y: top - height / 2 - 11,
      size: 9,
      font: sans,
      color: rgb(0.2, 0.2, 0.2),
    });
  }
  return pdf.save();
}
