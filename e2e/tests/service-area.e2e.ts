import type { Page } from '@playwright/test';
import { expect, seeHeading, seeText, test } from '../fixtures';
import { expectAccessible } from '../support/accessibility';
import { DEMO } from '../support/demo';

/** "N ZIP codes covered in ..." under Your service area. */
const summary = (page: Page) => page.getByText(/ZIP codes? covered in/);

test.describe('service area', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('picks a county, leaves out a ZIP code, saves, and finds it kept after a reload and on /zip', async ({
    onboardingAgent: page,
  }) => {
    await page.goto('/onboarding/leadRouting/service_area');
    await seeHeading(page, 'Service area');
    await page.getByLabel('State', { exact: true }).selectOption('AZ');
    const maricopa = page.getByRole('checkbox', { name: 'Maricopa County' });
    await maricopa.check();
    await expect(summary(page)).toHaveText(/^[\d,]+ ZIP codes? covered in/);
    const covered = Number((await summary(page).textContent())!.match(/^([\d,]+)/)![1]!.replace(',', ''));
    expect(covered).toBeGreaterThan(100);
    // The map fills the county (the real us-atlas outlines, fetched on this page only).
    await expect(page.locator('path[data-coverage="all"]').first()).toBeVisible();

    await page.getByLabel('ZIP code to leave out').fill('85004');
    await page.getByRole('button', { name: 'Leave out ZIP code' }).click();
    await seeText(page, '85004 is left out of your area.');
    const left = new RegExp(`^${(covered - 1).toLocaleString('en-US')} ZIP codes`);
    await expect(summary(page)).toHaveText(left);
    await page.getByLabel('Service area name').fill('Phoenix metro');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Save service area' }).click();
    await seeText(page, 'Service area saved');
    await seeText(page, 'All changes saved.');

    await page.reload();
    await seeHeading(page, 'Service area');
    await expect(summary(page)).toHaveText(left);
    await expect(page.getByLabel('Service area name')).toHaveValue('Phoenix metro');
    await expect(page.getByRole('list', { name: 'ZIP codes left out' })).toContainText('85004');
    await expect(page.getByRole('checkbox', { name: 'Maricopa County' })).toBeChecked();

    await page.goto('/zip');
    await seeHeading(page, 'ZIP codes');
    await seeText(page, `${(covered - 1).toLocaleString('en-US')} ZIP codes in your service area.`);
    await page.getByLabel('Search your ZIP codes').fill('85004');
    await seeText(page, 'No ZIP code matches “85004”.');
    await page.getByLabel('Search your ZIP codes').fill('Mesa');
    await seeText(page, /ZIP codes? match “Mesa”\./);
    const rows = page.getByRole('table', { name: 'Your ZIP codes' }).getByRole('row');
    await expect(rows.nth(1)).toHaveText(/^852\d\dMesaMaricopaAZ$/);
    await expectAccessible(page);
  });

  test('fits a phone screen', async ({ signInAs }) => {
    const page = await signInAs(DEMO.onboardingAgent, { viewport: { width: 390, height: 844 } });
    await page.goto('/onboarding/leadRouting/service_area');
    await seeHeading(page, 'Service area');
    // The state's counties, whatever area the other journey on this agent has saved meanwhile.
    await page.getByLabel('State', { exact: true }).selectOption('AZ');
    await expect(page.getByRole('checkbox', { name: 'Maricopa County' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
