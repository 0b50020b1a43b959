import type { Page } from '@playwright/test';

/** Starts watching the print frames the page adds (their srcdoc). Call after the page has loaded. */
export async function watchPrintFrames(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { printFrames: string[] }).printFrames = seen;
    new MutationObserver((records) => {
      for (const node of records.flatMap((r) => Array.from(r.addedNodes))) {
        if (node instanceof HTMLIFrameElement) seen.push(node.srcdoc);
      }
    }).observe(document.body, { childList: true });
  });
}

/** The documents (srcdoc) of the print frames the page added since `watchPrintFrames`. */
export function printFrames(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { printFrames: string[] }).printFrames);
}
