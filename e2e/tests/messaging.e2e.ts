import { describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, expectAccessible, useBrowser } from '../support/browser';
import { openMailbox, seeHeading, seeText, signIn } from '../support/mailbox';

const browser = useBrowser();
const AGENT = 'active.agent@demo.agentportal.local';
/** The demo intake key the embedded seed publishes (apps/server/src/db/seed/demo.ts). */
const DEMO_API_KEY = 'lpk_DemoFeed01_portal-demo-2026-intake-key-for-trying-out1';
const api = (path: string) => `${baseUrl().replace('localhost', '127.0.0.1')}/api${path}`;

describe('the agent writes to a lead (issue #15)', () => {
  it('sends a formatted e-mail from the lead’s sheet; the lead gets it from the portal with replies to the agent', async () => {
    const stamp = Date.now().toString(36);
    const seller = `Nina Mailer${stamp}`;
    const sellerEmail = `nina.${stamp}@seller.example`;
    // A lead for the demo agent's ZIP, with an e-mail address.
    const posted = await fetch(api('/v1/leads'), {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        lead_type: 'fsbo',
        first_name: 'Nina',
        last_name: `Mailer${stamp}`,
        phone: '(602) 555-0148',
        email: sellerEmail,
        city: 'Phoenix',
        state: 'AZ',
        zip: '85006',
        external_id: `e2e-mail-${stamp}`,
      }),
    });
    expect(posted.status).toBe(201);
    expect(((await posted.json()) as { agent_id: string | null }).agent_id).not.toBeNull();

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, AGENT, DEMO_PASSWORD);
    await page.waitForURL(/\/(onboarding|leads)$/);
    await page.goto('/leads');
    await seeHeading(page, 'Leads');
    await page.getByRole('button').filter({ hasText: seller }).first().click();
    const sheet = page.getByRole('dialog').filter({ hasText: seller });
    await sheet.getByRole('button', { name: 'Send e-mail' }).click();

    const composer = page.getByRole('dialog', { name: 'Send an e-mail' });
    await expect.poll(() => composer.getByLabel('To').inputValue()).toBe(sellerEmail);
    const subject = `Your house in Phoenix ${stamp}`;
    await composer.getByLabel('Subject').fill(subject);
    const editor = composer.getByRole('textbox', { name: 'Message' });
    await editor.click();
    await page.keyboard.type('Thank you for your time. ');
    await composer.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('I can visit on Tuesday.');
    await expectAccessible(page);
    await composer.getByRole('button', { name: 'Send e-mail' }).click();
    await seeText(page, 'E-mail sent');
    await composer.waitFor({ state: 'detached' });
    await seeText(page, `E-mail sent to ${sellerEmail}: ${subject}`);

    // The office's dev mailbox: From the portal, Reply-To the agent, the bold kept.
    const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openMailbox(admin);
    const item = admin
      .getByRole('button')
      .filter({ hasText: `To ${sellerEmail}` })
      .first();
    for (let attempt = 0; attempt < 30 && !(await item.isVisible()); attempt++) {
      await admin.getByRole('button', { name: 'Refresh' }).click();
      await admin.waitForTimeout(300);
    }
    await item.click();
    await seeText(admin, subject);
    const replyTo = admin.locator('dt', { hasText: 'Reply-To' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => replyTo.textContent()).toBe(AGENT);
    const from = admin.locator('dt', { hasText: /^From$/ }).locator('xpath=following-sibling::dd[1]');
    expect(await from.textContent()).not.toContain(AGENT);
    await admin.getByText('HTML version').click();
    const frame = admin.frameLocator('iframe').first();
    await frame.locator('strong', { hasText: 'I can visit on Tuesday.' }).waitFor();

    // The template previews the office reads.
    await admin.goto('/dev/templates');
    await seeHeading(admin, 'Message templates');
    await admin.getByRole('heading', { name: /^verify_email/ }).waitFor();
  });
});
