import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accessCodes } from './access-codes';
import { users } from './users';

/** A login session: one family of refresh tokens, rotated on every use. */
export const sessionFamilies = pgTable(
  'session_families',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
    userAgent: text(),
    ip: text(),
  },
  (t) => [index('session_families_user_idx').on(t.userId)],
);

/** Every refresh token ever issued, stored as a SHA-256 hash; only the newest of a family is live. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text().primaryKey(),
    familyId: uuid()
      .notNull()
      .references(() => sessionFamilies.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/** One-time tokens (verify e-mail, password reset, magic link, corporate link): id recorded, hash kept. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid().primaryKey(),
    type: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    subject: text().notNull(),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('one_time_tokens_subject_idx').on(t.type, t.subject)],
);

/**
 * A registration waiting for its e-mailed link (SECURITY.md item 4): nothing is created in
 * `users` until the address's owner opens the link, so registering tells nobody whether an
 * address has an account. The newest request for an address replaces the earlier ones.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    accessCodeId: uuid()
      .notNull()
      .references(() => accessCodes.id, { onDelete: 'cascade' }),
    passwordHash: text().notNull(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('pending_registrations_email_idx').on(t.email)],
);
