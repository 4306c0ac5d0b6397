import type { Page } from '@playwright/test';
import { expect, expectLoaded, seeHeading, test } from '../fixtures';
import { expectAccessible } from '../support/accessibility';
import { DEMO } from '../support/demo';

/** The console's lists with names, e-mails and phone numbers in their tables. */
const LISTS = ['/admin/agents', '/admin/leads', '/admin/corporate', '/admin/corporate?tab=groups'];

async function settle(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await expectLoaded(page);
}

/**
 * The e-mails, phone numbers and names in the page's tables that a line break cuts in two: each
 * is measured as the text it is, one line box or more.
 */
const brokenTexts = (page: Page) =>
  page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(
      document.querySelector('main') ?? document.body,
      NodeFilter.SHOW_TEXT,
    );
    const looksLike = /^[\w.+-]+@[\w.-]+$|^\(\d{3}\) \d{3}-\d{4}$/;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const cell = node.parentElement?.closest('td, th[scope="row"]');
      if (!cell || !looksLike.test(text)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
      if (tops.size > 1) broken.push(text);
    }
    return broken;
  });

test.describe('the console at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('shows its sections on one line, and tables that neither break e-mails or phones nor scroll in a box', async ({
    superuser: page,
  }) => {
    const tops = await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link')
      .evaluateAll((links) => [...new Set(links.map((link) => link.getBoundingClientRect().top))]);
    expect(tops, 'the console sections wrap to a second line').toHaveLength(1);

    const problems: string[] = [];
    for (const path of LISTS) {
      await settle(page, path);
      for (const text of await brokenTexts(page)) problems.push(`${path}: "${text}" breaks over two lines`);
      const boxes = await page.evaluate(
        () =>
          Array.from(document.querySelectorAll('table'), (table) => table.parentElement!).filter(
            (box) => box.scrollHeight - box.clientHeight > 1,
          ).length,
      );
      if (boxes > 0) problems.push(`${path}: a table scrolls in its own box`);
    }
    expect(problems).toEqual([]);
  });
});

test.describe('an agent record', () => {
  for (const width of [1280, 390]) {
    test(`has a header and tabs, each addressable, at ${width} px`, async ({ signInAs }) => {
      test.setTimeout(120_000);
      const page = await signInAs(DEMO.superuser, { viewport: { width, height: 900 } });
      await page.goto('/admin/agents?q=alicia');
      await page.getByRole('link', { name: /Alicia Alvarez/ }).click();
      await seeHeading(page, 'Alicia Alvarez');
      await expectAccessible(page);

      await page.getByRole('tab', { name: 'Lead recipients' }).click();
      await expect(page).toHaveURL(/tab=recipients/);
      await expect(page.getByRole('table', { name: 'Lead recipients' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('tab', { name: 'History' }).click();
      await expect(page.getByRole('table', { name: 'Audit history' })).toBeVisible();
      await expectAccessible(page);

      // The page is no longer one long column.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height).toBeLessThan(2_600);
    });
  }
});
