import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, DEMO_PASSWORD } from './browser';

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Waits until the text is on the page (the way a person waits for it to appear). */
export async function seeText(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor({ state: 'visible' });
}

export async function seeHeading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { level: 1, name }).waitFor({ state: 'visible' });
}

/**
 * Reads a message the way a person on a local install does: signed in as the demo superuser,
 * in the dev mailbox, opening the newest message to `to` with `subject` and taking its link.
 */
export async function linkFromMailbox(
  admin: Page,
  options: { to: string; subject: string; path: string },
): Promise<string> {
  if (!admin.url().endsWith('/dev/mailbox')) {
    await signIn(admin, ADMIN_EMAIL, DEMO_PASSWORD);
    await admin.waitForURL(/\/admin$/);
    await admin.goto('/dev/mailbox');
  }
  await seeHeading(admin, 'Dev mailbox');
  const item = admin
    .getByRole('button')
    .filter({ hasText: `To ${options.to}` })
    .filter({ hasText: options.subject })
    .first();
  for (let attempt = 0; attempt < 30 && !(await item.isVisible()); attempt++) {
    await admin.getByRole('button', { name: 'Refresh' }).click();
    await admin.waitForTimeout(300);
  }
  await item.click();
  const link = admin.getByRole('link').filter({ hasText: options.path }).first();
  await link.waitFor({ state: 'visible' });
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`no ${options.path} link in the message to ${options.to}`);
  return href;
}

/** Opens the dev mailbox as the demo superuser in `admin` (a page of its own browser context). */
export async function openMailbox(admin: Page) {
  if (!admin.url().endsWith('/dev/mailbox')) {
    await signIn(admin, ADMIN_EMAIL, DEMO_PASSWORD);
    await admin.waitForURL(/\/admin$/);
    await admin.goto('/dev/mailbox');
  }
  await seeHeading(admin, 'Dev mailbox');
}

/**
 * Waits until the dev mailbox lists at least `count` messages to `to` on `channel` (and with
 * `subject`, when given), refreshing as a person would; returns how many there are.
 */
export async function expectInMailbox(
  admin: Page,
  options: { to: string; channel: 'SMS' | 'E-mail'; subject?: string; count?: number },
): Promise<number> {
  await openMailbox(admin);
  let items = admin
    .getByRole('button')
    .filter({ hasText: `To ${options.to}` })
    .filter({ hasText: options.channel });
  if (options.subject) items = items.filter({ hasText: options.subject });
  const wanted = options.count ?? 1;
  for (let attempt = 0; attempt < 40; attempt++) {
    const found = await items.count();
    if (found >= wanted) return found;
    await admin.getByRole('button', { name: 'Refresh' }).click();
    await admin.waitForTimeout(300);
  }
  throw new Error(
    `expected ${wanted} ${options.channel} message(s) to ${options.to} in the dev mailbox, found ${await items.count()}`,
  );
}
