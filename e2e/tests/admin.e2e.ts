import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openRegistrationLink } from '../support/agent';
import {
  ADMIN_EMAIL,
  baseUrl,
  DEMO_PASSWORD,
  expectAccessible,
  uniqueEmail,
  useBrowser,
} from '../support/browser';
import { seeHeading, seeText, signIn } from '../support/mailbox';

const browser = useBrowser();
/** The demo intake key the embedded seed publishes (apps/server/src/db/seed/demo.ts). */
const DEMO_API_KEY = 'lpk_DemoFeed01_portal-demo-2026-intake-key-for-trying-out1';
const api = (path: string) => `${baseUrl().replace('localhost', '127.0.0.1')}/api${path}`;

/** A section of the console, through its own navigation. */
async function openSection(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name }).click();
  await seeHeading(page, name);
}

describe('the superuser console', () => {
  it('a code made in the console lets an agent join; the office activates it, assigns it a lead and sees the e-mail go', async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    const code = `E2E-${stamp}`;
    const email = uniqueEmail('console');
    const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });

    // The superuser lands on the console.
    await signIn(admin, ADMIN_EMAIL, DEMO_PASSWORD);
    await admin.waitForURL(/\/admin$/);
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
    const agent = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await agent.goto('/signup');
    await agent.getByLabel('Email', { exact: true }).fill(email);
    await agent.getByLabel('Access code', { exact: true }).fill(code.toLowerCase());
    await agent.getByRole('button', { name: 'Continue' }).click();
    await agent.waitForURL(/\/signup\/choose-password$/);
    await agent.getByLabel('Password', { exact: true }).fill('console-journey-2026');
    await agent.getByLabel('Confirm password', { exact: true }).fill('console-journey-2026');
    await agent.getByRole('button', { name: 'Create my account' }).click();
    await openRegistrationLink(agent, email);

    // The office finds the agent and activates it, with a reason.
    await openSection(admin, 'Agents');
    await admin.getByLabel('Search agents').fill(email);
    await admin.waitForURL(/q=/);
    await admin.getByRole('row').filter({ hasText: email }).getByRole('link').first().click();
    await admin.waitForURL(/\/admin\/agents\/[0-9a-f-]+$/);
    await expectAccessible(admin);
    await admin.getByRole('button', { name: 'Change status' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('New status').selectOption({ label: 'Active' });
    await dialog.getByLabel('Reason').fill('Joined through the console journey');
    await dialog.getByRole('button', { name: 'Change status' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The change and its reason are in the record's history.
    await admin.getByRole('tab', { name: 'History' }).click();
    await admin.getByText('Joined through the console journey').first().waitFor();

    // A lead no agent serves waits unassigned; the office routes it by hand.
    const last = `Console${stamp}`;
    const posted = await fetch(api('/v1/leads'), {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        lead_type: 'fsbo',
        first_name: 'Una',
        last_name: last,
        phone: '(207) 555-0142',
        city: 'Portland',
        state: 'ME',
        zip: '04101',
        external_id: `e2e-console-${stamp}`,
      }),
    });
    expect(posted.status).toBe(201);
    expect((await posted.json()).agent_id).toBeNull();

    await openSection(admin, 'Leads');
    await admin.getByRole('button', { name: 'Unassigned', exact: true }).click();
    await admin.waitForURL(/unassigned=true/);
    await admin.getByRole('button', { name: `Assign Una ${last}` }).click();
    const assign = admin.getByRole('dialog');
    await assign.getByLabel('Find an active agent').fill(email);
    await assign.getByRole('radio').first().click();
    await assign.getByRole('button', { name: /^Assign to / }).click();
    await assign.waitFor({ state: 'detached' });
    await seeText(admin, /Lead assigned to/);
    await expectAccessible(admin);

    // The lead's e-mail to the agent is in the messages list.
    await openSection(admin, 'Messages');
    await admin.getByLabel('To', { exact: true }).fill(email);
    await admin.waitForURL(/to=/);
    await seeText(admin, `New seller lead: Una ${last}`);
    await expectAccessible(admin);
  });
});
