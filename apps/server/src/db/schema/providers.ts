import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A provider account's pace, shared by every process (ADR 32): the next free start on the
 * account (texts and calls at Twilio). A dispatcher reserves starts for a batch with one UPDATE;
 * a 429 moves the next free start past the wait the provider asked for, for every process.
 */
export const providerBuckets = pgTable('provider_buckets', {
  key: text().primaryKey(),
  nextAt: timestamp({ withTimezone: true }).notNull(),
  /** The provider asked the account to wait until then (HTTP 429): shown in the console. */
  pausedUntil: timestamp({ withTimezone: true }),
});

/** Starts reserved on a provider account per second, kept an hour: how close the network runs. */
export const providerUsage = pgTable(
  'provider_usage',
  {
    key: text().notNull(),
    second: timestamp({ withTimezone: true }).notNull(),
    used: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.second] })],
);

/**
 * Connection slots of a provider account (SMTP): a process holds a slot for each connection it
 * may open, as a lease that lapses unless renewed, so a dead process's slots come free.
 */
export const providerSlots = pgTable(
  'provider_slots',
  {
    key: text().notNull(),
    slot: integer().notNull(),
    holder: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.slot] })],
);
