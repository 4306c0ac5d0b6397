import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    id: uuid().primaryKey().defaultRandom(),
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
  },
  (t) => [
    index('outbox_status_idx').on(t.status, t.createdAt),
    // The dispatcher's claim: a channel's due messages, most urgent first.
    index('outbox_due_idx')
      .on(t.channel, t.priority, t.nextAttemptAt)
      .where(sql`status in ('queued', 'sending')`),
    index('outbox_created_idx').on(t.createdAt),
    index('outbox_lead_idx').on(t.leadId).where(sql`lead_id is not null`),
    // The console's "to" filter: substring matches through trigrams (pg_trgm, migration 0011).
    // A short pending list, as leads_search_trgm's: the intake writes here with every lead.
    index('outbox_to_trgm')
      .using('gin', sql`lower(${t.toAddress}) gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
  ],
);
export type OutboxMessage = typeof outboxMessages.$inferSelect;

/**
 * Every upload: asked for (pending), then confirmed once its bytes arrived and passed the checks,
 * or rejected. The agent record holds `/api/files/<id>` URLs of confirmed ones.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull(),
    agentId: uuid(),
    kind: text().notNull(),
    key: text().notNull(),
    webKey: text(),
    contentType: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    filename: text().notNull(),
    status: text().$type<'pending' | 'confirmed' | 'rejected' | 'deleted'>().notNull().default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    confirmedAt: timestamp({ withTimezone: true }),
    /**
     * A deleted or rejected upload's objects are owed a deletion from storage until `purgedAt`
     * (ADR 31): the clean-up job tries again at `purgeDueAt` (null: at its next run), with backoff
     * while storage fails, and a last time once the upload URL can no longer write.
     */
    purgeDueAt: timestamp({ withTimezone: true }),
    purgeAttempts: integer().notNull().default(0),
    purgedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('uploads_user_idx').on(t.userId, t.createdAt),
    index('uploads_status_idx').on(t.status, t.expiresAt),
    index('uploads_purge_idx')
      .on(t.purgeDueAt)
      .where(sql`${t.status} in ('deleted', 'rejected') and ${t.purgedAt} is null`),
  ],
);
export type UploadRow = typeof uploads.$inferSelect;
