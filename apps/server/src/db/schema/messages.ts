import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidV7 } from './uuid-v7';

export interface OutboxMeta {
  /** The user a message was sent for: only they may follow its delivery. */
  userId?: string;
  agentId?: string;
  /** An agreement's signing e-mail (modules/signing). */
  signatureRequestId?: string;
  /** E-mail the office when delivery fails for good. */
  notifyTeamOnFailure?: boolean;
  isRetry?: boolean;
  firstName?: string;
  lastName?: string;
}

/**
 * The outbox: every e-mail and SMS the portal sends. A row is written in the same transaction
 * as the change that causes it; a job delivers it through the configured provider.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid().primaryKey().default(uuidV7),
    channel: text().$type<'email' | 'sms' | 'call'>().notNull(),
    toAddress: text().notNull(),
    fromAddress: text().notNull(),
    /** Where replies go (the agent's own address on an e-mail the agent writes; From stays ours). */
    replyTo: text(),
    subject: text(),
    textBody: text().notNull(),
    htmlBody: text(),
    attachments: jsonb()
      .$type<{ filename: string; contentType: string; content: string }[]>()
      .notNull()
      .default([]),
    template: text(),
    /** Who a message was sent for and what to do if it fails for good (signup test messages). */
    meta: jsonb().$type<OutboxMeta>(),
    /** A lead delivery: the lead and the recipient it was sent to. */
    leadId: uuid(),
    recipientId: uuid(),
    status: text().$type<'queued' | 'sending' | 'sent' | 'failed'>().notNull().default('queued'),
    /** 0 goes first: account e-mails (sign-in, verification, reset) overtake bulk lead traffic. */
    priority: smallint().notNull().default(5),
    /**
     * When the dispatcher may take the message: now for a new one, later after a passing failure
     * (backoff), and the end of the claim while it is being sent (a crashed sender's claim lapses).
     */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    lastError: text(),
    providerMessageId: text(),
    provider: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    /**
     * When the text, HTML and attachments were removed after the retention period (ADR 67); the
     * rest of the row and its attempts stay.
     */
    bodyRemovedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('outbox_status_idx').on(t.status, t.createdAt),
    // The dispatcher's claim: a channel's due messages, most urgent first.
    index('outbox_due_idx')
      .on(t.channel, t.priority, t.nextAttemptAt)
      .where(sql`status in ('queued', 'sending')`),
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_lead_idx').on(t.leadId).where(sql`lead_id is not null`),
    // The retention job's scan: only the messages that still have a body to remove.
    index('outbox_body_kept_idx')
      .on(t.createdAt)
      .where(sql`body_removed_at is null and status in ('sent', 'failed')`),
    // The console's "to" filter: substring matches through trigrams (pg_trgm, migration 0011).
    // A short pending list, as the leads search index: the intake writes here with every lead.
    index('outbox_to_trgm')
      .using('gin', sql`lower(${t.toAddress}) gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
  ],
);
export type OutboxMessage = typeof outboxMessages.$inferSelect;

/** Every try at delivering an outbox message, with what the provider said. */
export const messageAttempts = pgTable(
  'message_attempts',
  {
    id: uuid().primaryKey().default(uuidV7),
    messageId: uuid().notNull(),
    attempt: integer().notNull(),
    status: text().$type<'sent' | 'failed'>().notNull(),
    provider: text(),
    providerMessageId: text(),
    error: text(),
    /** The provider's status code when it refused (429, an SMTP 4xx), and when the next try is due. */
    providerStatus: integer(),
    retryAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_attempts_message_idx').on(t.messageId, t.attempt)],
);
