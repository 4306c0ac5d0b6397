import type { InvoiceStatus, LedgerKind, PaymentMethod } from '@portal/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
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
import { leads } from './leads';

/**
 * Referral fees (DESIGN.md section 12, ADR 66). Money is integer cents in `bigint` columns, read
 * as JavaScript numbers (exact up to 90 trillion dollars).
 */

/** The last invoice number given each year: taken under its row lock, so numbers have no gaps. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer().primaryKey(),
  last: integer().notNull(),
});

/** What the invoice names the fee is owed by: the billing contact, as it was when issued. */
export interface InvoiceParties {
  bill_to: { name: string; email: string; brokerage: string };
  agent: { name: string; email: string; phone: string; brokerage: string };
  lead: { name: string; property: string };
  agreement: { title: string; signed_on: string | null; rate_percent: number | null };
}

export const invoices = pgTable(
  'invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** INV-2026-000123. */
    number: text().notNull(),
    year: integer().notNull(),
    sequence: integer().notNull(),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'restrict' }),
    leadId: uuid()
      .notNull()
      .references(() => leads.id, { onDelete: 'restrict' }),
    closingDate: date({ mode: 'string' }).notNull(),
    salePriceCents: bigint({ mode: 'number' }).notNull(),
    commissionCents: bigint({ mode: 'number' }).notNull(),
    ratePercent: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull(),
    amountCents: bigint({ mode: 'number' }).notNull(),
    /** Payments and credits less refunds: kept with each ledger entry, in the same transaction. */
    paidCents: bigint({ mode: 'number' }).notNull().default(0),
    status: text().$type<InvoiceStatus>().notNull().default('open'),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    dueOn: date({ mode: 'string' }).notNull(),
    /** When it was fully paid (for the pay-on-time rate). */
    paidAt: date({ mode: 'string' }),
    voidReason: text(),
    voidedAt: timestamp({ withTimezone: true }),
    parties: jsonb().$type<InvoiceParties>().notNull(),
    /** Reminders sent: due, overdue_7, overdue_14. */
    remindersSent: text().array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_year_sequence_key').on(t.year, t.sequence),
    // One invoice in force per closing: a void one may be followed by another.
    uniqueIndex('invoices_lead_open_key').on(t.leadId).where(sql`status <> 'void'`),
    index('invoices_agent_idx').on(t.agentId, t.issuedAt),
    index('invoices_open_due_idx').on(t.dueOn).where(sql`status = 'open'`),
    check(
      'invoices_amounts_check',
      sql`amount_cents >= 0 and paid_cents >= 0 and paid_cents <= amount_cents`,
    ),
  ],
);
export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The ledger: every movement of money, never changed or removed (a trigger refuses it);
 * corrections are entries of their own.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'restrict' }),
    invoiceId: uuid().references(() => invoices.id, { onDelete: 'restrict' }),
    kind: text().$type<LedgerKind>().notNull(),
    /** Always positive: what the entry does to the balance follows from its kind. */
    amountCents: bigint({ mode: 'number' }).notNull(),
    method: text().$type<PaymentMethod>(),
    reference: text().notNull().default(''),
    occurredOn: date({ mode: 'string' }).notNull(),
    notes: text().notNull().default(''),
    /** Figures carried over (kind `opening`): closings and gross commission before the ledger. */
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    recordedById: uuid(),
    recordedBy: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_agent_idx').on(t.agentId, t.createdAt),
    index('ledger_entries_invoice_idx').on(t.invoiceId).where(sql`invoice_id is not null`),
    check('ledger_entries_amount_check', sql`amount_cents >= 0`),
  ],
);
export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
