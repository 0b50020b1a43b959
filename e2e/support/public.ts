import type { Locator, Page } from '@playwright/test';
import { paths } from '@toque/contracts/routes';
import { expect } from '../support';

/** The site's public marketing pages: home, the product pages, the manual, the legal pages, the landing and coming-soon pages. */
export const marketingPaths = [
  paths.home,
  paths.bracelets,
  paths.collars,
  paths.objects,
  paths.doorbells,
  paths.manual,
  paths.privacy,
  paths.terms,
  paths.landing,
  paths.comingSoon,
];

/** Fake time starts here and stands still until a test moves it (page.clock). */
const CLOCK_START = new Date('2026-03-02T12:00:00-03:00').getTime();

/**
 * Installs Playwright's clock, paused: timers fire only when the test calls runFor/fastForward, so
 * carousel timings are exact and take no real time.
 */
export async function freezeClock(page: Page) {
  await page.clock.install({ time: CLOCK_START });
  await page.clock.pauseAt(CLOCK_START + 1000);
}

/** Opens a public page and waits until it is hydrated (its effects run: timers are set). */
export async function openPage(page: Page, path: string) {
  await page.goto(path);
  const pathname = new URL(path, 'http://x').pathname;
  await expect(page.locator('html')).toHaveAttribute('data-page-ready', pathname);
}

/** The banner's visible slide (PUB-01). */
export function activeSlide(page: Page): Locator {
  return page.locator('[aria-roledescription="slide"][data-active="true"]');
}

/** Names on the testimonial cards, in order (PUB-03). */
export function testimonialNames(page: Page): Promise<(string | null)[]> {
  return page
    .locator('[data-testimonial]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-testimonial')));
}

/** Waits two animation frames and a task: enough for IntersectionObserver callbacks to run. */
export async function settle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
  );
}

/** Asserts a link opens a new tab without a reference back to the site. */
export async function expectNewTab(link: Locator) {
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
}
