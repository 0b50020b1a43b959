/**
 * PERF-03 / PERF-06: starting the app's code without blocking a slow phone's main thread (issue 35,
 * docs/decisions/0037's addendum). Imported by main.tsx and the finder island, before React: no
 * dependency.
 */

/** Lets the browser do what waits (a tap, a paint) between two steps. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(undefined);
  });
}

/** Links a task: each insertion starts a fetch (39 at once were one 110–230 ms task at 4×). */
const LINKS_PER_TASK = 8;

/**
 * Links `hrefs` (the app's chunks) as `rel`, a few a task. `prefetch` only downloads them into the
 * HTTP cache; `modulepreload` also parses and compiles them, as soon as they arrive.
 */
export async function linkChunks(hrefs: readonly string[], rel: 'prefetch' | 'modulepreload') {
  const linked = new Set(
    [...document.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)].map((link) => link.getAttribute('href')),
  );
  const missing = hrefs.filter((href) => !linked.has(href));
  for (let i = 0; i < missing.length; i += LINKS_PER_TASK) {
    if (i > 0) await nextTask();
    const links = document.createDocumentFragment();
    for (const href of missing.slice(i, i + LINKS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = rel;
      // The CORS mode a module is fetched in, so the import finds a prefetched file in the HTTP cache
      // (measured: transferSize 0 for boot and framework on the first sign of life after the prefetch).
      link.crossOrigin = 'anonymous';
      link.href = href;
      links.append(link);
    }
    document.head.append(links);
  }
}

/**
 * Evaluates the app's chunks one task each, every chunk after those it imports (the build lists
 * them so, boot last): imported at once, the whole graph was evaluated in one task of 100–300 ms on
 * a 4×-slowed phone (Zod's schemas, socket.io, React). Apart, most chunks take less than the 50 ms
 * a task may before it counts as blocking.
 */
export async function evaluateInSteps(hrefs: readonly string[]) {
  for (const href of hrefs) {
    await import(/* @vite-ignore */ href);
    await nextTask();
  }
}
