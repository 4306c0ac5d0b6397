import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
