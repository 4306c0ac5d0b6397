import { expect, seeHeading, seeText, test } from '../fixtures';
import { expectAccessible } from '../support/accessibility';
import { DEMO } from '../support/demo';

/** An agent whose leads and e-mails no other journey touches. */
const AGENT = DEMO.graceKim;

test.describe('the agent writes to a lead', () => {
  test('sends a formatted e-mail from the lead’s sheet; the lead gets it from the portal with replies to the agent', async ({
    portal,
    signInAs,
    mailbox,
  }) => {
    const stamp = Date.now().toString(36);
    const seller = `Nina Mailer${stamp}`;
    const sellerEmail = `nina.${stamp}@seller.example`;
    // A lead for the agent's ZIP code, with an e-mail address.
    const posted = await portal.postLead({
      lead_type: 'fsbo',
      first_name: 'Nina',
      last_name: `Mailer${stamp}`,
      phone: '(602) 555-0148',
      email: sellerEmail,
      city: AGENT.city,
      state: 'AZ',
      zip: AGENT.zip,
      external_id: `e2e-mail-${stamp}`,
    });
    expect(posted.status()).toBe(201);
    expect(((await posted.json()) as { agent_id: string | null }).agent_id).not.toBeNull();

    await portal.rateLeads(await portal.signIn(AGENT.email, AGENT.password));
    const page = await signInAs(AGENT, { viewport: { width: 390, height: 844 } });
    await page.goto('/leads');
    await seeHeading(page, 'Leads');
    await page.getByRole('button').filter({ hasText: seller }).first().click();
    const sheet = page.getByRole('dialog').filter({ hasText: seller });
    await sheet.getByRole('button', { name: 'Send e-mail' }).click();

    const composer = page.getByRole('dialog', { name: 'Send an e-mail' });
    await expect(composer.getByLabel('To')).toHaveValue(sellerEmail);
    const subject = `Your house in ${AGENT.city} ${stamp}`;
    await composer.getByLabel('Subject').fill(subject);
    const editor = composer.getByRole('textbox', { name: 'Message' });
    await editor.click();
    await page.keyboard.type('Thank you for your time. ');
    await composer.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('I can visit on Tuesday.');
    await expectAccessible(page);
    await composer.getByRole('button', { name: 'Send e-mail' }).click();
    await seeText(page, 'E-mail sent');
    await expect(composer).toHaveCount(0);
    await seeText(page, `E-mail sent to ${sellerEmail}: ${subject}`);

    // The office's dev mailbox: From the portal, Reply-To the agent, the bold kept.
    const item = await mailbox.newest({ to: sellerEmail });
    const admin = await mailbox.page();
    await item.click();
    await seeText(admin, subject);
    const replyTo = admin.locator('dt', { hasText: 'Reply-To' }).locator('xpath=following-sibling::dd[1]');
    await expect(replyTo).toHaveText(AGENT.email);
    const from = admin.locator('dt', { hasText: /^From$/ }).locator('xpath=following-sibling::dd[1]');
    await expect(from).not.toContainText(AGENT.email);
    await admin.getByText('HTML version').click();
    const frame = admin.frameLocator('iframe').first();
    await expect(frame.locator('strong', { hasText: 'I can visit on Tuesday.' })).toBeVisible();

    // The template previews the office reads.
    await admin.goto('/dev/templates');
    await seeHeading(admin, 'Message templates');
    await expect(admin.getByRole('heading', { name: /^verify_email/ })).toBeVisible();
  });
});
