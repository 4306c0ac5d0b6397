import { expect, seeHeading, test } from '../fixtures';
import { expectAccessible } from '../support/accessibility';

test.describe('corporate users and group managers', () => {
  test("the office signs in with its one-time link and reads one agent's leads in a group", async ({
    page,
    openBrowser,
  }) => {
    // The dashboard holds the office's pipeline too: three looks at it with axe take a while.
    test.setTimeout(120_000);
    // The banner's link points at the portal's public address; the browser opens the same path.
    const link = new URL(process.env.PORTAL_CORPORATE_LINK!);
    await page.goto(link.pathname);
    await expect(page).toHaveURL(/\/leads/);
    await seeHeading(page, 'Summit Realty dashboard');
    await expect(page.getByRole('table', { name: /Your agents/ })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: /Summit Realty West/ }).click();
    const list = page.getByRole('list', { name: 'Leads of Summit Realty West, newest first' });
    await expect(list).toBeVisible();
    await page.getByLabel('Agent', { exact: true }).selectOption({ label: 'Hannah Cole' });
    await expect(page).toHaveURL(/agent=hannah-cole/);
    const leads = list.getByRole('listitem');
    // Her leads, and only hers.
    await expect
      .poll(async () => {
        const owners = await leads.allTextContents();
        return owners.length > 0 && owners.every((row) => row.includes('Hannah Cole'));
      })
      .toBe(true);
    await leads.first().getByRole('button').click();
    const sheet = page.getByRole('dialog');
    await expect(sheet.getByText('Hannah Cole · Summit Realty West')).toBeVisible();
    await expect(sheet.getByRole('button', { name: /Archive|Close lead/ })).toHaveCount(0);
    await expectAccessible(page);

    // The link worked once: opening it again says so plainly.
    const again = await openBrowser();
    await again.goto(link.pathname);
    await seeHeading(again, 'This sign-in link did not work');
    await expectAccessible(again);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("a group manager sees a member's lead posted through the intake API", async ({
      portal,
      groupManager: page,
    }) => {
      const stamp = Date.now().toString(36);
      // 85301 is Hannah Cole's ZIP code; she is in Summit Realty West, which Alicia manages.
      const posted = await portal.postLead({
        lead_type: 'inherited',
        first_name: 'Greta',
        last_name: `Member${stamp}`,
        phone: '(623) 555-0142',
        city: 'Glendale',
        state: 'AZ',
        zip: '85301',
        external_id: `e2e-group-${stamp}`,
      });
      expect(posted.status()).toBe(201);

      // An active agent lands on its leads (the fixture waits for /leads).
      await page.getByRole('link', { name: 'My groups' }).click();
      await seeHeading(page, 'My groups');
      const row = page
        .getByRole('list', { name: "Members' leads, newest first" })
        .getByRole('listitem')
        .filter({ hasText: `Greta Member${stamp}` });
      await expect(row).toBeVisible();
      await expect(row).toContainText('Hannah Cole');
      await expectAccessible(page);
    });
  });
});
