import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, expectAccessible, useBrowser } from '../support/browser';
import { seeHeading, seeText, signIn } from '../support/mailbox';

const browser = useBrowser();
const AGENT = 'onboarding.agent@demo.agentportal.local';

/** "N ZIP codes covered in ..." under Your service area. */
const summary = (page: Page) => page.getByText(/ZIP codes? covered in/);

describe('service area', () => {
  it('picks a county, leaves out a ZIP code, saves, and finds it kept after a reload and on /zip', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signIn(page, AGENT, DEMO_PASSWORD);
    await page.waitForURL(/\/onboarding$/);

    await page.goto('/onboarding/leadRouting/service_area');
    await seeHeading(page, 'Service area');
    await page.getByLabel('State', { exact: true }).selectOption('AZ');
    const maricopa = page.getByRole('checkbox', { name: 'Maricopa County' });
    await maricopa.check();
    const covered = Number((await summary(page).textContent())!.match(/^([\d,]+)/)![1]!.replace(',', ''));
    expect(covered).toBeGreaterThan(100);
    // The map fills the county (the real us-atlas outlines, fetched on this page only).
    await page.locator('path[data-coverage="all"]').first().waitFor();

    await page.getByLabel('ZIP code to leave out').fill('85004');
    await page.getByRole('button', { name: 'Leave out ZIP code' }).click();
    await seeText(page, '85004 is left out of your area.');
    await expect
      .poll(() => summary(page).textContent())
      .toMatch(new RegExp(`^${(covered - 1).toLocaleString('en-US')} ZIP codes`));
    await page.getByLabel('Service area name').fill('Phoenix metro');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Save service area' }).click();
    await seeText(page, 'Service area saved');
    await seeText(page, 'All changes saved.');

    await page.reload();
    await seeHeading(page, 'Service area');
    await expect
      .poll(() => summary(page).textContent())
      .toMatch(new RegExp(`^${(covered - 1).toLocaleString('en-US')} ZIP codes`));
    expect(await page.getByLabel('Service area name').inputValue()).toBe('Phoenix metro');
    expect(await page.getByRole('list', { name: 'ZIP codes left out' }).textContent()).toContain('85004');
    expect(await page.getByRole('checkbox', { name: 'Maricopa County' }).isChecked()).toBe(true);

    await page.goto('/zip');
    await seeHeading(page, 'ZIP codes');
    await seeText(page, `${(covered - 1).toLocaleString('en-US')} ZIP codes in your service area.`);
    await page.getByLabel('Search your ZIP codes').fill('85004');
    await seeText(page, 'No ZIP code matches “85004”.');
    await page.getByLabel('Search your ZIP codes').fill('Mesa');
    await seeText(page, /ZIP codes? match “Mesa”\./);
    const rows = page.getByRole('table', { name: 'Your ZIP codes' }).getByRole('row');
    expect(await rows.nth(1).textContent()).toMatch(/^852\d\dMesaMaricopaAZ$/);
    await expectAccessible(page);
    await page.context().close();
  });

  it('fits a phone screen', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, AGENT, DEMO_PASSWORD);
    await page.waitForURL(/\/onboarding$/);
    await page.goto('/onboarding/leadRouting/service_area');
    await seeHeading(page, 'Service area');
    await page.getByRole('checkbox', { name: 'Maricopa County' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.context().close();
  });
});
