import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agents } from './agents';

/**
 * Agreements sent for signature (DESIGN.md section 6). The portal's own record of every request,
 * whichever provider collects the signatures; the built-in provider keeps the signing links here.
 */
export const signatureRequests = pgTable(
  'signature_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    kind: text().$type<'service' | 'master'>().notNull(),
    provider: text().$type<'builtin' | 'digisigner'>().notNull(),
    /** The provider's ids (built-in: generated here). */
    providerRequestId: text().notNull(),
    providerDocumentId: text().notNull(),
    status: text().$type<'pending' | 'completed' | 'cancelled'>().notNull().default('pending'),
    title: text().notNull(),
    /** The agreement text as it was printed (sections), shown again on the signing page. */
    content: jsonb().$type<{ heading: string; paragraphs: string[] }[]>().notNull(),
    originalKey: text().notNull(),
    originalSha256: text().notNull(),
    finalKey: text(),
    finalSha256: text(),
    brokerEmailSentAt: timestamp({ withTimezone: true }),
    lastBrokerEmailAt: timestamp({ withTimezone: true }),
    remindersSent: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    /** The referral fee rate the agreement states (ADR 66); null for one printed without a rate. */
    ratePercent: numeric({ precision: 5, scale: 2, mode: 'number' }),
  },
  (t) => [
    index('signature_requests_agent_idx').on(t.agentId, t.kind),
    // At most one open request per agent and document.
    uniqueIndex('signature_requests_one_pending_key')
      .on(t.agentId, t.kind)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('signature_requests_provider_document_key').on(t.provider, t.providerDocumentId),
    index('signature_requests_final_sha_idx').on(t.finalSha256),
    index('signature_requests_original_sha_idx').on(t.originalSha256),
  ],
);
export type SignatureRequestRow = typeof signatureRequests.$inferSelect;

export interface SignatureMark {
  kind: 'typed' | 'drawn';
  /** The typed name, or the drawn PNG as a data URL. */
  value: string;
}

/** One signer of a request, in order. The built-in link is `nonce` signed with the server's key. */
export const signatureSigners = pgTable(
  'signature_signers',
  {
    id: uuid().primaryKey().defaultRandom(),
    requestId: uuid()
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    role: text().notNull(),
    name: text().notNull(),
    email: text().notNull(),
    signingOrder: integer().notNull(),
    /** The provider's signing address (DigiSigner); built-in links are made from the nonce. */
    providerSignUrl: text(),
    /** Random part of the current built-in link; null once spent. */
    linkNonce: text(),
    linkExpiresAt: timestamp({ withTimezone: true }),
    signedAt: timestamp({ withTimezone: true }),
    signature: jsonb().$type<SignatureMark | null>(),
    signedIp: text(),
    signedUserAgent: text(),
    firstViewedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('signature_signers_order_key').on(t.requestId, t.signingOrder)],
);
export type SignatureSignerRow = typeof signatureSigners.$inferSelect;

/** Every view, signature, e-mail and completion of a request: the audit trail printed on the final PDF. */
export const signatureEvents = pgTable(
  'signature_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    requestId: uuid()
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    signerId: uuid().references(() => signatureSigners.id, { onDelete: 'cascade' }),
    kind: text()
      .$type<'created' | 'viewed' | 'signed' | 'link_sent' | 'reminder_sent' | 'completed' | 'cancelled'>()
      .notNull(),
    ip: text(),
    userAgent: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signature_events_request_idx').on(t.requestId, t.at)],
);
export type SignatureEventRow = typeof signatureEvents.$inferSelect;
