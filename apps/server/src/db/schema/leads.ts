import type { ActivityKind, ActivityOutcome, LeadStage, LostReason } from '@portal/shared';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { agents } from './agents';
import { users } from './users';
import { uuidV7 } from './uuid-v7';

/**
 * Keys of the machine clients that post leads (DESIGN.md section 5). Only a SHA-256 of the key is
 * kept: keys are 256-bit random values, so a fast hash is as safe as a slow one and costs
 * nothing per request. `prefix` (the key's first characters) finds the row.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    prefix: text().notNull(),
    keyHash: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    /** The last lead the client sent that was refused, and why (the console shows it). */
    lastError: text(),
    lastErrorAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_prefix_key').on(t.prefix)],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

export interface LeadRouting {
  decision: 'assigned' | 'unassigned' | 'manual';
  reason: string;
  /** How many agents could have taken the lead. */
  candidates: number;
  decidedAt: string;
}

/** A seller lead. Unassigned leads (no candidate) have no agent and wait for a superuser. */
export const leads = pgTable(
  'leads',
  {
    id: uuid().primaryKey().default(uuidV7),
    agentId: uuid().references(() => agents.id, { onDelete: 'set null' }),
    leadType: text().notNull(),
    status: text().$type<'active' | 'archived' | 'closed'>().notNull().default('active'),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    phone: text().notNull().default(''),
    email: text().notNull().default(''),
    street: text().notNull().default(''),
    city: text().notNull().default(''),
    state: text().notNull().default(''),
    zip: text().notNull(),
    county: text().notNull().default(''),
    source: text().notNull(),
    externalId: text(),
    notes: text().notNull().default(''),
    routing: jsonb().$type<LeadRouting>(),
    closingDate: date({ mode: 'string' }),
    salePrice: numeric({ precision: 14, scale: 2, mode: 'number' }),
    grossCommission: numeric({ precision: 14, scale: 2, mode: 'number' }),
    /** When the closing was recorded: the settlement statement is due 14 days later. */
    closedAt: timestamp({ withTimezone: true }),
    /** The settlement statement (ADR 66): its storage key, name, type and when it came. */
    statementKey: text(),
    statementName: text(),
    statementType: text(),
    statementUploadedAt: timestamp({ withTimezone: true }),
    /** The reminder before the statement's due day went (once per closing). */
    statementRemindedAt: timestamp({ withTimezone: true }),
    /** Intake replay: the client's key and a hash of the body it sent. */
    apiKeyId: uuid().references(() => apiKeys.id, { onDelete: 'set null' }),
    idempotencyKey: text(),
    requestHash: text(),
    /** Lower-cased name, phone digits and address, for the workspace search. */
    searchText: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The lead's life after delivery (DESIGN.md section 10): `status` follows from `stage`.
    stage: text().$type<LeadStage>().notNull().default('new'),
    nextActionAt: timestamp({ withTimezone: true }),
    nextAction: text().notNull().default(''),
    /** The first call, text or e-mail to the seller; speed to contact is this minus createdAt. */
    firstContactAt: timestamp({ withTimezone: true }),
    lastActivityAt: timestamp({ withTimezone: true }),
    /** When anyone first opened the lead: until then it is "New" for everyone. */
    openedAt: timestamp({ withTimezone: true }),
    /** An archived lead on hold comes back to `pursuing` on this day (the agent's calendar). */
    holdUntil: date({ mode: 'string' }),
    lostReason: text().$type<LostReason>(),
    lostReasonText: text().notNull().default(''),
    // Who holds the lead and since when (ADR 62): an open offer until accepted.
    /** When the holder got the lead (routing, re-routing or the console). */
    assignedAt: timestamp({ withTimezone: true }),
    /** Set while the holder has not accepted the lead; cleared on acceptance. */
    offerExpiresAt: timestamp({ withTimezone: true }),
    acceptedAt: timestamp({ withTimezone: true }),
    /** The first time the lead reached `scheduled` and `listed` (or a stage after them). */
    reachedScheduledAt: timestamp({ withTimezone: true }),
    reachedListedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Offers whose deadline the sweeper watches.
    index('leads_offer_expires_idx').on(t.offerExpiresAt).where(sql`offer_expires_at is not null`),
    // A holder's leads by when they reached them: the monthly cap and the scorecard.
    index('leads_agent_assigned_idx').on(t.agentId, t.assignedAt),
    // The work queue: an agent's active leads by next action.
    index('leads_agent_queue_idx').on(t.agentId, t.nextActionAt, t.createdAt).where(sql`status = 'active'`),
    // Holds that come back, by their day.
    index('leads_hold_until_idx').on(t.holdUntil).where(sql`hold_until is not null`),
    // Match the list's order (newest first, id as tie-break) so deep pages need no sort.
    index('leads_agent_status_created_idx').on(t.agentId, t.status, t.createdAt.desc(), t.id.desc()),
    index('leads_agent_created_idx').on(t.agentId, t.createdAt.desc(), t.id.desc()),
    index('leads_unassigned_idx').on(t.createdAt.desc()).where(sql`agent_id is null`),
    index('leads_api_key_created_idx').on(t.apiKeyId, t.createdAt).where(sql`api_key_id is not null`),
    // The lead searches: substring matches through trigrams (pg_trgm), with the agent's id in the
    // same GIN index (btree_gin), so an agent's (or a recipient's) search starts from the agent's
    // few hundred leads and the console's reads the trigrams alone (ADR 68). A short pending
    // list: the intake adds a lead's trigrams to it, and the insert that finds it full merges it
    // into the index; 4 MB (the default) made that insert take 40-50 ms (ADR 48).
    index('leads_agent_search_trgm')
      .using('gin', t.agentId, sql`${t.searchText} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
    // Every lead newest first (the console), read backwards.
    index('leads_created_idx').on(t.createdAt, t.id),
    // Closings still waiting for their settlement statement (the reminders, the console's list).
    index('leads_statement_missing_idx')
      .on(t.closedAt)
      .where(sql`stage = 'closed' and statement_uploaded_at is null`),
    uniqueIndex('leads_source_external_key').on(t.source, t.externalId).where(sql`external_id is not null`),
    uniqueIndex('leads_idempotency_key')
      .on(t.apiKeyId, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
  ],
);
export type LeadRow = typeof leads.$inferSelect;

/**
 * How many leads each agent has in each status, kept by statement-level triggers on `leads`
 * (migration 0010): a group's counts are a sum over its agents' rows, not a count of its leads
 * (ADR 16). Never written by the application.
 */
export const leadCounts = pgTable(
  'lead_counts',
  {
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    status: text().$type<'active' | 'archived' | 'closed'>().notNull(),
    n: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.status] })],
);

/**
 * A stamp drawn anew with every change to an agent's leads (a trigger does it; ADR 43): a leads
 * page written once for a stamp is the same page until the stamp changes. Random rather than a
 * counter, so that no stamp comes back after a restore. No foreign key: an agent's deletion
 * changes its leads, and the stamp must not fail for an agent being deleted.
 */
export const leadVersions = pgTable('lead_versions', {
  agentId: uuid().primaryKey(),
  stamp: uuid().notNull().defaultRandom(),
});

/** The activity timeline of a lead: routed, each delivery, status changes, notes, calls. */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: uuid().primaryKey().default(uuidV7),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    /** Who: a user, a recipient, or null for the system. */
    actorType: text().$type<'user' | 'recipient' | 'system' | 'api'>().notNull().default('system'),
    actorId: uuid(),
    actorName: text(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lead_events_lead_idx').on(t.leadId, t.createdAt),
    // The week's stage changes, which the scorecards' "updated within 7 days" looks up for every
    // active lead of a batch of agents: read off this small index instead of every event.
    index('lead_events_stage_changes_idx').on(t.createdAt).where(sql`kind in ('stage_change', 'reopened')`),
  ],
);
export type LeadEventRow = typeof leadEvents.$inferSelect;

/**
 * What the agent and their recipients did to work a lead: calls, texts, e-mails, meetings and
 * notes, each with its author. The timeline shows them; `leads.first_contact_at` and
 * `last_activity_at` follow from them.
 */
export const leadActivities = pgTable(
  'lead_activities',
  {
    id: uuid().primaryKey().default(uuidV7),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    kind: text().$type<ActivityKind>().notNull(),
    outcome: text().$type<ActivityOutcome>(),
    body: text().notNull().default(''),
    actorType: text().$type<'user' | 'recipient'>().notNull(),
    actorId: uuid(),
    actorName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_activities_lead_idx').on(t.leadId, t.createdAt)],
);
export type LeadActivityRow = typeof leadActivities.$inferSelect;

/**
 * Scheduled e-mails already sent, one row per kind, person and period (the daily agenda, the
 * offices' weekly digest): whichever process gets the row first sends it, once.
 */
export const scheduledEmailsSent = pgTable(
  'scheduled_emails_sent',
  {
    kind: text().$type<'agenda' | 'digest'>().notNull(),
    subjectId: uuid().notNull(),
    /** The agent's day (YYYY-MM-DD) or the week's Monday. */
    period: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.subjectId, t.period] })],
);

/** Calls to an agent's tracking number or about a lead: they feed `answer_rate`. */
export const callEvents = pgTable(
  'call_events',
  {
    id: uuid().primaryKey().default(uuidV7),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    leadId: uuid().references(() => leads.id, { onDelete: 'set null' }),
    trackingNumber: text(),
    outcome: text().$type<'answered' | 'missed'>().notNull(),
    durationSeconds: integer(),
    source: text().notNull(),
    externalId: text(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('call_events_agent_idx').on(t.agentId, t.occurredAt),
    uniqueIndex('call_events_source_external_key')
      .on(t.source, t.externalId)
      .where(sql`external_id is not null`),
  ],
);

/**
 * Every offer of a lead to an agent (ADR 62), with its outcome: who had the lead, when, and why
 * it left them. Re-routing leaves out every agent with a row here for the lead.
 */
export const leadOffers = pgTable(
  'lead_offers',
  {
    id: uuid().primaryKey().default(uuidV7),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    offeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Null when offers were off: the lead was the agent's at once. */
    expiresAt: timestamp({ withTimezone: true }),
    outcome: text().$type<'accepted' | 'passed' | 'lapsed' | 'released'>(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedByType: text().$type<'user' | 'recipient' | 'system'>(),
    decidedById: uuid(),
    decidedByName: text(),
    reason: text().notNull().default(''),
  },
  (t) => [
    index('lead_offers_lead_idx').on(t.leadId, t.offeredAt),
    index('lead_offers_agent_idx').on(t.agentId, t.offeredAt),
  ],
);
export type LeadOfferRow = typeof leadOffers.$inferSelect;

/**
 * Each agent's scorecard as the `scorecards` job last computed it (ADR 62): routing reads
 * `below_floors`, the lists read `card`.
 */
export const agentScorecards = pgTable('agent_scorecards', {
  agentId: uuid()
    .primaryKey()
    .references(() => agents.id, { onDelete: 'cascade' }),
  card: jsonb().$type<Record<string, unknown>>().notNull(),
  belowFloors: text().array().notNull().default(sql`'{}'::text[]`),
  computedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type AgentScorecardRow = typeof agentScorecards.$inferSelect;
