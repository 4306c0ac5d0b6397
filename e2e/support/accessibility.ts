import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Whether every element a selector list names sits inside a toast or has left the page since. */
function onlyInToasts(page: Page, selectors: string[]) {
  return page.evaluate(
    (list) =>
      list.every((selector) => {
        const element = document.querySelector(selector);
        return element === null || element.closest('[data-sonner-toast]') !== null;
      }),
    selectors,
  );
}

/**
 * The page at rest: CSS animations and transitions finished (pages fade in, ADR 27: mid-fade their
 * text is paler than a person reads it), toasts included; endless ones (a loading indicator) are
 * not waited for.
 */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

interface Finding {
  transient: boolean;
  summary: string[];
}

/** axe's serious and critical violations on the page as it is now. */
async function violations(page: Page): Promise<Finding> {
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map(
    (v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  const targets = bad.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
  const transient =
    targets.length > 0 &&
    (bad.every((v) => v.id === 'color-contrast') || (await onlyInToasts(page, targets)));
  return { transient, summary };
}

/**
 * axe: no serious or critical violation on the page as it is now. What can be pale for a moment is
 * judged again every half second until it passes or the assertion times out, so a real violation
 * still fails, and one that is not of that kind fails at once:
 * - a toast can start fading out while axe reads the page (its timer runs on);
 * - a colour can be mid-transition: a prerendered page's buttons turn from disabled grey to their
 *   colour when React adopts the page, which may start while axe reads it.
 */
export async function expectAccessible(page: Page) {
  const message = `accessibility violations on ${page.url()}`;
  // The start-up overlay fades out over 200 ms; judge the page a person reads, not the fade.
  await expect(page.locator('[data-slot="loading-overlay"]')).toHaveCount(0);
  const first = await violations(page);
  if (!first.transient) {
    expect(first.summary, message).toEqual([]);
    return;
  }
  await expect.poll(async () => (await violations(page)).summary, { message, intervals: [500] }).toEqual([]);
}
