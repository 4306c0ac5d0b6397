import type { Page } from '@playwright/test';
import { expect, seeHeading, test } from '../fixtures';
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
    await page.goto('/login');
    // The recipient session is the browser's, not the prerendered page's: it leads on to /leads.
    await expect(page).not.toHaveURL(/\/login$/);
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
});
