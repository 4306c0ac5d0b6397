import { expect, type Page } from '@playwright/test';
import type { PortalApi } from './portal-api';

/** Fills in the sign-in form on /login and sends it. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The page's title (its h1) reads `name`: the page a person was sent to is on screen. */
export async function seeHeading(page: Page, name: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The text is on the page (the way a person waits for it to appear). */
export async function seeText(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

/**
 * After "Create my account": the page says to check the e-mail; the agent opens the link from
 * it in the same browser, which creates the account and opens the first signup step.
 */
export async function openRegistrationLink(page: Page, portal: PortalApi, email: string) {
  await seeHeading(page, 'Check your e-mail');
  await page.goto(await portal.registrationLinkPath(email));
  await expect(page).toHaveURL(/\/signup\/mailingAddress$/);
}

/**
 * The page has shown what it was loading: no loading placeholder and no busy region is left (a
 * button busy with its own request is not the page loading).
 */
export async function expectLoaded(page: Page) {
  await expect(page.locator('[data-slot="page-loading"], [aria-busy="true"]:not(button)')).toHaveCount(0);
}
