import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

import { CHROMIUM, CHROMIUM_ARGS } from './demo';

export { ADMIN_EMAIL, CHROMIUM, DEMO_ACCESS_CODE, DEMO_PASSWORD } from './demo';

export const baseUrl = () => inject('baseUrl');

/** One Chromium per test file, launched the way this machine needs it. */
export function useBrowser() {
  const state: { browser: Browser | null } = { browser: null };
  beforeAll(async () => {
    state.browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  return {
    async newContext(options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
      const context = await state.browser!.newContext({ baseURL: baseUrl(), ...options });
      context.setDefaultTimeout(15_000);
      return context;
    },
    async newPage(options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
      const context = await this.newContext(options);
      return context.newPage();
    },
  };
}

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

/** Toasts finished fading in or out: mid-fade their text is paler than the page shows it. */
async function toastsSettled(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[data-sonner-toast]')).every((toast) =>
      toast.getAnimations({ subtree: true }).every((animation) => animation.playState !== 'running'),
    ),
  );
}

/** CSS animations and transitions finished; endless ones (a loading indicator) are not waited for. */
async function animationsSettled(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/**
 * axe: no serious or critical violation on the page as it is now. What can be pale for a moment
 * is judged again after half a second, up to three times, so a real violation still fails:
 * - a toast can start fading out while axe reads the page (its timer runs on);
 * - a colour can be mid-transition: a prerendered page's buttons turn from disabled grey to their
 *   colour when React adopts the page, which may start while axe reads it.
 */
export async function expectAccessible(page: Page) {
  // The start-up overlay fades out over 200 ms; judge the page a person reads, not the fade.
  await page.locator('[data-slot="loading-overlay"]').waitFor({ state: 'detached' });
  let summary: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    // Pages fade in (ADR 27): mid-fade their text is paler than a person reads it.
    await animationsSettled(page);
    await toastsSettled(page);
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    summary = bad.map(
      (v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    const targets = bad.flatMap((v) => v.nodes.map((n) => n.target.join(' ')));
    if (targets.length === 0) break;
    const transient = bad.every((v) => v.id === 'color-contrast') || (await onlyInToasts(page, targets));
    if (!transient) break;
    await page.waitForTimeout(500);
  }
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
