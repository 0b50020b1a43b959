import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** A serious or critical axe-core violation: the rule and the elements it found. */
export interface SeriousViolation {
  id: string;
  impact: string;
  nodes: string[];
}

/**
 * A11Y-01: the serious and critical violations axe-core finds on what the page shows now (WCAG 2.1
 * A/AA and best practice). Legacy mode runs axe in the page itself; the default mode opens one more
 * page in the context for each scan to merge the frames' results, which doubled the scan's cost
 * (measured: 23 scans, 35.5 s → 19.6 s on one worker) and, on a busy machine with a call's video on
 * both sides, made a single scan last 10–25 s. The app draws no iframe on the screens scanned.
 */
export async function seriousViolations(page: Page): Promise<SeriousViolation[]> {
  // A toast or dialog half-way through its fade has the contrast of its current opacity: measure
  // what the page settles on (infinite animations such as spinners are not waited for). Without it a
  // fresh-clone run found "Toque atualizado." at a serious colour contrast while it faded in.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
