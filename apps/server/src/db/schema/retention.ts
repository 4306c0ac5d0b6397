import { integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Each run of the retention clean-up (ADR 67) and what it removed. A row without `finished_at`
 * is a run in progress: it keeps a second run from starting until it ends or goes stale.
 */
export const retentionRuns = pgTable('retention_runs', {
  id: uuid().primaryKey().defaultRandom(),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp({ withTimezone: true }),
  tokens: integer().notNull().default(0),
  sessions: integer().notNull().default(0),
  rateLimits: integer().notNull().default(0),
  messageBodies: integer().notNull().default(0),
  auditRows: integer().notNull().default(0),
});
