import { sql } from 'drizzle-orm';
import { integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { groups } from './groups';
import { users } from './users';

export const accessCodes = pgTable(
  'access_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text().notNull(),
    description: text(),
    maxUses: integer(),
    usedCount: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }),
    corporateUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    groupId: uuid().references(() => groups.id, { onDelete: 'set null' }),
    createdById: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp({ withTimezone: true }),
    /** The referral fee rate (percent) of agents who sign up with the code; null: none of its own. */
    referralFeePercent: numeric({ precision: 5, scale: 2, mode: 'number' }),
  },
  // Codes are typed by people: WELCOME-2026 and welcome-2026 are one code.
  (t) => [uniqueIndex('access_codes_code_key').on(sql`lower(${t.code})`)],
);
