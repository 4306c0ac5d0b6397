import { describe, expect, it } from 'vitest';
import { openRegistrationLink, registrationLinkPath } from '../support/agent';
import {
  DEMO_ACCESS_CODE,
  DEMO_PASSWORD,
  expectAccessible,
  uniqueEmail,
  useBrowser,
} from '../support/browser';
import { linkFromMailbox, seeHeading, seeText, signIn } from '../support/mailbox';

const browser = useBrowser();

async function register(email: string, password: string) {
  const page = await browser.newPage();
  await page.goto('/signup');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Access code', { exact: true }).fill(DEMO_ACCESS_CODE);
  await page.getByRole('button', { name: /continue/i }).click();
  await page.waitForURL(/\/signup\/choose-password$/);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /create|continue|account/i }).click();
  await openRegistrationLink(page, email);
  return page;
}

/** Log out from wherever the person is: the wizard's header, or the dashboard's account menu. */
async function logOut(page: import('playwright-core').Page) {
  const direct = page.getByRole('button', { name: 'Log out', exact: true });
  const menu = page.getByRole('button', { name: /account menu/i });
  await direct.or(menu).first().waitFor({ state: 'visible' });
  if (await direct.isVisible()) {
    await direct.click();
  } else {
    await menu.click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
  }
  await page.waitForURL(/\/login$/);
}

describe('accounts', () => {
  it('registers with an access code, lands on /signup/mailingAddress, logs out and back in', async () => {
    const email = uniqueEmail('newcomer');
    const page = await register(email, 'a-fresh-start-for-me');
    await page.reload();
    await page.waitForURL(/\/signup\/mailingAddress$/);

    await logOut(page);
    await page.goto('/signup/mailingAddress');
    await page.waitForURL(/\/login$/);

    await signIn(page, email, 'a-fresh-start-for-me');
    await page.waitForURL(/\/signup\/mailingAddress$/);
    await page.context().close();
  });

  it('refuses a wrong access code and keeps what was typed', async () => {
    const page = await browser.newPage();
    await page.goto('/signup');
    await page.getByLabel('Email', { exact: true }).fill('keeps-typing@example.com');
    await page.getByLabel('Access code', { exact: true }).fill('NOT-A-CODE');
    await page.getByRole('button', { name: /continue/i }).click();
    await seeText(page, /access code is not valid/i);
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('keeps-typing@example.com');
    expect(page.url()).toMatch(/\/signup$/);
    await page.context().close();
  });

  it('says a wrong password plainly', async () => {
    const page = await browser.newPage();
    await signIn(page, 'onboarding.agent@demo.agentportal.local', 'not-my-password');
    await seeText(page, 'Incorrect email or password.');
    await page.context().close();
  });

  it('resets a forgotten password through the dev mailbox', async () => {
    const email = uniqueEmail('forgetful');
    const first = await register(email, 'the-first-password-1');
    await first.context().close();

    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The recovery page loads its own chunk: the login page (with its own Email field) stays
    // until then, as a person would see it.
    await seeHeading(page, 'Reset your password');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await seeText(page, /If an account exists for that address/);

    const admin = await browser.newPage();
    const link = await linkFromMailbox(admin, {
      to: email,
      subject: 'Reset your password',
      path: '/recovery/',
    });
    await admin.context().close();

    await page.goto(link);
    await seeHeading(page, 'Choose a new password');
    await page.getByLabel('New password', { exact: true }).fill('the-second-password-2');
    await page.getByLabel('Confirm new password', { exact: true }).fill('the-second-password-2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await seeText(page, /Your password has been changed/);

    await signIn(page, email, 'the-first-password-1');
    await seeText(page, 'Incorrect email or password.');
    await signIn(page, email, 'the-second-password-2');
    await page.waitForURL(/\/signup\/mailingAddress$/);
    await page.context().close();
  });

  it('creates a verified account from the link sent at registration, which works once', async () => {
    const email = uniqueEmail('verifier');
    const page = await register(email, 'verify-me-please-1');
    await page.context().close();
    // Opened again, in another browser: the account exists, the link is spent.
    const again = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await again.goto(await registrationLinkPath(email));
    await seeHeading(again, 'Your account was not created');
    await seeText(again, 'This link is invalid or has expired. Request a new one.');
    await expectAccessible(again);
    await again.getByRole('link', { name: 'Start again with your access code' }).waitFor();
    await again.context().close();
  });

  it('signs in with a magic link', async () => {
    const email = 'onboarding.agent@demo.agentportal.local';
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await seeText(page, /a sign-in link is on its way/);

    const admin = await browser.newPage();
    const link = await linkFromMailbox(admin, {
      to: email,
      subject: 'Your sign-in link',
      path: '/login/magic/',
    });
    await admin.context().close();

    const fresh = await browser.newPage();
    await fresh.goto(link);
    await fresh.waitForURL(/\/onboarding$/);
    await seeHeading(fresh, 'Onboarding');
    await fresh.reload();
    await fresh.waitForURL(/\/onboarding$/);
    await fresh.context().close();
    await page.context().close();
  });

  it('shows "Page Not Found" with the path for an unknown address', async () => {
    const page = await browser.newPage();
    await page.goto('/that/path');
    await seeText(page, 'Page Not Found: /that/path');
    await page.context().close();
  });

  it('keeps signed-out visitors out of the dashboard', async () => {
    const page = await browser.newPage();
    await page.goto('/leads');
    await page.waitForURL(/\/login$/);
    await page.context().close();
  });

  it('signs the demo agents in where their stage belongs', async () => {
    const page = await browser.newPage();
    await signIn(page, 'new.agent@demo.agentportal.local', DEMO_PASSWORD);
    await page.waitForURL(/\/signup\/mailingAddress$/);
    await page.context().close();
  });
});
