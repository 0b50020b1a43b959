import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './dashboard';

/** The two sizes screens are checked at: a 390 × 844 phone and a 1366 × 900 desktop. */
export const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;

/** Screenshots for a person to look at, only when asked for: `SHOTS_DIR=/tmp/shots npx playwright test …`. */
const shotsDir = () => process.env.SHOTS_DIR;

async function screenshot(page: Page, file: string, fullPage = true) {
  const dir = shotsDir();
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${file}.png`, fullPage });
}

/** With SHOTS_DIR set, a screenshot of the page at its own size: `name-<width>.png`. */
export async function shotAtWidth(page: Page, name: string, fullPage = true) {
  await screenshot(page, `${name}-${page.viewportSize()!.width}`, fullPage);
}

/** With SHOTS_DIR set, a full-page screenshot at each of the `viewports` (`name-phone`, `name-desktop`); without it, nothing. */
export async function shootBothSizes(page: Page, name: string) {
  if (!shotsDir()) return;
  for (const [label, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await screenshot(page, `${name}-${label}`);
  }
}

/** axe at each of the `viewports` and, with SHOTS_DIR set, a full-page screenshot of each (`name-phone`, `name-desktop`). */
export async function a11yAtBothSizes(page: Page, name: string) {
  for (const [label, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await expectNoSeriousA11yViolations(page, `${name} at ${label}`);
    await screenshot(page, `${name}-${label}`);
  }
}
