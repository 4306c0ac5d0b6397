import type { Page } from '@playwright/test';
import { expect, seeHeading, seeText, test } from '../fixtures';
import { expectAccessible } from '../support/accessibility';
import { DEMO } from '../support/demo';

const AGENT_NAME = DEMO.activeAgent.name;

/** The status badge next to an onboarding page's title: Completed or Not yet. */
const stepStatus = (page: Page) => page.locator('header [data-done]');

/** One person on the recipients list: a table row on a wide page, a card on a narrow one. */
const recipientEntry = (page: Page, name: string) =>
  page.locator('[data-slot="recipient"]').filter({ hasText: name });

async function addTeamMember(
  page: Page,
  member: { first: string; last: string; phone: string; email: string; channel: string },
) {
  await page.getByRole('button', { name: 'Add team member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add team member' });
  await dialog.getByLabel('First name', { exact: true }).fill(member.first);
  await dialog.getByLabel('Last name', { exact: true }).fill(member.last);
  await dialog.getByLabel('Mobile phone', { exact: true }).fill(member.phone);
  await dialog.getByLabel('E-mail address', { exact: true }).fill(member.email);
  // Text and e-mail are on for a new person: leave on only the channel this member wants.
  for (const channel of ['Text message (SMS)', 'E-mail', 'Phone call']) {
    const toggle = dialog.getByRole('switch', { name: channel, exact: true });
    const on = (await toggle.getAttribute('aria-checked')) === 'true';
    if (on !== (channel === member.channel)) await toggle.click();
  }
  await dialog.getByRole('button', { name: 'Add team member' }).click();
  await expect(dialog).toHaveCount(0);
  await seeText(page, 'Recipient added successfully');
}

const switchFor = (page: Page, label: string, name: string) =>
  page.getByRole('switch', { name: `${label} for ${name}`, exact: true });

async function expectSwitch(page: Page, label: string, name: string, on: boolean) {
  await expect(switchFor(page, label, name)).toHaveAttribute('aria-checked', String(on));
}

test.describe('lead routing', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('manages recipients, follows the lead_routing step, and lets a team member sign in to their leads', async ({
    agent: page,
    openBrowser,
    mailbox,
  }) => {
    test.setTimeout(120_000);
    const id = Date.now().toString(36);
    const one = {
      first: 'Team',
      last: `One ${id}`,
      phone: '(602) 555-0181',
      email: `team.one+${id}@example.com`,
    };
    const two = {
      first: 'Team',
      last: `Two ${id}`,
      phone: '(602) 555-0182',
      email: `team.two+${id}@example.com`,
    };
    const oneName = `${one.first} ${one.last}`;
    const twoName = `${two.first} ${two.last}`;

    // The onboarding step. The demo agent has a team member (the demo is consistent with the
    // rules: its lead routing is done); removed, only the agent receives leads.
    await page.goto('/onboarding/leadRouting/lead_routing');
    await seeHeading(page, 'Lead routing');
    await expect(recipientEntry(page, AGENT_NAME)).toBeVisible();
    const removeButtons = page.getByRole('button', { name: /^Remove / });
    for (let left = await removeButtons.count(); left > 0; left--) {
      await removeButtons.first().click();
      const confirm = page.getByRole('dialog', { name: /^Remove .*\?$/ });
      await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
      await expect(confirm).toHaveCount(0);
      await expect(removeButtons).toHaveCount(left - 1);
    }
    await expect(stepStatus(page)).toHaveText('Not yet');
    await seeText(page, 'not yet — add at least one more recipient');

    // A first team member, added on the onboarding page itself, completes the step.
    await addTeamMember(page, { ...one, channel: 'Text message (SMS)' });
    await expect(stepStatus(page)).toHaveText('Completed');
    await expectSwitch(page, 'SMS', oneName, true);
    await expectSwitch(page, 'E-mail', oneName, false);

    // The routing page: the agent first and not removable, then a second team member.
    await page.goto('/routing');
    await seeHeading(page, 'Lead routing');
    await seeText(page, /Lead routing step:\s*done/);
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.locator('[data-slot="recipient"]').first()).toContainText(AGENT_NAME);
    await expect(page.getByRole('button', { name: `Remove ${AGENT_NAME}` })).toHaveCount(0);
    await addTeamMember(page, { ...two, channel: 'E-mail' });
    await expectSwitch(page, 'E-mail', twoName, true);
    await expectAccessible(page);

    // Channels change at once and stay changed.
    await switchFor(page, 'E-mail', oneName).click();
    await seeText(page, 'Recipient updated successfully');
    await switchFor(page, 'Call', oneName).click();
    await expectSwitch(page, 'E-mail', oneName, true);
    await expectSwitch(page, 'Call', oneName, true);

    // One primary at a time.
    await page.getByRole('button', { name: `Make primary ${oneName}` }).click();
    const oneRow = recipientEntry(page, oneName);
    const agentRow = recipientEntry(page, AGENT_NAME);
    await expect(oneRow.getByText('Primary', { exact: true })).toBeVisible();
    await expect(agentRow.getByText('Primary', { exact: true })).toHaveCount(0);

    // An inactive recipient cannot be made primary.
    await switchFor(page, 'Active', twoName).click();
    await expectSwitch(page, 'Active', twoName, false);
    await expect(recipientEntry(page, twoName).getByText('Inactive', { exact: true })).toBeVisible();
    // The button says so before anything is sent: it is disabled, with the reason.
    const makeTwoPrimary = page.getByRole('button', { name: `Make primary ${twoName}` });
    await expect(makeTwoPrimary).toBeDisabled();
    await expect(makeTwoPrimary).toHaveAttribute('aria-describedby', /.+/);
    await expect(oneRow.getByText('Primary', { exact: true })).toBeVisible();

    // The server kept every change.
    await page.reload();
    await seeHeading(page, 'Lead routing');
    await expectSwitch(page, 'E-mail', oneName, true);
    await expectSwitch(page, 'Call', oneName, true);
    await expectSwitch(page, 'Active', twoName, false);
    await expect(oneRow.getByText('Primary', { exact: true })).toBeVisible();

    // Removal asks first; Cancel keeps the person.
    await page.getByRole('button', { name: `Remove ${twoName}` }).click();
    let confirm = page.getByRole('dialog', { name: `Remove ${twoName}?` });
    await expect(confirm.getByText('They will stop receiving leads.')).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(recipientEntry(page, twoName)).toBeVisible();
    await page.getByRole('button', { name: `Remove ${twoName}` }).click();
    confirm = page.getByRole('dialog', { name: `Remove ${twoName}?` });
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await seeText(page, 'Recipient removed successfully');
    await expect(recipientEntry(page, twoName)).toHaveCount(0);

    // The agent and one team member: the step stays done.
    await page.goto('/onboarding/leadRouting/lead_routing');
    await seeHeading(page, 'Lead routing');
    await expect(stepStatus(page)).toHaveText('Completed');

    // The remaining team member signs in by e-mail link, in a browser of their own.
    const recipient = await openBrowser({ viewport: { width: 390, height: 844 } });
    await recipient.goto('/login');
    await recipient.getByLabel('Email', { exact: true }).fill(one.email);
    await recipient.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await seeText(recipient, /a sign-in link is on its way/);

    const link = await mailbox.link({
      to: one.email,
      // A team member's sign-in e-mail names the agent whose leads it opens.
      subject: `Sign in to see ${AGENT_NAME}'s leads`,
      path: '/login/magic/',
    });

    await recipient.goto(link);
    await expect(recipient).toHaveURL(/\/leads$/);
    await seeHeading(recipient, 'Leads routed to you');
    const main = recipient.getByRole('main');
    await expect(main.getByText(oneName, { exact: true })).toBeVisible();
    await expect(main.getByText(AGENT_NAME, { exact: true })).toBeVisible();
    await seeText(recipient, 'No leads yet');
    await expectAccessible(recipient);

    // Only the limited portal: Leads, nothing else.
    await recipient.getByRole('button', { name: 'Menu' }).click();
    const menu = recipient.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText(['Leads']);
    for (const path of ['/profile', '/routing', '/onboarding']) {
      await recipient.goto(path);
      await expect(recipient).toHaveURL(/\/leads$/);
      await seeHeading(recipient, 'Leads routed to you');
    }
    await recipient.context().close();

    // Back to the agent alone: the step goes back to not done.
    await page.getByRole('button', { name: `Make primary ${AGENT_NAME}` }).click();
    await expect(agentRow.getByText('Primary', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: `Remove ${oneName}` }).click();
    await page
      .getByRole('dialog', { name: `Remove ${oneName}?` })
      .getByRole('button', { name: 'Remove', exact: true })
      .click();
    await seeText(page, 'Recipient removed successfully');
    await expect(stepStatus(page)).toHaveText('Not yet');
  });
});
