import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents';

/** The onboarding call an agent books in the signup wizard (the zoom step). */
export const onboardingCalls = pgTable(
  'onboarding_calls',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    /** The agent's time zone when booking, for the invitation's wording. */
    timezone: text().notNull(),
    status: text().$type<'booked' | 'cancelled'>().notNull().default('booked'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('onboarding_calls_agent_idx').on(t.agentId),
    // One booked call per slot: two agents cannot take the same time.
    uniqueIndex('onboarding_calls_slot_key').on(t.startsAt).where(sql`status = 'booked'`),
  ],
);
