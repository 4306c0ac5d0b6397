import { expect, type Locator, type Page } from '@playwright/test';
import type { MailboxItem, PortalApi } from './portal-api';

/** Which messages: to whom, on which channel, with what in the subject. */
export interface MessageFilter {
  to: string;
  channel?: 'SMS' | 'E-mail';
  subject?: string;
}

const CHANNELS = { SMS: 'sms', 'E-mail': 'email' } as const;

const matches = (filter: MessageFilter) => (message: MailboxItem) =>
  message.to.toLowerCase() === filter.to.toLowerCase() &&
  (!filter.channel || message.channel === CHANNELS[filter.channel]) &&
  (!filter.subject || (message.subject ?? '').includes(filter.subject));

const describe = (filter: MessageFilter) =>
  `${filter.channel ?? 'message'} to ${filter.to}${filter.subject ? ` about "${filter.subject}"` : ''}`;

/**
 * The dev mailbox, read the way a person on a local install reads it: signed in as the demo
 * superuser in a browser of their own, on /dev/mailbox. The page does not poll; the portal writes
 * messages from its jobs, so each look first waits for the message on the API, then refreshes
 * the list once and reads it there.
 */
export class Mailbox {
  #page: Page | null = null;
  #fresh = false;

  constructor(
    private readonly portal: PortalApi,
    /** Opens a browser of its own with the demo superuser signed in. */
    private readonly signInSuperuser: () => Promise<Page>,
  ) {}

  /** The superuser's page on the dev mailbox (opened on first use). */
  async page(): Promise<Page> {
    if (!this.#page) {
      const page = await this.signInSuperuser();
      await page.goto('/dev/mailbox');
      await expect(page.getByRole('heading', { level: 1, name: 'Dev mailbox' })).toBeVisible();
      this.#page = page;
      this.#fresh = true;
    }
    return this.#page;
  }

  /** The list's entries for `filter`, once the portal has written at least `count` of them. */
  async #entries(filter: MessageFilter, count: number): Promise<Locator> {
    await expect
      .poll(async () => (await this.portal.mailbox()).filter(matches(filter)).length, {
        message: `${count} ${describe(filter)} in the dev mailbox`,
      })
      .toBeGreaterThanOrEqual(count);
    const page = await this.page();
    if (!this.#fresh) await page.getByRole('button', { name: 'Refresh' }).click();
    this.#fresh = false;
    let entries = page.getByRole('button').filter({ hasText: `To ${filter.to}` });
    if (filter.channel) entries = entries.filter({ hasText: filter.channel });
    if (filter.subject) entries = entries.filter({ hasText: filter.subject });
    return entries;
  }

  /** The newest message for `filter` as the list shows it, waiting for it to arrive. */
  async newest(filter: MessageFilter): Promise<Locator> {
    const entry = (await this.#entries(filter, 1)).first();
    await expect(entry).toBeVisible();
    return entry;
  }

  /** The list shows exactly `count` messages for `filter`, waiting for them to arrive. */
  async expectCount(filter: MessageFilter, count: number) {
    await expect(await this.#entries(filter, count)).toHaveCount(count);
  }

  /** Opens the newest message for `filter` and takes its link whose text contains `path`. */
  async link(filter: MessageFilter & { path: string }): Promise<string> {
    await (await this.newest(filter)).click();
    const link = (await this.page()).getByRole('link').filter({ hasText: filter.path }).first();
    await expect(link).toBeVisible();
    const href = await link.getAttribute('href');
    if (!href) throw new Error(`no ${filter.path} link in the ${describe(filter)}`);
    return href;
  }
}
