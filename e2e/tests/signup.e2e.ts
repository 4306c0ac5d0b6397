import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openRegistrationLink, seeHeading, seeText, test } from '../fixtures';
import { expectAccessible } from '../support/accessibility';
import { DEMO_ACCESS_CODE } from '../support/demo';
import { type PortalApi, uniqueEmail } from '../support/portal-api';

/** Set WIZARD_SHOTS_DIR to keep screenshots of every step at 1280 and 390 px (off in CI: they cost time). */
const SHOTS = process.env.WIZARD_SHOTS_DIR;
const ZONE = 'America/Denver';

/** The page at a desktop and at a phone width, for a person to look at afterwards. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await expect(page.locator('[data-slot="loading-overlay"]')).toHaveCount(0);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // The layout settles at the new width before the picture.
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** YYYY-MM-DD, `days` from today in the agent's zone. */
function dayFromNow(days: number) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 86_400_000));
}

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });
const back = (page: Page) => page.getByRole('link', { name: 'Back', exact: true });

async function register(page: Page, portal: PortalApi, email: string, password: string) {
  await page.goto('/signup');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Access code', { exact: true }).fill(DEMO_ACCESS_CODE);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/signup\/choose-password$/);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create my account' }).click();
  // The account is created from the e-mailed link (SECURITY.md item 4).
  await seeHeading(page, 'Check your e-mail');
  await shoot(page, '00-check-your-email');
  await expectAccessible(page);
  await openRegistrationLink(page, portal, email);
}

test.describe('signup wizard', () => {
  test.use({ viewport: { width: 1280, height: 900 }, timezoneId: ZONE });

  test('takes a new agent from registration through every step to onboarding', async ({
    page,
    portal,
    mailbox,
  }) => {
    test.setTimeout(300_000);
    const email = uniqueEmail('wizard');
    // A unique 555 number per run: test texts are limited per recipient.
    const phoneDigits = `602555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const phone = `+1${phoneDigits}`;

    await register(page, portal, email, 'wizard-journey-2026');

    // Mailing address: the form says what is missing, then saves.
    await seeHeading(page, 'Mailing address');
    await seeText(page, 'Step 1 of 11');
    await continueButton(page).click();
    await seeText(page, 'Street address is required');
    await shoot(page, '01-mailing-address-errors');
    await expectAccessible(page);
    await page.getByLabel('Street address', { exact: true }).fill('12 Palm Lane');
    await page.getByLabel('City', { exact: true }).fill('Phoenix');
    await page.getByLabel('State', { exact: true }).selectOption({ label: 'Arizona' });
    await page.getByLabel('ZIP code', { exact: true }).fill('85004');
    await continueButton(page).click();

    // Name and phone.
    await expect(page).toHaveURL(/\/signup\/personalInfo$/);
    await seeHeading(page, 'Your name and phone');
    await page.getByLabel('First name', { exact: true }).fill('Jordan');
    await page.getByLabel('Last name', { exact: true }).fill('Rivera');
    await page
      .getByLabel('Mobile phone', { exact: true })
      .fill(`(${phoneDigits.slice(0, 3)}) ${phoneDigits.slice(3, 6)}-${phoneDigits.slice(6)}`);
    await page.getByRole('radio', { name: 'iPhone' }).click();
    await shoot(page, '02-personal-info');
    await continueButton(page).click();

    // Time zone: the browser's zone is chosen already.
    await expect(page).toHaveURL(/\/signup\/timezone$/);
    await seeHeading(page, 'Time zone');
    await expect(page.getByRole('radio', { name: 'Mountain — Denver' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await shoot(page, '03-timezone');
    await continueButton(page).click();

    // Text message test: send, see it in the dev mailbox, say no once, then yes.
    await expect(page).toHaveURL(/\/signup\/sms$/);
    await seeHeading(page, 'Text message test');
    await page.getByRole('button', { name: 'Send me a test text' }).click();
    await expect(page.getByRole('heading', { name: 'Did it arrive?' })).toBeVisible();
    await mailbox.expectCount({ to: phone, channel: 'SMS' }, 1);
    await shoot(page, '04-sms-did-it-arrive');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'No, send it again' }).click();
    // After a try that did not arrive, the office can be told instead.
    await expect(
      page.getByRole('button', { name: "It still hasn't arrived — tell the office" }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Did it arrive?' })).toBeVisible();
    await mailbox.expectCount({ to: phone, channel: 'SMS' }, 2);
    await page.getByRole('button', { name: 'Yes, it arrived' }).click();

    // E-mail test: the same, to the agent's own address.
    await expect(page).toHaveURL(/\/signup\/email$/);
    await seeHeading(page, 'E-mail test');
    await seeText(page, email);
    await page.getByRole('button', { name: 'Send me a test e-mail' }).click();
    await expect(page.getByRole('heading', { name: 'Did it arrive?' })).toBeVisible();
    await mailbox.newest({ to: email, channel: 'E-mail', subject: 'Your test e-mail from the agent portal' });
    await page.getByRole('button', { name: 'No, send it again' }).click();
    await expect(
      page.getByRole('button', { name: "It still hasn't arrived — tell the office" }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Did it arrive?' })).toBeVisible();
    await mailbox.expectCount(
      { to: email, channel: 'E-mail', subject: 'Your test e-mail from the agent portal' },
      2,
    );
    await shoot(page, '05-email-did-it-arrive');
    await page.getByRole('button', { name: 'Yes, it arrived' }).click();

    // Save the number: a new agent has no tracking number yet, and may go on.
    await expect(page).toHaveURL(/\/signup\/saveTheNumber$/);
    await seeHeading(page, 'Save the number');
    await seeText(page, /tracking number has not been assigned yet/);
    await shoot(page, '06-save-the-number');
    await continueButton(page).click();

    // A reload in the middle resumes at the same step; Back shows what was saved.
    await expect(page).toHaveURL(/\/signup\/lsa$/);
    await seeHeading(page, 'Google Local Services Ads');
    await page.reload();
    await seeHeading(page, 'Google Local Services Ads');
    await expect(page).toHaveURL(/\/signup\/lsa$/);
    for (const heading of ['Save the number', 'E-mail test', 'Text message test', 'Time zone']) {
      await back(page).click();
      await seeHeading(page, heading);
    }
    await expect(page.getByRole('radio', { name: 'Mountain — Denver' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await back(page).click();
    await seeHeading(page, 'Your name and phone');
    await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Jordan');
    await expect(page.getByLabel('Mobile phone', { exact: true })).toHaveValue(
      new RegExp(`${phoneDigits.slice(6)}`),
    );
    await back(page).click();
    await seeHeading(page, 'Mailing address');
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('Phoenix');
    await expect(page.getByLabel('State', { exact: true })).toHaveValue('AZ');
    // Straight back to the step to do, from the list of steps.
    await page.getByRole('link', { name: 'Google Local Services Ads (to do now)' }).click();

    // Local Services Ads.
    await seeHeading(page, 'Google Local Services Ads');
    await page.getByRole('radio', { name: 'Yes, include Local Services Ads' }).click();
    await page.getByLabel('Business profile name', { exact: true }).fill('Rivera Homes');
    await page.getByLabel('Business profile link', { exact: true }).fill('not a link');
    await continueButton(page).click();
    await seeText(page, 'Enter a full web address, starting with https://');
    await page.getByLabel('Business profile link', { exact: true }).fill('https://g.page/r/rivera-homes');
    await shoot(page, '07-lsa');
    await continueButton(page).click();

    // Google Ads: yes, starting in ten days.
    await expect(page).toHaveURL(/\/signup\/googleAds$/);
    await seeHeading(page, 'Google Ads');
    await page.getByRole('radio', { name: 'Yes, choose a start date' }).click();
    await page.getByLabel('Ads start date', { exact: true }).fill(dayFromNow(10));
    await shoot(page, '08-google-ads');
    await continueButton(page).click();

    // E&O insurance: none.
    await expect(page).toHaveURL(/\/signup\/eoInsurance$/);
    await seeHeading(page, 'E&O insurance');
    await page.getByRole('radio', { name: 'No' }).click();
    await shoot(page, '09-eo-insurance');
    await continueButton(page).click();

    // Onboarding call: book the first open time.
    await expect(page).toHaveURL(/\/signup\/zoom$/);
    await seeHeading(page, 'Onboarding call');
    const times = page.getByRole('radiogroup', { name: /^Time on / });
    await expect(times).toBeVisible();
    await shoot(page, '10-zoom-choose');
    await expectAccessible(page);
    await times.getByRole('radio').first().click();
    await page.getByRole('button', { name: 'Book this time' }).click();
    await seeText(page, 'Your call is booked. We have e-mailed you the invitation.');
    await expect(page.getByRole('button', { name: 'Change the time' })).toBeVisible();
    await mailbox.newest({ to: email, channel: 'E-mail', subject: 'Your onboarding call' });
    await shoot(page, '11-zoom-booked');
    await continueButton(page).click();

    // Countdown to the go-live day, then into onboarding.
    await expect(page).toHaveURL(/\/signup\/countdown$/);
    await seeHeading(page, 'Countdown to go-live');
    await seeText(page, /\b(9|10) days? and \d+ hours? until your ads go live\./);
    await shoot(page, '12-countdown');
    // On a phone the list of steps folds away; opened, it shows every step done but the last.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Show all steps' }).click();
    await expect(page.getByRole('link', { name: 'Countdown to go-live (to do now)' })).toBeVisible();
    if (SHOTS)
      await page.screenshot({ path: path.join(SHOTS, '12-countdown-steps-open-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Go to onboarding' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await seeHeading(page, 'Onboarding');
  });

  test('offers to prepare the service agreement on its signup page, and points to the step to do', async ({
    openBrowser,
    portal,
  }) => {
    const page = await openBrowser({ viewport: { width: 390, height: 844 } });
    await register(page, portal, uniqueEmail('agreements'), 'wizard-agreements-2026');
    await page.goto('/signup/serviceAgreement');
    await seeHeading(page, 'Service agreement');
    await expect(page.getByRole('button', { name: 'Prepare the agreement' })).toBeVisible();
    await shoot(page, '13-service-agreement');
    await expectAccessible(page);
    // This agent's sign-up does not wait on the agreement: the page points to the step to do.
    await page.getByRole('link', { name: 'Go to your next step: Mailing address' }).click();
    await expect(page).toHaveURL(/\/signup\/mailingAddress$/);
  });
});
