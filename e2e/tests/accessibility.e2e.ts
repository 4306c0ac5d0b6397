import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, expectAccessible, useBrowser } from '../support/browser';
import { seeHeading, signIn } from '../support/mailbox';
import { PUBLIC_PAGES, SIGNED_IN_PAGES } from '../support/pages';

const browser = useBrowser();

describe('public pages have no serious or critical axe violation', () => {
  for (const width of [1280, 390]) {
    it.each(PUBLIC_PAGES)(`%s at ${width}px`, async (path, heading) => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(path);
      await seeHeading(page, heading);
      await expectAccessible(page);
      await page.context().close();
    });
  }
});

describe('signed-in pages have no serious or critical axe violation and fit the screen', () => {
  for (const width of [1280, 390]) {
    for (const { user, paths } of SIGNED_IN_PAGES) {
      it(`${user}'s pages at ${width}px`, { timeout: 240_000 }, async () => {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        await signIn(page, user, DEMO_PASSWORD);
        await page.waitForURL((url) => url.pathname !== '/login');
        const overflowing: string[] = [];
        for (const path of paths) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible' });
          // Settled: some pages poll (the mailbox, the message queue), so quiet may never come.
          await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => {});
          expect(new URL(page.url()).pathname, `${path} redirected`).toBe(path);
          await expectAccessible(page);
          const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (wide > 0) overflowing.push(`${path} (${wide} px)`);
          if (width >= 1280) {
            // On a desktop screen a table shows all its columns: none scrolls sideways in its box.
            const tables = await page.evaluate(() =>
              Array.from(document.querySelectorAll('table'))
                .map((table) => table.parentElement!)
                .map((box) => box.scrollWidth - box.clientWidth)
                .filter((hidden) => hidden > 1),
            );
            for (const hidden of tables) overflowing.push(`${path}: a table (${hidden} px hidden)`);
          }
        }
        // Nothing wider than the screen: no sideways scrolling on a phone, nor in a desktop table.
        expect(overflowing).toEqual([]);
        await page.context().close();
      });
    }
  }
});
