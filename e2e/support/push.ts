import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import { expect } from './fixtures';

/** What the worker's global scope has that a window does not (the e2e project has no WebWorker lib). */
export type WorkerScope = {
  registration: ServiceWorkerRegistration;
  openScanFromNotification: (notification: Notification) => Promise<void>;
  openCallFromNotification: (notification: Notification) => Promise<void>;
};

/** The notifications the worker shows now (title, body, tag; and their data with `withData`). */
export const shownNotifications = (worker: Worker, { withData = false } = {}) =>
  worker.evaluate(async (withData) => {
    const scope = self as unknown as WorkerScope;
    const list = await scope.registration.getNotifications();
    return list.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      ...(withData ? { data: n.data as unknown } : {}),
    }));
  }, withData);

/**
 * Opens `path` on a logged-in page and waits for the site's service worker to control it; returns
 * what a test needs to deliver a push as a push service would (CDP `ServiceWorker.deliverPushMessage`)
 * and wait for its notification (`pushAndExpectShown`), and to run the worker's click code: the origin, the worker.
 */
export async function serviceWorkerOf(context: BrowserContext, page: Page, path: string) {
  const cdp: CDPSession = await context.newCDPSession(page);
  const registrations = new Map<string, { registrationId: string; scopeURL: string; isDeleted: boolean }>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    for (const r of event.registrations) registrations.set(r.registrationId, r);
  });
  await cdp.send('ServiceWorker.enable');
  await page.goto(path);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
  const origin = new URL(page.url()).origin;
  const ours = () => [...registrations.values()].find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
  await expect.poll(() => ours() !== undefined).toBe(true);
  const worker =
    context.serviceWorkers().find((w) => w.url() === `${origin}/sw.js`) ??
    (await context.waitForEvent('serviceworker'));
  /** Delivers `payload` (JSON) to the worker as a push. */
  const push = (payload: unknown) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: ours()!.registrationId,
      data: JSON.stringify(payload),
    });
  /**
   * Delivers `payload` and waits until the worker shows `expected`. Chromium 156.0.8078.114 sometimes drops a
   * push CDP delivers right after the worker took control (call-push: 1 of 3 runs alone, 2026-11-30): while
   * none is shown, the same push is delivered again, as a push service redelivers. A notification's tag is
   * its payload's, so a second delivery cannot show a second one.
   */
  const pushAndExpectShown = async (payload: unknown, expected: unknown[], { withData = false } = {}) => {
    await push(payload);
    await expect
      .poll(
        async () => {
          const list = await shownNotifications(worker, { withData });
          if (list.length === 0) await push(payload);
          return list;
        },
        { intervals: [1_000, 2_000, 4_000] },
      )
      .toEqual(expected);
  };
  return { origin, worker, pushAndExpectShown };
}
