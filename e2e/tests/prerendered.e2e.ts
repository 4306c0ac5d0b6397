import type { Page } from '@playwright/test';
import { expect, expectLoaded, seeHeading, signIn, test } from '../fixtures';
import { DEMO } from '../support/demo';

/** What the page reports as going wrong: console messages of the given kinds and uncaught errors. */
function collectProblems(page: Page, kinds: string[]): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (kinds.includes(message.type())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Holds back every script until `release()`: the page is what the HTML alone shows. */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const scriptsHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  return release;
}

/** Holds back the portal's code but not the page's boot script, which restores the session. */
async function holdCode(page: Page): Promise<() => void> {
  let release = () => {};
  const codeHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    if (!route.request().url().includes('/session-boot-')) await codeHeld;
    await route.continue();
  });
  return release;
}

const AGENT = DEMO.activeAgent;

/**
 * /login and /signup come prerendered (ADR 49): the form is on screen before any script has
 * arrived, cannot be sent until React has adopted it, and keeps what was typed meanwhile.
 */
test.describe('prerendered public pages', () => {
  test('shows the sign-in form before its scripts, keeps what was typed, then signs in', async ({ page }) => {
    const problems = collectProblems(page, ['error', 'warning']);
    const release = await holdScripts(page);

    await page.goto('/login', { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'Sign in' });
    await expect(form).toBeVisible();
    const submit = page.getByRole('button', { name: 'Sign in', exact: true });
    // Still held: nothing can enable the button before the scripts arrive.
    expect(await submit.isDisabled()).toBe(true);
    await expect(page).toHaveTitle('Sign in · Agent Referral Portal');
    // No start-up overlay over a page that is already there.
    await expect(page.getByText('Checking authentication...')).toHaveCount(0);
    await page.getByLabel('Email', { exact: true }).fill(AGENT.email);
    await page.getByLabel('Password', { exact: true }).fill(AGENT.password);

    release();
    await submit.click(); // waits until React has adopted the form and enabled it
    await seeHeading(page, /Leads/);
    expect(new URL(page.url()).pathname).toBe('/leads');
    // A page React could not adopt as it was rendered logs a hydration error.
    expect(problems).toEqual([]);
  });

  test('adopts the prerendered access-code form and continues with what was typed before it worked', async ({
    page,
  }) => {
    const problems = collectProblems(page, ['error']);
    const release = await holdScripts(page);
    await page.goto('/signup', { waitUntil: 'commit' });
    await expect(page.getByRole('form', { name: 'Join with an access code' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Continue' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill('not-an-address');
    release();
    await submit.click();
    // The check ran on what was typed before the scripts arrived.
    await expect(page.getByText(/valid e-?mail/i).first()).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('not-an-address');
    expect(problems).toEqual([]);
  });

  test('adopts /login without a hydration error when the browser holds a recipient session', async ({
    context,
  }) => {
    await context.addInitScript(() => {
      window.localStorage.setItem(
        'recipient_session',
        JSON.stringify({
          session_token: 'not-a-real-session',
          recipient_context: {
            recipient_id: 'r-1',
            first_name: 'Jordan',
            last_name: 'Reyes',
            email: 'jordan@example.com',
            agent_id: 'a-1',
            agent_name: 'Avery Agent',
          },
        }),
      );
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat|did not match/i.test(message.text()))
        errors.push(message.text());
    });
    // React reports a page it could not adopt as an uncaught error (window.reportError).
    page.on('pageerror', (error) => errors.push(error.message));
    // The recipient session is the browser's, not the prerendered page's: it leads on to /leads.
    // This one is made up, so the server refuses it there and the page comes back to /login,
    // possibly before a poll of the URL would see /leads: listen for the navigation instead.
    const ledOn = page.waitForURL(/\/leads/);
    await page.goto('/login');
    await ledOn;
    expect(errors).toEqual([]);
  });

  test('a signed-in agent opening /login is sent on to their leads', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(AGENT.email);
    await page.getByLabel('Password', { exact: true }).fill(AGENT.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await seeHeading(page, /Leads/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/leads$/);
    await seeHeading(page, /Leads/);
  });

  test("/leads opens on the agent's page frame before its code, then the page; not for the next user", async ({
    page,
  }) => {
    const problems = collectProblems(page, ['error']);
    await signIn(page, AGENT.email, AGENT.password);
    await seeHeading(page, /Leads/);

    // The next load of /leads in this browser: the frame is there while the code is still held.
    const release = await holdCode(page);
    await page.goto('/leads', { waitUntil: 'commit' });
    const frame = page.locator('#landing-shell');
    await expect(frame).toBeVisible();
    await expect(frame.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    await expect(frame.getByText('Call in this order: overdue first')).toBeVisible();
    await expect(frame.getByText('Loading your leads…')).toBeVisible();
    // This agent manages a group: its page has "My leads" and "My groups" above the leads.
    await expect(frame.getByRole('link', { name: 'My groups' })).toBeVisible();
    const framed = await frame.getByText('Call in this order: overdue first').boundingBox();

    release();
    await expect(frame).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Queue' })).toBeVisible();
    // The page is drawn where its frame stood, once its short fade-in (a 4px rise) is over:
    // nothing moves under the reader's eyes.
    await expect
      .poll(() =>
        page.locator('[data-slot="page-transition"]').evaluate((element) => element.getAnimations().length),
      )
      .toBe(0);
    const drawn = await page.getByText('Call in this order: overdue first').boundingBox();
    expect(drawn).toEqual(framed);
    expect(problems).toEqual([]);

    // Logged out, then the office signs in here: its /leads is not the agent's, so no frame.
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, DEMO.corporateUser.email, DEMO.corporateUser.password);
    await expect(page).toHaveURL(/\/leads$/);
    await expectLoaded(page);
    const releaseAgain = await holdCode(page);
    await page.goto('/leads', { waitUntil: 'commit' });
    await expect(page.getByText('Checking authentication...')).toBeVisible();
    await expect(page.locator('#landing-shell')).toBeHidden();
    releaseAgain();
    await expectLoaded(page);
  });
});
