import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The office's settings (the console's Settings page): one row per key, read through lib/settings. */
export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedBy: text(),
});
