import type { Page } from '@playwright/test';
import { expect, openRegistrationLink, seeHeading, seeText, test } from '../fixtures';
import { expectAccessible } from '../support/accessibility';
import { uniqueEmail } from '../support/portal-api';

/** A section of the console, through its own navigation. */
async function openSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name }).click();
  await seeHeading(page, name);
}

test.describe('the superuser console', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a code made in the console lets an agent join; the office activates it, assigns it a lead and sees the e-mail go', async ({
    superuser: admin,
    openBrowser,
    portal,
  }) => {
    const stamp = Date.now().toString(36).toUpperCase();
    const code = `E2E-${stamp}`;
    const email = uniqueEmail('console');

    // The superuser lands on the console.
    await expectAccessible(admin);

    // A new access code, made in the console.
    await openSection(admin, 'Access codes');
    await admin.getByRole('button', { name: 'New access code' }).click();
    const form = admin.getByRole('form', { name: 'New access code' });
    await form.getByLabel('Code', { exact: true }).fill(code);
    await form.getByLabel('Description', { exact: true }).fill('Console journey');
    await admin.getByRole('button', { name: 'Create code' }).click();
    await seeText(admin, code);

    // A new agent joins with it.
    const agent = await openBrowser({ viewport: { width: 390, height: 844 } });
    await agent.goto('/signup');
    await agent.getByLabel('Email', { exact: true }).fill(email);
    await agent.getByLabel('Access code', { exact: true }).fill(code.toLowerCase());
    await agent.getByRole('button', { name: 'Continue' }).click();
    await expect(agent).toHaveURL(/\/signup\/choose-password$/);
    await agent.getByLabel('Password', { exact: true }).fill('console-journey-2026');
    await agent.getByLabel('Confirm password', { exact: true }).fill('console-journey-2026');
    await agent.getByRole('button', { name: 'Create my account' }).click();
    await openRegistrationLink(agent, portal, email);

    // The office finds the agent and activates it, with a reason.
    await openSection(admin, 'Agents');
    await admin.getByLabel('Search agents').fill(email);
    await expect(admin).toHaveURL(/q=/);
    await admin.getByRole('row').filter({ hasText: email }).getByRole('link').first().click();
    await expect(admin).toHaveURL(/\/admin\/agents\/[0-9a-f-]+$/);
    await expectAccessible(admin);
    await admin.getByRole('button', { name: 'Change status' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('New status').selectOption({ label: 'Active' });
    await dialog.getByLabel('Reason').fill('Joined through the console journey');
    await dialog.getByRole('button', { name: 'Change status' }).click();
    await expect(dialog).toHaveCount(0);
    // The change and its reason are in the record's history.
    await admin.getByRole('tab', { name: 'History' }).click();
    await seeText(admin, 'Joined through the console journey');

    // A lead no agent serves waits unassigned; the office routes it by hand.
    const last = `Console${stamp}`;
    const posted = await portal.postLead({
      lead_type: 'fsbo',
      first_name: 'Una',
      last_name: last,
      phone: '(207) 555-0142',
      city: 'Portland',
      state: 'ME',
      zip: '04101',
      external_id: `e2e-console-${stamp}`,
    });
    expect(posted.status()).toBe(201);
    expect((await posted.json()).agent_id).toBeNull();

    await openSection(admin, 'Leads');
    await admin.getByRole('button', { name: 'Unassigned', exact: true }).click();
    await expect(admin).toHaveURL(/unassigned=true/);
    await admin.getByRole('button', { name: `Assign Una ${last}` }).click();
    const assign = admin.getByRole('dialog');
    await assign.getByLabel('Find an active agent').fill(email);
    await assign.getByRole('radio').first().click();
    await assign.getByRole('button', { name: /^Assign to / }).click();
    await expect(assign).toHaveCount(0);
    await seeText(admin, /Lead assigned to/);
    await expectAccessible(admin);

    // The lead's e-mail to the agent is in the messages list.
    await openSection(admin, 'Messages');
    await admin.getByLabel('To', { exact: true }).fill(email);
    await expect(admin).toHaveURL(/to=/);
    await seeText(admin, `New seller lead: Una ${last}`);
    await expectAccessible(admin);
  });
});
