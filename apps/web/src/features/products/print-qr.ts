import { escapeHtml, printDocument } from '../../lib/print-frame';

/** Prints the QR code alone (TAG-06): the picture and its caption, not the page behind the modal. */
export function printQr(dataUrl: string, title: string, caption: string): void {
  printDocument(
    title,
    `<h1>${escapeHtml(title)}</h1><img src="${escapeHtml(dataUrl)}" alt="${escapeHtml(caption)}"><p>${escapeHtml(caption)}</p>`,
    'body{font-family:system-ui,sans-serif;text-align:center;margin:2cm}img{width:8cm;height:8cm}',
  );
}
