import type { Locator, Page } from '@playwright/test';
import { LEAD_STAGES, type Pipeline, type PipelineStageCounts, STAGE_LABELS } from '@portal/shared';
import { expect, expectLoaded, seeHeading, seeText, signIn, test } from '../fixtures';
import { expectAccessible } from '../support/accessibility';
import { DEMO } from '../support/demo';
import type { TeamMember } from '../support/portal-api';

/**
 * A lead's life after delivery (DESIGN.md section 10), with an agent no other journey touches:
 * Marcus Reed's leads, team and choice of view are this file's. Its journeys follow on from
 * each other: the lead worked in the first is the one the team member and the pipelines see.
 */
const AGENT = DEMO.marcusReed;
const stamp = Date.now().toString(36);
const SELLER = { first_name: 'Dana', last_name: `Keyes${stamp}` };
const SELLER_NAME = `${SELLER.first_name} ${SELLER.last_name}`;
const NEXT_ACTION = 'Call back about the listing';
const MEMBER: TeamMember = {
  first_name: 'Tess',
  last_name: `Helper${stamp}`,
  email: `tess.${stamp}@team.example`,
  phone_number: `+1480556${String(Date.now() % 10_000).padStart(4, '0')}`,
  send_sms: false,
  send_email: true,
};
const MEMBER_NAME = `${MEMBER.first_name} ${MEMBER.last_name}`;

/** Set by the first journey: the lead it works, and the agent's closed leads before it. */
let leadId = '';
let closedBefore = -1;

/** "3 Closed": the chips an agent's row of a pipeline shows, one per stage that has leads. */
const stageChips = (stages: PipelineStageCounts) =>
  LEAD_STAGES.filter((stage) => stages[stage] > 0).map((stage) => `${stages[stage]} ${STAGE_LABELS[stage]}`);

/** The board's column of a stage (its heading reads the stage, then its count). */
const column = (page: Page, stage: string) => page.getByRole('region', { name: new RegExp(`^${stage}`) });

/**
 * A tel: or sms: link is clicked as a person clicks it, but this browser does not hand it to the
 * system: headless Chromium has no phone app, and a tel: link it follows can leave the page deaf
 * to the mouse and the keyboard from then on.
 */
async function stayOnPage(page: Page) {
  await page.evaluate(() =>
    document.addEventListener(
      'click',
      (event) => {
        if ((event.target as Element).closest('a[href^="tel:"], a[href^="sms:"]')) event.preventDefault();
      },
      true,
    ),
  );
}

/** The phone app takes the screen, then the agent comes back: the window loses the focus and gets it again. */
async function backFromPhoneApp(page: Page) {
  await page.evaluate(() => {
    window.dispatchEvent(new Event('blur'));
    window.dispatchEvent(new Event('focus'));
  });
}

/** The lead's stage as the sheet's header shows it (a chip, no role of its own). */
const stageChip = (sheet: Locator) => sheet.locator('[data-slot="stage-chip"]').first();

test.describe('a lead after delivery', () => {
  test.describe.configure({ mode: 'serial' });

  test('reaches the open queue live, is called, gets a next action, moves on the board by keyboard and closes', async ({
    portal,
    openBrowser,
  }) => {
    test.setTimeout(180_000);
    const token = await portal.signIn(AGENT.email, AGENT.password);
    await portal.rateLeads(token);
    // The team member the second journey signs in as: the lead reaches them too.
    await portal.addTeamMember(token, MEMBER);
    const office = await portal.signIn(DEMO.corporateUser.email, DEMO.corporateUser.password);
    const before = await portal.call<Pipeline>('GET', '/api/portal/corporate-pipeline', { token: office });
    closedBefore = before.agents.find((agent) => agent.name === AGENT.name)!.stages.closed;

    // The queue is open, and live, before the lead exists.
    const page = await openBrowser({ viewport: { width: 1280, height: 900 } });
    const live = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/portal/me/events',
      { timeout: 60_000 },
    );
    await signIn(page, AGENT.email, AGENT.password);
    await expect(page).toHaveURL(AGENT.lands);
    await seeHeading(page, 'Leads');
    expect((await live).status()).toBe(200);
    const queue = page.getByRole('table', { name: 'Your queue, in the order to call' });
    await expect(queue).toBeVisible();
    await expectLoaded(page);

    const posted = await portal.postLead({
      lead_type: 'fsbo',
      ...SELLER,
      phone: '(480) 555-0163',
      street: '118 W Main St',
      city: AGENT.city,
      state: 'AZ',
      zip: AGENT.zip,
      external_id: `e2e-life-${stamp}`,
    });
    expect(posted.status()).toBe(201);
    const lead = (await posted.json()) as { id: string; agent_id: string | null };
    leadId = lead.id;
    // Without a reload, and long before the page's fallback poll would have found it: the stream
    // said so. (How fast, within 1 s at p95, is measured by the events bench, not here.)
    const name = page.getByRole('button', { name: SELLER_NAME, exact: true });
    await expect(queue.getByRole('row').filter({ has: name })).toBeVisible({ timeout: 10_000 });
    const row = queue.getByRole('row').filter({ has: name });
    await expect(page).toHaveTitle(/^\(1\) Leads/);
    await expect(row.locator('[data-slot="stage-chip"]')).toHaveText('New');

    // The queue's call button dials the seller.
    const call = row.getByRole('link', { name: `Call ${SELLER_NAME}` });
    await expect(call).toHaveAttribute('href', /^tel:/);
    expect((await call.getAttribute('href'))!.replace(/\D/g, '')).toMatch(/4805550163$/);

    // Called from the queue: the phone app takes over, and back on the page it asks how it went.
    await stayOnPage(page);
    await call.click();
    await backFromPhoneApp(page);
    const outcome = page.getByRole('dialog', { name: 'How did the call go?' });
    await expect(outcome).toBeVisible();
    await outcome.getByRole('button', { name: 'Left message', exact: true }).click();
    await expect(outcome).toHaveCount(0);
    await seeText(page, 'Call logged');

    // The lead's sheet has the call in its thread.
    await name.click();
    const sheet = page.getByRole('dialog', { name: SELLER_NAME });
    await expect(sheet).toBeVisible();
    const thread = sheet.getByRole('region', { name: 'Activity' });
    const called = thread.getByRole('listitem').filter({ hasText: 'Call: Left message' });
    await expect(called).toContainText(`${AGENT.name}, agent`);
    // A first try at reaching the seller: the lead is being pursued.
    await expect(stageChip(sheet)).toHaveText('Pursuing');
    await expect(sheet.getByRole('button', { name: 'Pursuing', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // The next action: tomorrow at 9:00, the quick choice.
    const nextForm = sheet.getByRole('form', { name: 'Next action' });
    await nextForm.getByLabel('What to do').fill(NEXT_ACTION);
    await nextForm.getByRole('button', { name: 'Tomorrow 9:00' }).click();
    await nextForm.getByRole('button', { name: 'Save next action' }).click();
    const next = sheet.getByRole('region', { name: 'Next action' });
    await expect(next.getByText(NEXT_ACTION, { exact: true })).toBeVisible();
    await expect(next).toContainText(/Due in (\d+ hours?|1 day)/);
    const tomorrowAtNine = await page.evaluate(() => {
      const now = new Date();
      const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0, 0, 0);
      return new Intl.DateTimeFormat('en-US', {
        weekday: 'short',
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      }).format(at);
    });
    const planned = thread.getByRole('listitem').filter({ hasText: `Next action: ${NEXT_ACTION}` });
    await expect(planned).toContainText(`Due ${tomorrowAtNine}`);
    await expect(planned).toContainText(`${AGENT.name}, agent`);

    // Back on the queue, the row says what comes next.
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(row).toContainText(NEXT_ACTION);
    await expect(row.locator('[data-slot="stage-chip"]')).toHaveText('Pursuing');

    // The board, from the keyboard alone: Shift + Right arrow on the lead's name, one stage a press.
    const boardView = page.getByRole('button', { name: 'Board', exact: true });
    await boardView.focus();
    await page.keyboard.press('Enter');
    await expect(boardView).toHaveAttribute('aria-pressed', 'true');
    const card = (stage: string) =>
      column(page, stage).getByRole('button', { name: SELLER_NAME, exact: true });
    await card('Pursuing').focus();
    for (const stage of ['Appointment set', 'Price opinion given', 'Listed', 'Under contract']) {
      const saved = page.waitForResponse(
        (response) =>
          response.request().method() === 'PATCH' && new URL(response.url()).pathname.endsWith(`/${leadId}`),
      );
      await page.keyboard.press('Shift+ArrowRight');
      expect((await saved).status()).toBe(200);
      await expect(card(stage)).toBeFocused();
      await expect(page.getByText(`${SELLER_NAME} moved to ${stage}.`)).toBeAttached();
    }
    await expect(card('Pursuing')).toHaveCount(0);

    // Enter opens it; Close lead records the sale.
    await page.keyboard.press('Enter');
    await expect(sheet).toBeVisible();
    await expect(stageChip(sheet)).toHaveText('Under contract');
    await expect(
      thread.getByRole('listitem').filter({ hasText: 'Stage: Listed → Under contract' }),
    ).toContainText(`${AGENT.name}, agent`);
    await sheet.getByRole('button', { name: 'Close lead' }).click();
    const closing = page.getByRole('dialog', { name: 'Close this lead' });
    await closing.getByLabel('Sale price').fill('415000');
    await closing.getByLabel('Gross commission').fill('12450');
    await closing.getByRole('button', { name: 'Close lead' }).click();
    await expect(closing).toHaveCount(0);
    await expect(stageChip(sheet)).toHaveText('Closed');
    await expect(sheet.getByRole('definition').filter({ hasText: '$415,000' })).toBeVisible();
    await expect(sheet.getByRole('definition').filter({ hasText: '$12,450' })).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Reopen' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    // Closed leads are off the board.
    await expect(
      page
        .getByRole('region', { name: 'Board of active leads by stage' })
        .getByRole('button', { name: SELLER_NAME, exact: true }),
    ).toHaveCount(0);
  });

  test('the team member adds a note to the closed lead and sees neither its price nor its commission', async ({
    signInTeamMember,
    signInAs,
  }) => {
    const member = await signInTeamMember(
      { email: MEMBER.email, agentName: AGENT.name },
      { viewport: { width: 390, height: 844 } },
    );
    await seeHeading(member, 'Leads routed to you');
    // Closed, the lead has left the queue: it is under All leads, Closed.
    await member.getByRole('tab', { name: 'All leads' }).click();
    await member.getByRole('tab', { name: /^Closed/ }).click();
    await member.getByRole('button', { name: SELLER_NAME, exact: true }).click();
    const sheet = member.getByRole('dialog', { name: SELLER_NAME });
    await expect(stageChip(sheet)).toHaveText('Closed');
    const note = `Dropped the keys off ${stamp}`;
    await sheet.getByRole('textbox', { name: 'Add a note' }).fill(note);
    await sheet.getByRole('button', { name: 'Add note' }).click();
    await seeText(member, 'Note added');
    const thread = sheet.getByRole('region', { name: 'Activity' });
    await expect(thread.getByRole('listitem').filter({ hasText: note })).toContainText(
      `${MEMBER_NAME}, team member`,
    );
    // The sale is the agent's: no price, no commission, no Reopen.
    await seeText(member, 'Only the agent can reopen a closed lead.');
    await expect(sheet.getByRole('button', { name: 'Reopen' })).toHaveCount(0);
    await expect(sheet).not.toContainText('Sale price');
    await expect(sheet).not.toContainText('commission');
    await expect(sheet).not.toContainText('415,000');
    await expect(sheet).not.toContainText('12,450');
    await expectAccessible(member);

    // The agent reads the note in the lead's thread, with who wrote it.
    const agent = await signInAs(AGENT);
    await agent.goto(`/leads?lead=${leadId}`);
    const agentSheet = agent.getByRole('dialog', { name: SELLER_NAME });
    await expect(
      agentSheet.getByRole('region', { name: 'Activity' }).getByRole('listitem').filter({ hasText: note }),
    ).toContainText(`${MEMBER_NAME}, team member`);
  });

  test("the office and a group manager see their agents' leads by stage", async ({
    portal,
    corporateUser,
    groupManager,
  }) => {
    // The office: Summit Realty East, where the lead closed in the first journey counts.
    const office = await portal.signIn(DEMO.corporateUser.email, DEMO.corporateUser.password);
    const figures = await portal.call<Pipeline>('GET', '/api/portal/corporate-pipeline', { token: office });
    const marcus = figures.agents.find((agent) => agent.name === AGENT.name)!;
    expect(marcus.stages.closed).toBe(closedBefore + 1);
    await seeHeading(corporateUser, 'Summit Realty dashboard');
    await corporateUser.getByRole('button', { name: /Summit Realty East/ }).click();
    await expect(
      corporateUser.getByRole('heading', { name: 'Pipeline of Summit Realty East' }),
    ).toBeVisible();
    const officeRow = corporateUser.getByRole('list', { name: `Leads of ${AGENT.name} by stage` });
    await expect(officeRow.getByRole('listitem')).toHaveText(stageChips(marcus.stages));
    await expect(officeRow.getByRole('listitem')).toContainText([`${closedBefore + 1} Closed`]);

    // The manager of Summit Realty West: their own row, as the API counts it.
    const manager = await portal.signIn(DEMO.activeAgent.email, DEMO.activeAgent.password);
    const me = await portal.call<{
      agent_profile: { group_memberships: { group_id: string; is_manager: boolean }[] };
    }>('GET', '/api/portal/me', { token: manager });
    const west = me.agent_profile.group_memberships.find((group) => group.is_manager)!;
    const managed = await portal.call<Pipeline>(
      'GET',
      `/api/portal/managed-groups/${west.group_id}/pipeline`,
      { token: manager },
    );
    const own = managed.agents.find((agent) => agent.name === DEMO.activeAgent.name)!;
    await groupManager.getByRole('link', { name: 'My groups' }).click();
    await seeHeading(groupManager, 'My groups');
    await expect(groupManager.getByRole('heading', { name: 'Pipeline of Summit Realty West' })).toBeVisible();
    await expect(
      groupManager
        .getByRole('list', { name: `Leads of ${DEMO.activeAgent.name} by stage` })
        .getByRole('listitem'),
    ).toHaveText(stageChips(own.stages));
  });

  for (const width of [1280, 390]) {
    test(`the queue, the board and the lead have no serious axe violation at ${width}px`, async ({
      signInAs,
    }) => {
      test.setTimeout(180_000);
      const page = await signInAs(AGENT, { viewport: { width, height: 900 } });
      await seeHeading(page, 'Leads');
      // The choice of view is kept with the agent: the queue as a table, then the board.
      await page.getByRole('button', { name: 'Table', exact: true }).click();
      await expectLoaded(page);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Board', exact: true }).click();
      await expect(page.getByRole('region', { name: 'Board of active leads by stage' })).toBeVisible();
      await expectLoaded(page);
      await expectAccessible(page);
      await page.goto(`/leads?lead=${leadId}`);
      await expect(page.getByRole('dialog', { name: SELLER_NAME })).toBeVisible();
      await expectLoaded(page);
      await expectAccessible(page);
    });
  }
});

test.describe('the pipelines', () => {
  for (const width of [1280, 390]) {
    test(`the office's and the group manager's pipelines have no serious axe violation at ${width}px`, async ({
      signInAs,
    }) => {
      // Two sign-ins and two large pages read by axe.
      test.setTimeout(240_000);
      const viewport = { width, height: 900 };
      const office = await signInAs(DEMO.corporateUser, { viewport });
      await expect(office.getByRole('heading', { name: /^Pipeline of / })).toBeVisible();
      await expectLoaded(office);
      await expectAccessible(office);
      const manager = await signInAs(DEMO.activeAgent, { viewport });
      await manager.goto('/leads?view=groups');
      await seeHeading(manager, 'My groups');
      await expect(manager.getByRole('heading', { name: /^Pipeline of / })).toBeVisible();
      await expectLoaded(manager);
      await expectAccessible(manager);
    });
  }
});
