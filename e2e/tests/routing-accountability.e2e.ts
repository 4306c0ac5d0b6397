import type { Page } from '@playwright/test';
import { expect, expectLoaded, seeHeading, test } from '../fixtures';
import { expectAccessible } from '../support/accessibility';
import { DEMO_PASSWORD, type OfficeAgent } from '../support/demo';

/**
 * Routing that holds agents to account (DESIGN.md section 11): an agent pauses and a lead skips
 * them; the scorecard, the agent's own on the Performance tab and every agent's in the console,
 * each at a desktop's and a phone's width, readable and axe clean. Hannah Cole of the demo
 * office is this file's: no other journey signs her in. Her pause would show in the other
 * journeys' pages, so they run one after the other.
 */
test.describe.configure({ mode: 'serial' });

const AGENT: OfficeAgent = {
  email: 'hannah.cole@demo.agentportal.local',
  password: DEMO_PASSWORD,
  lands: /\/leads$/,
  name: 'Hannah Cole',
  zip: '85301',
  city: 'Glendale',
};

/** Nothing wider than the screen; on a desktop, no table hiding columns in its box. */
async function fitsTheScreen(page: Page, width: number) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(wide, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  if (width < 1280) return;
  const hidden = await page.evaluate(() =>
    Array.from(document.querySelectorAll('table'))
      .map((table) => table.parentElement!)
      .map((box) => box.scrollWidth - box.clientWidth)
      .filter((extra) => extra > 1),
  );
  expect(hidden, 'a table scrolls in its box').toEqual([]);
}

test('an agent pauses their leads, a lead skips them, and Resume ends the pause', async ({
  portal,
  signInAs,
}) => {
  test.setTimeout(120_000);
  await portal.rateLeads(await portal.signIn(AGENT.email, AGENT.password));
  const page = await signInAs(AGENT);
  await seeHeading(page, 'Leads');
  await page.getByRole('tab', { name: 'Performance' }).click();
  const pause = page.getByRole('form', { name: 'Pause leads' });
  const until = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await pause.getByLabel('Leads start again on').fill(until);
  await pause.getByRole('button', { name: 'Pause leads' }).click();
  const banner = page.getByText(/^Paused until .* — no new leads until then\.$/);
  await expect(banner).toBeVisible();

  const stamp = Date.now().toString(36);
  const posted = await portal.postLead({
    lead_type: 'fsbo',
    first_name: 'Pat',
    last_name: `Paused${stamp}`,
    phone: '(623) 555-0177',
    city: AGENT.city,
    state: 'AZ',
    zip: AGENT.zip,
    external_id: `e2e-pause-${stamp}`,
  });
  expect(posted.status()).toBe(201);
  const lead = (await posted.json()) as { agent_id: string | null; routing: { reason: string } | null };
  // Nobody else serves her ZIP code: the lead waits for the office, and the reason says why.
  expect(lead.agent_id).toBeNull();
  expect(lead.routing?.reason).toMatch(/paused/i);

  await page.getByRole('main').getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(banner).toHaveCount(0);
  await expect(pause).toHaveAccessibleDescription('Not paused: leads can reach you.');
});

for (const width of [1280, 390]) {
  test(`an agent reads their scorecard on the Performance tab at ${width}px`, async ({
    portal,
    signInAs,
  }) => {
    test.setTimeout(90_000);
    await portal.rateLeads(await portal.signIn(AGENT.email, AGENT.password));
    const page = await signInAs(AGENT, { viewport: { width, height: 900 } });
    await seeHeading(page, 'Leads');
    await page.getByRole('tab', { name: 'Performance' }).click();

    const card = page.getByRole('region', { name: 'Your scorecard' });
    const figures = card.getByRole('list', { name: 'Your figures' });
    await expect(figures.getByRole('heading', { name: 'Speed to first contact' })).toBeVisible();
    await expect(figures.getByRole('heading', { name: 'Closing rate' })).toBeVisible();
    // Each figure says how it is measured and what it does to routing, one disclosure each.
    const speed = figures.getByRole('listitem').filter({ hasText: 'Speed to first contact' });
    await speed.getByText('How it is measured').click();
    await expect(speed.getByText(/The median time from a lead reaching you/)).toBeVisible();
    await expect(page.getByRole('form', { name: 'Pause leads' })).toBeVisible();
    await expectLoaded(page);
    await expectAccessible(page);
    await fitsTheScreen(page, width);
  });

  test(`the console lists every agent's scorecard, sortable, at ${width}px`, async ({ signInAs }) => {
    test.setTimeout(90_000);
    const page = await signInAs(
      { email: 'admin@demo.agentportal.local', password: DEMO_PASSWORD, lands: /\/admin$/ },
      { viewport: { width, height: 900 } },
    );
    await page.goto('/admin/scorecards');
    await seeHeading(page, 'Scorecards');
    const table = page.getByRole('table', { name: "Agents' scorecards" });
    await expect(table.getByRole('rowheader', { name: /Hannah Cole/ })).toBeVisible();

    const closing = table.getByRole('columnheader', { name: /Closing rate/ });
    await closing.getByRole('button').click();
    await expect(closing).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/sort=closing_rate&order=desc/);
    await expectLoaded(page);
    await expectAccessible(page);
    await fitsTheScreen(page, width);
  });
}
