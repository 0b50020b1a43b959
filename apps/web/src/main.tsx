import './index.css';
import { evaluateInSteps, linkChunks } from './lib/app-start';

// BRW-01: Zod probes whether it may compile parsers with `new Function`; under this site's CSP
// (script-src 'self', no 'unsafe-eval') the caught probe is still a CSP violation in every browser,
// and Firefox logs it as an error. Its jitless mode skips the probe. It must be on before Zod loads
// (the app's chunks, imported below): Zod adopts a `globalThis.__zod_globalConfig` set before it.
const zodConfig = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodConfig.__zod_globalConfig = { ...zodConfig.__zod_globalConfig, jitless: true };

/**
 * The app's code: React, the routes and the page's chunks (#root's data-preload, each chunk after
 * those it imports, boot last), fetched together and evaluated one task each, so that a slow phone's
 * main thread is never blocked for the whole graph at once (issue 35, docs/decisions/0037's addendum).
 */
function boot() {
  const chunks = document.getElementById('root')?.dataset.preload?.split(' ').filter(Boolean) ?? [];
  void linkChunks(chunks, 'modulepreload');
  void evaluateInSteps(chunks).then(() => import('./boot'));
}

/**
 * Runs `start` once the browser has painted the page: the paint timing entry, not a timer, says
 * so. A hidden tab (it does not paint) and a browser without paint timing start at once; a page
 * that never paints starts after a while anyway.
 */
function afterFirstPaint(start: () => void) {
  const paintTiming =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes.includes('paint');
  if (document.visibilityState === 'hidden' || !paintTiming) return start();
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    start();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) go();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(go, 3000);
}

// A prerendered page (PERF-03) is already in the HTML: its code is neither fetched nor run before
// the browser has painted it. Any other page starts the app at once.
if (document.getElementById('root')?.dataset.prerendered) afterFirstPaint(boot);
else boot();
