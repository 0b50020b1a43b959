/** Escapes text for an HTML document built as a string (the print frame's). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/**
 * Prints a document of its own: a hidden frame holds only `bodyHtml`, so the page behind (a
 * modal, the dashboard) is not printed. The frame goes away once printing is done. `bodyHtml`
 * must already be escaped (see `escapeHtml`).
 */
export function printDocument(title: string, bodyHtml: string, css: string): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.title = title;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;right:0;bottom:0;';
  frame.dataset.printFrame = '';
  frame.srcdoc =
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
    `<style>${css}</style></head><body>${bodyHtml}</body></html>`;
  frame.addEventListener('load', () => {
    const view = frame.contentWindow;
    if (!view) return;
    view.addEventListener('afterprint', () => frame.remove());
    view.print();
    // Browsers that print synchronously (or never fire afterprint) still drop the frame.
    window.setTimeout(() => frame.remove(), 60_000);
  });
  document.body.append(frame);
  return frame;
}
