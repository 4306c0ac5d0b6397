import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentReadyForOnboarding, type NewAgent } from '../support/agent';
import { expectAccessible, useBrowser } from '../support/browser';
import { seeHeading, seeText, signIn } from '../support/mailbox';

const browser = useBrowser();
const ZONE = 'America/Denver';
/** Set ONBOARDING_SHOTS_DIR to keep screenshots of the journey at 1280 and 390 px. */
const SHOTS = process.env.ONBOARDING_SHOTS_DIR;

/** A new agent of this file's own: the demo agents' onboarding belongs to other journeys. */
let agent: NewAgent;
const pages: Page[] = [];
beforeAll(async () => {
  agent = await createAgentReadyForOnboarding('onboarding');
});
afterAll(async () => {
  for (const page of pages) await page.context().close();
});

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.locator('[data-slot="loading-overlay"]').waitFor({ state: 'detached' });
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** Waits, up to 10 s, for what the page shows to settle on the expected value. */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });

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
const sectionStatus = (page: Page, title: string) =>
  section(page, title).locator('[data-status]').textContent();

/** One step's badge in its section card on the overview. */
const stepInOverview = (page: Page, sectionTitle: string, step: string) =>
  section(page, sectionTitle)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: step, exact: true }) })
    .locator('[data-done]')
    .textContent();

/** "42% of the steps done" as 42. */
async function progress(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+% of the steps done$/).textContent();
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

describe('onboarding', () => {
  it('completes the Start Here and Licences steps and the script confirmation, and sees the sections turn completed', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, timezoneId: ZONE });
    pages.push(page);
    await signIn(page, agent.email, agent.password);
    await page.waitForURL(/\/onboarding$/);
    await seeHeading(page, 'Onboarding');

    // A new agent: nothing of Start Here done; of Licences only E&O, answered "no" during signup.
    await eventually(() => sectionStatus(page, 'Start Here')).toBe('Not started');
    expect(await stepInOverview(page, 'Licences', 'Licence details')).toBe('Not yet');
    expect(await stepInOverview(page, 'Licences', 'E&O insurance')).toBe('Completed');
    expect(await sectionStatus(page, 'Licences')).toBe('In progress');
    // 1 of 14: the sections' 12 steps and the two agreements (ADR 25).
    const atStart = await progress(page);
    expect(atStart).toBe(7);
    await shoot(page, '01-overview-new-agent');
    await expectAccessible(page);

    // Start Here: the introduction is a step the agent confirms.
    await openStep(page, 'Start Here', 'Introduction');
    await seeText(page, 'Welcome, Robin.');
    await eventually(() => stepStatus(page).textContent()).toBe('Not yet');
    await page.getByRole('button', { name: 'Mark done and continue to My team' }).click();

    // My team: "yes" needs the team's name, and says so.
    await seeHeading(page, 'My team');
    await page.getByRole('radio', { name: 'Yes', exact: true }).click();
    const saveTeam = page.getByRole('button', { name: 'Save and continue to Broker of record' });
    await saveTeam.click();
    await seeText(page, "Enter your team's name: it is required when you work with a team.");
    expect(page.url()).toMatch(/\/onboarding\/start\/my_team$/);
    await page.getByLabel('Team name (required)').fill('Okafor Home Team');
    await saveTeam.click();

    // Broker of record: the broker, and someone else who receives the bills.
    await seeHeading(page, 'Broker of record');
    await eventually(() => stepStatus(page).textContent()).toBe('Not yet');
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
    await eventually(() => sectionStatus(page, 'Start Here')).toBe('Completed');
    for (const step of ['Introduction', 'My team', 'Broker of record']) {
      expect(await stepInOverview(page, 'Start Here', step)).toBe('Completed');
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
    await eventually(() => sectionStatus(page, 'Licences')).toBe('Completed');
    expect(await stepInOverview(page, 'Licences', 'Licence details')).toBe('Completed');
    const afterLicences = await progress(page);
    expect(afterLicences).toBeGreaterThan(afterStart);

    // The licence and its warning are kept.
    await openStep(page, 'Licences', 'Licence details');
    expect(await page.getByLabel('Licence number of licence 1').inputValue()).toBe('SA712345000');
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
    await eventually(() => confirmation.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(page.url()).toMatch(/\/onboarding\/video\/script_instructions$/);
    expect(await stepStatus(page).textContent()).toBe('Not yet');
    await shoot(page, '04-scripts-unconfirmed');
    await expectAccessible(page);
    await confirmation.check();
    await continueToUpload.click();
    await seeHeading(page, 'Video upload');

    await openOverview(page);
    expect(await stepInOverview(page, 'Videos', 'Script instructions')).toBe('Completed');
    expect(await sectionStatus(page, 'Videos')).toBe('In progress');
    expect(await progress(page)).toBeGreaterThan(afterLicences);
    await shoot(page, '05-overview-after');

    // What the overview shows is what the server kept.
    await page.reload();
    await seeHeading(page, 'Onboarding');
    await eventually(() => sectionStatus(page, 'Start Here')).toBe('Completed');
    expect(await sectionStatus(page, 'Licences')).toBe('Completed');
    expect(await stepInOverview(page, 'Videos', 'Script instructions')).toBe('Completed');
  });

  it('rolls a step back and says so when its save fails, then saves it on the next try', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, timezoneId: ZONE });
    pages.push(page);
    await signIn(page, agent.email, agent.password);
    await page.waitForURL(/\/onboarding$/);
    await seeHeading(page, 'Onboarding');
    const before = await progress(page);
    await openStep(page, 'Media Upload', 'Additional photos');
    await eventually(() => stepStatus(page).textContent()).toBe('Not yet');

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
    await eventually(() => stepStatus(page).textContent()).toBe('Completed');
    answer();
    await eventually(() => stepStatus(page).textContent()).toBe('Not yet');
    await seeText(page, 'This step could not be saved');
    await seeText(page, /Internal server error \(request x\)/);
    await shoot(page, '06-save-failed');
    // The agent stays on the step, free to try again.
    await seeHeading(page, 'Additional photos');
    expect(page.url()).toMatch(/\/onboarding\/media\/additional_photos$/);

    await page.unroute(AGENT_PATCH);
    await markDone.click();
    await seeHeading(page, 'Branding');
    await openOverview(page);
    await eventually(() => stepInOverview(page, 'Media Upload', 'Additional photos')).toBe('Completed');
    expect(await progress(page)).toBeGreaterThan(before);
  });

  it('fits the overview and a step on a phone screen', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, timezoneId: ZONE });
    pages.push(page);
    await signIn(page, agent.email, agent.password);
    await page.waitForURL(/\/onboarding$/);
    await seeHeading(page, 'Onboarding');
    await eventually(() => sectionStatus(page, 'Start Here')).toBe('Completed');
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await openStep(page, 'Licences', 'Licence details');
    await seeText(page, /^This licence expires in 45 days/);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
