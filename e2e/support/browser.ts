import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const DEMO_PASSWORD = 'portal-demo-2026';
export const DEMO_ACCESS_CODE = 'WELCOME-2026';
export const ADMIN_EMAIL = 'admin@demo.agentportal.local';

export const baseUrl = () => inject('baseUrl');

/** One Chromium per test file, launched the way this machine needs it. */
export function useBrowser() {
  const state: { browser: Browser | null } = { browser: null };
  beforeAll(async () => {
    state.browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
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

/** axe: no serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  // The start-up overlay fades out over 200 ms; judge the page a person reads, not the fade.
  await page.locator('[data-slot="loading-overlay"]').waitFor({ state: 'detached' });
  // A toast fades in (and out) over 400 ms; mid-fade its text is paler than the page shows it.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[data-sonner-toast]')).every((toast) =>
      toast.getAnimations().every((animation) => animation.playState !== 'running'),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map(
    (v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
