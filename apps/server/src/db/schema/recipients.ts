import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agents } from './agents';

/**
 * Who receives an agent's leads. The agent record's `recipients` list mirrors the active and
 * inactive rows in order, written in the same transaction.
 */
export const recipients = pgTable(
  'recipients',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    lastName: text().notNull().default(''),
    phoneNumber: text().notNull().default(''),
    email: text().notNull().default(''),
    sendSms: boolean().notNull().default(false),
    sendEmail: boolean().notNull().default(false),
    phoneCall: boolean().notNull().default(false),
    isPrimary: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    isAgent: boolean().notNull().default(false),
    position: integer().notNull().default(0),
    /**
     * When the address's owner confirmed it (the invitation's link or a recipient sign-in);
     * null until then and again after the address changes. The composer writes only to
     * confirmed addresses (SECURITY.md item 27); lead notifications do not wait for it.
     */
    emailConfirmedAt: timestamp({ withTimezone: true }),
    /** When the last invitation to confirm the address was sent. */
    emailInvitedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('recipients_agent_idx').on(t.agentId, t.position),
    index('recipients_email_idx').on(sql`lower(${t.email})`),
    // Exactly one primary and one agent row per agent.
    uniqueIndex('recipients_primary_key').on(t.agentId).where(sql`is_primary`),
    uniqueIndex('recipients_agent_row_key').on(t.agentId).where(sql`is_agent`),
  ],
);
export type RecipientRow = typeof recipients.$inferSelect;

/** A recipient's magic-link session: opaque token (hashed), 12 hours, never refreshed. */
export const recipientSessions = pgTable(
  'recipient_sessions',
  {
    tokenHash: text().primaryKey(),
    recipientId: uuid()
      .notNull()
      .references(() => recipients.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ip: text(),
  },
  (t) => [index('recipient_sessions_recipient_idx').on(t.recipientId)],
);
