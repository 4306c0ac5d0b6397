import { expect, expectLoaded, seeHeading, test } from '../fixtures';
import { expectAccessible } from '../support/accessibility';
import { DEMO_PASSWORD } from '../support/demo';
import { PUBLIC_PAGES, SIGNED_IN_PAGES } from '../support/pages';

test.describe('public pages have no serious or critical axe violation', () => {
  for (const width of [1280, 390]) {
    for (const [path, heading] of PUBLIC_PAGES) {
      test(`${path} at ${width}px`, async ({ openBrowser }) => {
        const page = await openBrowser({ viewport: { width, height: 900 } });
        await page.goto(path);
        await seeHeading(page, heading);
        await expectAccessible(page);
      });
    }
  }
});

test.describe('signed-in pages have no serious or critical axe violation and fit the screen', () => {
  for (const width of [1280, 390]) {
    for (const { user, paths } of SIGNED_IN_PAGES) {
      test(`${user}'s pages at ${width}px`, async ({ signInAs }) => {
        test.setTimeout(240_000);
        // They land anywhere but the sign-in page.
        const page = await signInAs(
          { email: user, password: DEMO_PASSWORD, lands: /^(?!.*\/login$)/ },
          { viewport: { width, height: 900 } },
        );
        const overflowing: string[] = [];
        for (const path of paths) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          // What the page loads is on it (some pages poll, so the network may never be quiet).
          await expectLoaded(page);
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
      });
    }
  }
});
