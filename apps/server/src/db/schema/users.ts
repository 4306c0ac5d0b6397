import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    name: text(),
    passwordHash: text(),
    isActive: boolean().notNull().default(true),
    isVerified: boolean().notNull().default(false),
    isSuperuser: boolean().notNull().default(false),
    isTeamMember: boolean().notNull().default(false),
    isAgent: boolean().notNull().default(false),
    userRole: text().notNull().default('agent'),
    permissions: jsonb().$type<string[]>().notNull().default([]),
    preferences: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** A corporate user's (an office's) referral fee rate for its agents, percent; null: none. */
    referralFeePercent: numeric({ precision: 5, scale: 2, mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), index('users_role_idx').on(t.userRole)],
);

export type UserRow = typeof users.$inferSelect;
