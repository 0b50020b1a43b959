import type { Page } from '@playwright/test';

/** ACC-06: the smallest tap target, in CSS pixels, both ways (WCAG 2.5.5, the AAA size; also Apple's and Google's). */
export const MIN_TAP_PX = 44;

/** One control that is smaller than MIN_TAP_PX × MIN_TAP_PX. */
export interface TapOffender {
  /** The element and its role-ish tag: `button`, `a`, `input[checkbox]`… */
  kind: string;
  /** Its accessible name (approximated in the page: aria-label, aria-labelledby, label, text, title). */
  name: string;
  width: number;
  height: number;
}

/**
 * Every visible interactive element of the page that is smaller than 44 × 44 px, by name.
 *
 * The rule (ACC-06), decided here once:
 * - Interactive: a[href], button, input (not hidden), select, textarea, summary, and anything with
 *   an interactive role (button, link, tab, switch, checkbox, radio, menuitem, option) or a tabindex ≥ 0.
 * - Visible: rendered (checkVisibility with opacity and visibility), larger than 1 × 1 px (the
 *   sr-only skip link is not a target until focused), not inside `inert`, and not clipped away
 *   entirely by an ancestor that hides its overflow (a carousel's slides off to the side) or by the page's edges.
 * - The size is the element's border box. A checkbox, radio or switch is also tapped through its
 *   <label>: it passes when the control or one of its labels is 44 × 44 or larger.
 * - Exempt, as WCAG 2.5.8's inline exception says: a link (display inline) inside a sentence,
 *   i.e. whose nearest block holds text besides the link's own — its size is the line height of
 *   the text around it. A link alone in its line (a footer list, a "see all") is not exempt.
 *   Nothing else is exempt: no spacing exception, disabled controls count (they still look tappable).
 */
export async function tapTargetOffenders(page: Page): Promise<TapOffender[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="switch"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="menuitem"]',
      '[role="option"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');

    const controls = 'a[href], button, summary, [role="button"], [role="link"], [role="tab"], [role="menuitem"], [role="option"]';
    const docWidth = document.documentElement.scrollWidth;
    const docHeight = document.documentElement.scrollHeight;

    /** The part of `el`'s box left after every ancestor's overflow clip; null when nothing is left. */
    function visibleBox(el: Element): DOMRect | null {
      const r = el.getBoundingClientRect();
      let left = r.left;
      let top = r.top;
      let right = r.right;
      let bottom = r.bottom;
      for (let a = el.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.clipPath !== 'none') {
          const c = a.getBoundingClientRect();
          if (style.overflowX !== 'visible') {
            left = Math.max(left, c.left);
            right = Math.min(right, c.right);
          }
          if (style.overflowY !== 'visible') {
            top = Math.max(top, c.top);
            bottom = Math.min(bottom, c.bottom);
          }
          if (right <= left || bottom <= top) return null;
        }
      }
      // The page's own edges (scrolled coordinates): what lies beyond them cannot be reached.
      const sx = window.scrollX;
      const sy = window.scrollY;
      if (right + sx <= 0 || left + sx >= docWidth || bottom + sy <= 0 || top + sy >= docHeight) return null;
      return r;
    }

    function shown(el: Element): boolean {
      if (el.closest('[inert]')) return false;
      // Visually hidden until focused (the sr-only skip link): not a target for a finger.
      const own = getComputedStyle(el);
      if (own.clipPath === 'inset(50%)' || own.clip === 'rect(0px, 0px, 0px, 0px)') return false;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) return false;
      return visibleBox(el) !== null;
    }

    const big = (r: DOMRect) => r.width >= min - 0.5 && r.height >= min - 0.5;

    function nameOf(el: Element): string {
      const text = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
      const label = el.getAttribute('aria-label');
      if (text(label)) return text(label);
      const by = el.getAttribute('aria-labelledby');
      if (by) {
        const joined = by
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ');
        if (text(joined)) return text(joined);
      }
      if ('labels' in el) {
        const labels = (el as HTMLInputElement).labels;
        if (labels && labels.length > 0) return text(Array.from(labels, (l) => l.textContent).join(' '));
      }
      const own = text((el as HTMLElement).innerText || el.textContent);
      if (own) return own;
      const img = el.querySelector('img[alt], svg[aria-label]');
      const alt = img?.getAttribute('alt') ?? img?.getAttribute('aria-label');
      if (text(alt)) return text(alt);
      return text(el.getAttribute('title') ?? (el as HTMLInputElement).placeholder ?? '') || '(sem nome)';
    }

    /** WCAG 2.5.8's inline exception: an inline link whose block holds other text (a link in a sentence). */
    function inSentence(el: Element): boolean {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      if (!block) return false;
      const all = (block.textContent ?? '').replace(/\s+/g, '');
      const own = (el.textContent ?? '').replace(/\s+/g, '');
      return all.length > own.length;
    }

    const offenders: Array<{ kind: string; name: string; width: number; height: number }> = [];
    const seen = new Set<Element>();
    for (const el of Array.from(document.querySelectorAll(selector))) {
      if (seen.has(el)) continue;
      seen.add(el);
      // A control inside another control (a span with tabindex inside a link) is one target: the
      // outer one. A focusable container (a tab panel, tabindex 0) is not a control: what it holds counts.
      if (el.parentElement?.closest(controls) && !(el instanceof HTMLInputElement)) continue;
      if (!shown(el)) continue;
      if (inSentence(el)) continue;
      const box = el.getBoundingClientRect();
      if (big(box)) continue;
      const type = el instanceof HTMLInputElement ? el.type : '';
      const checkable = type === 'checkbox' || type === 'radio' || ['switch', 'checkbox', 'radio'].includes(el.getAttribute('role') ?? '');
      if (checkable && el instanceof HTMLInputElement && el.labels) {
        if (Array.from(el.labels).some((l) => shown(l) && big(l.getBoundingClientRect()))) continue;
      }
      const role = el.getAttribute('role');
      offenders.push({
        kind: `${el.tagName.toLowerCase()}${type ? `[${type}]` : ''}${role ? `[role=${role}]` : ''}`,
        name: nameOf(el).slice(0, 80),
        width: Math.round(box.width),
        height: Math.round(box.height),
      });
    }
    return offenders;
  }, MIN_TAP_PX);
}

/** The offenders as lines a person can act on: `button "Editar: Pulseira" 64×32`. */
export function describeOffenders(offenders: TapOffender[]): string[] {
  return offenders.map((o) => `${o.kind} "${o.name}" ${o.width}×${o.height}`);
}
