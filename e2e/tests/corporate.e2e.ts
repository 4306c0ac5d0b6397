import { describe, expect, inject, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, expectAccessible, useBrowser } from '../support/browser';
import { seeHeading, signIn } from '../support/mailbox';

const browser = useBrowser();
/** The demo intake key the embedded seed publishes (apps/server/src/db/seed/demo.ts). */
const DEMO_API_KEY = 'lpk_DemoFeed01_portal-demo-2026-intake-key-for-trying-out1';
const MANAGER = 'active.agent@demo.agentportal.local';

const api = (path: string) => `${baseUrl().replace('localhost', '127.0.0.1')}/api${path}`;

describe('corporate users and group managers', () => {
  it("the office signs in with its one-time link and reads one agent's leads in a group", async () => {
    // The banner's link points at the portal's public address; the browser opens the same path.
    const link = new URL(inject('corporateLink'));
    const page = await browser.newPage();
    await page.goto(link.pathname);
    await page.waitForURL(/\/leads/);
    await seeHeading(page, 'Summit Realty dashboard');
    await page.getByRole('table', { name: /Your agents/ }).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: /Summit Realty West/ }).click();
    const list = page.getByRole('list', { name: 'Leads of Summit Realty West, newest first' });
    await list.waitFor();
    await page.getByLabel('Agent', { exact: true }).selectOption({ label: 'Hannah Cole' });
    await page.waitForURL(/agent=hannah-cole/);
    await expect
      .poll(async () => {
        const owners = await list.getByRole('listitem').allTextContents();
        return owners.length > 0 && owners.every((row) => row.includes('Hannah Cole'));
      })
      .toBe(true);
    await list.getByRole('listitem').first().getByRole('button').click();
    const sheet = page.getByRole('dialog');
    await sheet.getByText('Hannah Cole · Summit Realty West').waitFor();
    expect(await sheet.getByRole('button', { name: /Archive|Close lead/ }).count()).toBe(0);
    await expectAccessible(page);

    // The link worked once: opening it again says so plainly.
    const again = await browser.newPage();
    await again.goto(link.pathname);
    await seeHeading(again, 'This sign-in link did not work');
    await expectAccessible(again);
  });

  it("a group manager sees a member's lead posted through the intake API", async () => {
    const stamp = Date.now().toString(36);
    const posted = await fetch(api('/v1/leads'), {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_API_KEY}`, 'content-type': 'application/json' },
      // 85301 is Hannah Cole's ZIP code; she is in Summit Realty West, which Alicia manages.
      body: JSON.stringify({
        lead_type: 'inherited',
        first_name: 'Greta',
        last_name: `Member${stamp}`,
        phone: '(623) 555-0142',
        city: 'Glendale',
        state: 'AZ',
        zip: '85301',
        external_id: `e2e-group-${stamp}`,
      }),
    });
    expect(posted.status).toBe(201);

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, MANAGER, DEMO_PASSWORD);
    // An active agent lands on its leads.
    await page.waitForURL(/\/leads$/);
    await page.getByRole('link', { name: 'My groups' }).click();
    await seeHeading(page, 'My groups');
    const row = page
      .getByRole('list', { name: "Members' leads, newest first" })
      .getByRole('listitem')
      .filter({ hasText: `Greta Member${stamp}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Hannah Cole');
    await expectAccessible(page);
  });
});
