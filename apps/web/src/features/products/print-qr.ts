/**
 * Prints the QR code alone (TAG-06): a hidden frame holds only the picture and its caption, so
 * the page behind the modal is not printed. The frame goes away once printing is done.
 */
export function printQr(dataUrl: string, title: string, caption: string): void {
  const frame = document.createElement('iframe');
  frame.title = title;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;right:0;bottom:0;';
  const escape = (text: string) =>
    text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
  frame.srcdoc =
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escape(title)}</title>` +
    '<style>body{font-family:system-ui,sans-serif;text-align:center;margin:2cm}img{width:8cm;height:8cm}</style>' +
    `</head><body><h1>${escape(title)}</h1><img src="${escape(dataUrl)}" alt="${escape(caption)}"><p>${escape(caption)}</p></body></html>`;
  frame.addEventListener('load', () => {
    const view = frame.contentWindow;
    if (!view) return;
    view.addEventListener('afterprint', () => frame.remove());
    view.print();
    // Browsers that print synchronously (or never fire afterprint) still drop the frame.
    window.setTimeout(() => frame.remove(), 60_000);
  });
  document.body.append(frame);
}
