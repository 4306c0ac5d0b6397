import type { Page } from '@playwright/test';
import { expect, openRegistrationLink, seeHeading, seeText, signIn, test } from '../fixtures';
import { expectAccessible } from '../support/accessibility';
import { DEMO, DEMO_ACCESS_CODE } from '../support/demo';
import { type PortalApi, uniqueEmail } from '../support/portal-api';

async function register(page: Page, portal: PortalApi, email: string, password: string) {
  await page.goto('/signup');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Access code', { exact: true }).fill(DEMO_ACCESS_CODE);
  await page.getByRole('button', { name: /continue/i }).click();
  await expect(page).toHaveURL(/\/signup\/choose-password$/);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /create|continue|account/i }).click();
  await openRegistrationLink(page, portal, email);
}

/** Log out from wherever the person is: the wizard's header, or the dashboard's account menu. */
async function logOut(page: Page) {
  const direct = page.getByRole('button', { name: 'Log out', exact: true });
  const menu = page.getByRole('button', { name: /account menu/i });
  await expect(direct.or(menu).first()).toBeVisible();
  if (await direct.isVisible()) {
    await direct.click();
  } else {
    await menu.click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
  }
  await expect(page).toHaveURL(/\/login$/);
}

test.describe('accounts', () => {
  test('registers with an access code, lands on /signup/mailingAddress, logs out and back in', async ({
    page,
    portal,
  }) => {
    const email = uniqueEmail('newcomer');
    await register(page, portal, email, 'a-fresh-start-for-me');
    await page.reload();
    await expect(page).toHaveURL(/\/signup\/mailingAddress$/);

    await logOut(page);
    await page.goto('/signup/mailingAddress');
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, email, 'a-fresh-start-for-me');
    await expect(page).toHaveURL(/\/signup\/mailingAddress$/);
  });

  test('refuses a wrong access code and keeps what was typed', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Email', { exact: true }).fill('keeps-typing@example.com');
    await page.getByLabel('Access code', { exact: true }).fill('NOT-A-CODE');
    await page.getByRole('button', { name: /continue/i }).click();
    await seeText(page, /access code is not valid/i);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('keeps-typing@example.com');
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('says a wrong password plainly', async ({ page }) => {
    await signIn(page, DEMO.onboardingAgent.email, 'not-my-password');
    await seeText(page, 'Incorrect email or password.');
  });

  test('resets a forgotten password through the dev mailbox', async ({
    page,
    openBrowser,
    portal,
    mailbox,
  }) => {
    const email = uniqueEmail('forgetful');
    const first = await openBrowser();
    await register(first, portal, email, 'the-first-password-1');
    await first.context().close();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The recovery page loads its own chunk: the login page (with its own Email field) stays
    // until then, as a person would see it.
    await seeHeading(page, 'Reset your password');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await seeText(page, /If an account exists for that address/);

    const link = await mailbox.link({ to: email, subject: 'Reset your password', path: '/recovery/' });

    await page.goto(link);
    await seeHeading(page, 'Choose a new password');
    await page.getByLabel('New password', { exact: true }).fill('the-second-password-2');
    await page.getByLabel('Confirm new password', { exact: true }).fill('the-second-password-2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await seeText(page, /Your password has been changed/);

    await signIn(page, email, 'the-first-password-1');
    await seeText(page, 'Incorrect email or password.');
    await signIn(page, email, 'the-second-password-2');
    await expect(page).toHaveURL(/\/signup\/mailingAddress$/);
  });

  test('creates a verified account from the link sent at registration, which works once', async ({
    page,
    openBrowser,
    portal,
  }) => {
    const email = uniqueEmail('verifier');
    await register(page, portal, email, 'verify-me-please-1');
    // Opened again, in another browser: the account exists, the link is spent.
    const again = await openBrowser({ viewport: { width: 390, height: 844 } });
    await again.goto(await portal.registrationLinkPath(email));
    await seeHeading(again, 'Your account was not created');
    await seeText(again, 'This link is invalid or has expired. Request a new one.');
    await expectAccessible(again);
    await expect(again.getByRole('link', { name: 'Start again with your access code' })).toBeVisible();
  });

  test('signs in with a magic link', async ({ page, openBrowser, mailbox }) => {
    const { email } = DEMO.onboardingAgent;
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await seeText(page, /a sign-in link is on its way/);

    const link = await mailbox.link({ to: email, subject: 'Your sign-in link', path: '/login/magic/' });

    const fresh = await openBrowser();
    await fresh.goto(link);
    await expect(fresh).toHaveURL(/\/onboarding$/);
    await seeHeading(fresh, 'Onboarding');
    await fresh.reload();
    await expect(fresh).toHaveURL(/\/onboarding$/);
  });

  test('shows "Page Not Found" with the path for an unknown address', async ({ page }) => {
    await page.goto('/that/path');
    await seeText(page, 'Page Not Found: /that/path');
  });

  test('keeps signed-out visitors out of the dashboard', async ({ page }) => {
    await page.goto('/leads');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signs the demo agents in where their stage belongs', async ({ page }) => {
    await signIn(page, DEMO.newAgent.email, DEMO.newAgent.password);
    await expect(page).toHaveURL(/\/signup\/mailingAddress$/);
  });
});
