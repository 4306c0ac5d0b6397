import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, seeHeading, seeText, test } from '../fixtures';
import { expectAccessible } from '../support/accessibility';
import type { NewAgent } from '../support/portal-api';

const ZONE = 'America/Denver';
/** Set ONBOARDING_SHOTS_DIR to keep screenshots of the journey at 1280 and 390 px. */
const SHOTS = process.env.ONBOARDING_SHOTS_DIR;

// The steps follow on from each other, with one agent.
test.describe.configure({ mode: 'serial' });

/** A new agent of this file's own: the demo agents' onboarding belongs to other journeys. */
let agent: NewAgent;
test.beforeAll(async ({ portal }) => {
  agent = await portal.createAgentReadyForOnboarding('onboarding');
});

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await expect(page.locator('[data-slot="loading-overlay"]')).toHaveCount(0);
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** YYYY-MM-DD, `days` from today in the agent's zone (the browser's). */
function dayFromNow(days: number) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 86_400_000));
}

/** 2027-01-05 as "January 5, 2027". */
const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The status badge next to a step page's title: Completed or Not yet. */
const stepStatus = (page: Page) => page.locator('header [data-done]');

/** A section card of the overview. */
const section = (page: Page, title: string) =>
  page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** A section's badge: Completed, In progress or Not started. */
const sectionStatus = (page: Page, title: string) => section(page, title).locator('[data-status]');

/** One step's badge in its section card on the overview. */
const stepInOverview = (page: Page, sectionTitle: string, step: string) =>
  section(page, sectionTitle)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: step, exact: true }) })
    .locator('[data-done]');

const progressText = (page: Page) => page.getByText(/^\d+% of the steps done$/);

/** "42% of the steps done" as 42. */
async function progress(page: Page): Promise<number> {
  await expect(progressText(page)).toBeVisible();
  const text = await progressText(page).textContent();
  return Number(text!.match(/^(\d+)%/)![1]);
}

async function openOverview(page: Page) {
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Onboarding' })
    .click();
  await seeHeading(page, 'Onboarding');
}

async function openStep(page: Page, sectionTitle: string, step: string) {
  await section(page, sectionTitle).getByRole('link', { name: step, exact: true }).click();
  await seeHeading(page, step);
}

const AGENT_PATCH = '**/api/portal/me/agent_profile';

test.describe('onboarding', () => {
  test.use({ viewport: { width: 1280, height: 900 }, timezoneId: ZONE });

  test('completes the Start Here and Licences steps and the script confirmation, and sees the sections turn completed', async ({
    signInAs,
  }) => {
    const page = await signInAs(agent);
    await seeHeading(page, 'Onboarding');

    // A new agent: nothing of Start Here done; of Licences only E&O, answered "no" during signup.
    await expect(sectionStatus(page, 'Start Here')).toHaveText('Not started');
    await expect(stepInOverview(page, 'Licences', 'Licence details')).toHaveText('Not yet');
    await expect(stepInOverview(page, 'Licences', 'E&O insurance')).toHaveText('Completed');
    await expect(sectionStatus(page, 'Licences')).toHaveText('In progress');
    // 1 of 14: the sections' 12 steps and the two agreements (ADR 25).
    await expect(progressText(page)).toHaveText('7% of the steps done');
    const atStart = await progress(page);
    expect(atStart).toBe(7);
    await shoot(page, '01-overview-new-agent');
    await expectAccessible(page);

    // Start Here: the introduction is a step the agent confirms.
    await openStep(page, 'Start Here', 'Introduction');
    await seeText(page, 'Welcome, Robin.');
    await expect(stepStatus(page)).toHaveText('Not yet');
    await page.getByRole('button', { name: 'Mark done and continue to My team' }).click();

    // My team: "yes" needs the team's name, and says so.
    await seeHeading(page, 'My team');
    await page.getByRole('radio', { name: 'Yes', exact: true }).click();
    const saveTeam = page.getByRole('button', { name: 'Save and continue to Broker of record' });
    await saveTeam.click();
    await seeText(page, "Enter your team's name: it is required when you work with a team.");
    await expect(page).toHaveURL(/\/onboarding\/start\/my_team$/);
    await page.getByLabel('Team name (required)').fill('Okafor Home Team');
    await saveTeam.click();

    // Broker of record: the broker, and someone else who receives the bills.
    await seeHeading(page, 'Broker of record');
    await expect(stepStatus(page)).toHaveText('Not yet');
    await page.getByLabel('Brokerage', { exact: true }).fill('Desert Sun Realty');
    await page.getByLabel("Broker's name", { exact: true }).fill('Pat Morales');
    await page.getByLabel("Broker's phone", { exact: true }).fill('(602) 555-0170');
    await page.getByLabel("Broker's e-mail", { exact: true }).fill('pat.morales@example.com');
    await page.getByRole('radio', { name: 'Someone else', exact: true }).click();
    await page.getByLabel("Billing contact's name", { exact: true }).fill('Lee Chen');
    await page.getByLabel("Billing contact's phone", { exact: true }).fill('(602) 555-0171');
    await page.getByLabel("Billing contact's e-mail", { exact: true }).fill('billing@example.com');
    await shoot(page, '02-broker-of-record');
    await page.getByRole('button', { name: 'Save and continue to Headshots' }).click();
    await seeHeading(page, 'Headshots');

    await openOverview(page);
    await expect(sectionStatus(page, 'Start Here')).toHaveText('Completed');
    for (const step of ['Introduction', 'My team', 'Broker of record']) {
      await expect(stepInOverview(page, 'Start Here', step)).toHaveText('Completed');
    }
    const afterStart = await progress(page);
    expect(afterStart).toBeGreaterThan(atStart);

    // Licence details: a licence expiring in 45 days is saved with a warning.
    await openStep(page, 'Licences', 'Licence details');
    await seeText(page, 'No licences yet.');
    const continueToEo = page.getByRole('button', { name: 'Save and continue to E&O insurance' });
    await page.getByRole('button', { name: 'Add a licence' }).click();
    await continueToEo.click();
    await seeText(page, 'Enter the licence number');
    await page.getByLabel('Licence number of licence 1').fill('SA712345000');
    await page.getByLabel('State of licence 1').selectOption('AZ');
    await page.getByLabel('Licence type of licence 1').fill('Salesperson');
    const expires = dayFromNow(45);
    await page.getByLabel('Expiry date of licence 1').fill(expires);
    await seeText(page, `This licence expires in 45 days (${longDate(expires)}). Plan its renewal.`);
    await shoot(page, '03-licence-expiring');
    await expectAccessible(page);
    await continueToEo.click();

    // E&O insurance: "No" completes it.
    await seeHeading(page, 'E&O insurance');
    await page.getByRole('radio', { name: 'No', exact: true }).click();
    await page.getByRole('button', { name: 'Save and continue to MLS compliance' }).click();
    await seeHeading(page, 'MLS compliance');

    await openOverview(page);
    await expect(sectionStatus(page, 'Licences')).toHaveText('Completed');
    await expect(stepInOverview(page, 'Licences', 'Licence details')).toHaveText('Completed');
    const afterLicences = await progress(page);
    expect(afterLicences).toBeGreaterThan(afterStart);

    // The licence and its warning are kept.
    await openStep(page, 'Licences', 'Licence details');
    await expect(page.getByLabel('Licence number of licence 1')).toHaveValue('SA712345000');
    await seeText(page, /^This licence expires in 45 days/);
    await openOverview(page);

    // Script instructions: Continue explains what is missing until the scripts are confirmed.
    await openStep(page, 'Videos', 'Script instructions');
    const continueToUpload = page.getByRole('button', { name: 'Mark done and continue to Video upload' });
    await continueToUpload.click();
    await seeText(
      page,
      'Tick the box to confirm you have read the scripts and will record your videos from them, then continue.',
    );
    const confirmation = page.getByRole('checkbox', {
      name: 'I have read the scripts and will record my videos from them',
    });
    await expect(confirmation).toBeFocused();
    await expect(page).toHaveURL(/\/onboarding\/video\/script_instructions$/);
    await expect(stepStatus(page)).toHaveText('Not yet');
    await shoot(page, '04-scripts-unconfirmed');
    await expectAccessible(page);
    await confirmation.check();
    await continueToUpload.click();
    await seeHeading(page, 'Video upload');

    await openOverview(page);
    await expect(stepInOverview(page, 'Videos', 'Script instructions')).toHaveText('Completed');
    await expect(sectionStatus(page, 'Videos')).toHaveText('In progress');
    expect(await progress(page)).toBeGreaterThan(afterLicences);
    await shoot(page, '05-overview-after');

    // What the overview shows is what the server kept.
    await page.reload();
    await seeHeading(page, 'Onboarding');
    await expect(sectionStatus(page, 'Start Here')).toHaveText('Completed');
    await expect(sectionStatus(page, 'Licences')).toHaveText('Completed');
    await expect(stepInOverview(page, 'Videos', 'Script instructions')).toHaveText('Completed');
  });

  test('rolls a step back and says so when its save fails, then saves it on the next try', async ({
    signInAs,
  }) => {
    const page = await signInAs(agent);
    await seeHeading(page, 'Onboarding');
    const before = await progress(page);
    await openStep(page, 'Media Upload', 'Additional photos');
    await expect(stepStatus(page)).toHaveText('Not yet');

    // The server fails the save; the answer is held back until the page has shown the step done.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route(AGENT_PATCH, async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'Internal server error (request x)' }),
      });
    });
    const markDone = page.getByRole('button', { name: 'Mark done and continue to Branding' });
    await markDone.click();
    await expect(stepStatus(page)).toHaveText('Completed');
    answer();
    await expect(stepStatus(page)).toHaveText('Not yet');
    await seeText(page, 'This step could not be saved');
    await seeText(page, /Internal server error \(request x\)/);
    await shoot(page, '06-save-failed');
    // The agent stays on the step, free to try again.
    await seeHeading(page, 'Additional photos');
    await expect(page).toHaveURL(/\/onboarding\/media\/additional_photos$/);

    await page.unroute(AGENT_PATCH);
    await markDone.click();
    await seeHeading(page, 'Branding');
    await openOverview(page);
    await expect(stepInOverview(page, 'Media Upload', 'Additional photos')).toHaveText('Completed');
    expect(await progress(page)).toBeGreaterThan(before);
  });

  test('fits the overview and a step on a phone screen', async ({ signInAs }) => {
    const page = await signInAs(agent, { viewport: { width: 390, height: 844 } });
    await seeHeading(page, 'Onboarding');
    await expect(sectionStatus(page, 'Start Here')).toHaveText('Completed');
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await openStep(page, 'Licences', 'Licence details');
    await seeText(page, /^This licence expires in 45 days/);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
