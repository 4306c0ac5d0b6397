import { z } from 'zod';
import { calendarDate } from './dates';

/**
 * Referral fees (DESIGN.md section 12, ADR 66): the rate an agent signed, the invoice a closing
 * creates, and the ledger of what was paid. Every amount is integer cents; a rate is a percent
 * with at most two decimals.
 */

export const PAYMENT_METHODS = ['ach', 'check', 'card', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  ach: 'ACH transfer',
  check: 'Check',
  card: 'Card',
  other: 'Other',
};

/**
 * What a ledger entry is. On an invoice: `fee` (the closing's fee, owed), `payment`, `credit`
 * (a reduction the network grants), `refund` (money paid back: owed again), `void` (what was left
 * owing, cancelled). On the account: `deposit` and `refund` without an invoice, and `opening`
 * (the totals carried over from before the ledger).
 */
export const LEDGER_KINDS = ['fee', 'payment', 'credit', 'refund', 'void', 'deposit', 'opening'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Where an agent's rate comes from, most particular first. */
export const RATE_SOURCES = ['agent', 'office', 'access_code', 'network'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/** The receivables' ageing buckets, by days past the due date. */
export const AGEING_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const AGEING_LABELS: Record<AgeingBucket, string> = {
  current: 'Current',
  days_1_30: '1-30 days',
  days_31_60: '31-60 days',
  days_61_90: '61-90 days',
  over_90: 'Over 90 days',
};

/** A referral fee rate: 0 to 100 percent, at most two decimals (27.5 is 27.50 %). */
export const referralFeePercent = z
  .number({ message: 'The referral fee must be a number (a percent, for example 25)' })
  .min(0, 'The referral fee is at least 0 %')
  .max(100, 'The referral fee is at most 100 %')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
    message: 'The referral fee has at most two decimals (for example 27.5)',
  });

/** An amount in cents: a whole number, more than 0 and at most 100 million dollars. */
export const amountCents = (label: string) =>
  z
    .number({ message: `${label} must be an amount in cents` })
    .int(`${label} is a whole number of cents`)
    .min(1, `${label} is more than 0`)
    .max(10_000_000_000, `${label} is at most $100,000,000`);

export const InvoiceSchema = z.object({
  id: z.uuid(),
  /** INV-YYYY-NNNNNN: numbered per year without gaps. */
  number: z.string(),
  lead_id: z.uuid(),
  agent_id: z.uuid(),
  agent_name: z.string(),
  /** The seller and the property the fee is for. */
  lead_name: z.string(),
  property: z.string(),
  closing_date: z.string(),
  sale_price_cents: z.number().int(),
  commission_cents: z.number().int(),
  rate_percent: z.number(),
  amount_cents: z.number().int(),
  /** Payments and credits, less refunds. */
  paid_cents: z.number().int(),
  /** What is still owed (0 once paid or void). */
  balance_cents: z.number().int(),
  status: z.enum(INVOICE_STATUSES),
  issued_at: z.string(),
  /** YYYY-MM-DD. */
  due_at: z.string(),
  /** Days past the due date while open; 0 when not yet due. */
  days_overdue: z.number().int(),
  void_reason: z.string().nullable(),
  pdf_url: z.string(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const LedgerEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(LEDGER_KINDS),
  amount_cents: z.number().int(),
  /** What the entry does to the balance owed: + owes more, - owes less, 0 for account entries. */
  balance_effect_cents: z.number().int(),
  invoice_id: z.uuid().nullable(),
  invoice_number: z.string().nullable(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  reference: z.string(),
  /** YYYY-MM-DD: when the money moved (or the entry took effect). */
  occurred_on: z.string(),
  notes: z.string(),
  recorded_by: z.string(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

/** A closed lead whose settlement statement is not uploaded yet. */
export const MissingStatementSchema = z.object({
  lead_id: z.uuid(),
  lead_name: z.string(),
  agent_id: z.uuid(),
  agent_name: z.string(),
  closing_date: z.string(),
  /** 14 days after the closing was recorded. */
  due_on: z.string(),
  overdue: z.boolean(),
});
export type MissingStatement = z.infer<typeof MissingStatementSchema>;

export const AgreementRefSchema = z.object({
  title: z.string(),
  /** The rate the signed agreement states (null when it states none). */
  rate_percent: z.number().nullable(),
  signed_at: z.string().nullable(),
  pdf_url: z.string().nullable(),
});

/** GET /portal/me/billing: the agent's statement. */
export const BillingSchema = z.object({
  rate_percent: z.number(),
  rate_source: z.enum(RATE_SOURCES),
  /** The master referral agreement the fee follows from. */
  agreement: AgreementRefSchema.nullable(),
  /** A signed agreement states another rate than the agent's: it is to be signed again. */
  agreement_outdated: z.boolean(),
  /** Which signed agreements state another rate (each is signed again at the rate in force). */
  outdated_agreements: z.array(z.enum(['service', 'master'])),
  balance_cents: z.number().int(),
  overdue_cents: z.number().int(),
  invoices: z.array(InvoiceSchema),
  /** Payments, credits, refunds and deposits, newest first. */
  payments: z.array(LedgerEntrySchema),
  missing_statements: z.array(MissingStatementSchema),
  /** How to pay, as the invoices print it. */
  how_to_pay: z.string(),
});
export type Billing = z.infer<typeof BillingSchema>;

export const AdminInvoicesQuerySchema = z.object({
  status: z.enum(INVOICE_STATUSES).optional(),
  overdue: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  agent_id: z.uuid().optional(),
  /** Invoice number, agent name or e-mail. */
  q: z.string().trim().max(100).optional(),
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminInvoicesQuery = z.infer<typeof AdminInvoicesQuerySchema>;

/** GET /admin/invoices: one page, the whole filter's total, and the receivables' ageing. */
export const AdminInvoicesSchema = z.object({
  items: z.array(InvoiceSchema),
  total: z.number().int(),
  /** Open balances by days overdue (cents), over every open invoice. */
  ageing: z.record(z.enum(AGEING_BUCKETS), z.number().int()),
  receivable_cents: z.number().int(),
  missing_statements: z.array(MissingStatementSchema),
});
export type AdminInvoices = z.infer<typeof AdminInvoicesSchema>;

/** POST /admin/invoices/:id/payments: a payment, a credit or a refund on an invoice. */
export const PaymentInputSchema = z.strictObject({
  kind: z.enum(['payment', 'credit', 'refund']).default('payment'),
  amount_cents: amountCents('The amount'),
  paid_on: calendarDate('The date paid'),
  method: z
    .enum(PAYMENT_METHODS, { message: 'Choose how it was paid: ACH, check, card or other' })
    .optional(),
  reference: z.string().trim().max(100, 'The reference is at most 100 characters').default(''),
  notes: z.string().trim().max(500, 'The notes are at most 500 characters').default(''),
});
export type PaymentInput = z.input<typeof PaymentInputSchema>;

/** POST /admin/invoices/:id/void. */
export const VoidInputSchema = z.strictObject({
  reason: z
    .string({ message: 'Say why the invoice is void' })
    .trim()
    .min(3, 'Say why the invoice is void')
    .max(500, 'The reason is at most 500 characters'),
});

/** POST /admin/agents/:id/ledger: a deposit paid, or money refunded to the agent, on the account. */
export const AccountEntryInputSchema = z.strictObject({
  kind: z.enum(['deposit', 'refund']),
  amount_cents: amountCents('The amount'),
  paid_on: calendarDate('The date'),
  method: z.enum(PAYMENT_METHODS).optional(),
  reference: z.string().trim().max(100, 'The reference is at most 100 characters').default(''),
  notes: z.string().trim().max(500, 'The notes are at most 500 characters').default(''),
});
export type AccountEntryInput = z.input<typeof AccountEntryInputSchema>;

/** GET /admin/agents/:id/ledger: everything the accountant needs about one agent. */
export const AgentLedgerSchema = z.object({
  agent_id: z.uuid(),
  agent_name: z.string(),
  rate_percent: z.number(),
  rate_source: z.enum(RATE_SOURCES),
  balance_cents: z.number().int(),
  /** Share of paid invoices paid by their due date (null with none paid). */
  pay_on_time_rate: z.number().nullable(),
  invoices: z.array(InvoiceSchema),
  entries: z.array(LedgerEntrySchema),
});
export type AgentLedger = z.infer<typeof AgentLedgerSchema>;

/** The office's read-only view of its agents' money: GET /portal/corporate-billing. */
export const OfficeBillingSchema = z.object({
  agents: z.array(
    z.object({
      agent_id: z.uuid(),
      agent_name: z.string(),
      rate_percent: z.number(),
      closings: z.number().int(),
      commission_cents: z.number().int(),
      fees_cents: z.number().int(),
      paid_cents: z.number().int(),
      balance_cents: z.number().int(),
      overdue_cents: z.number().int(),
      missing_statements: z.number().int(),
    }),
  ),
  invoices: z.array(InvoiceSchema),
});
export type OfficeBilling = z.infer<typeof OfficeBillingSchema>;

/**
 * The fee on a commission: commission x rate, rounded half up to the cent, in integers only
 * (12,345.67 at 25 % is 3,086.42).
 */
export function feeCents(commissionCents: number, ratePercent: number): number {
  const basisPoints = BigInt(Math.round(ratePercent * 100));
  const product = BigInt(commissionCents) * basisPoints;
  return Number((product + 5_000n) / 10_000n);
}

/** Cents as dollars for people: 308642 reads $3,086.42. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  const dollars = Math.floor(whole / 100).toLocaleString('en-US');
  return `${sign}$${dollars}.${String(whole % 100).padStart(2, '0')}`;
}

/** A dollar figure typed by a person ("3,086.42", "$3086.4") as cents, or null when it is not one. */
export function parseDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Ageing bucket of an open invoice `daysOverdue` days past its due date. */
export function ageingBucket(daysOverdue: number): AgeingBucket {
  if (daysOverdue <= 0) return 'current';
  if (daysOverdue <= 30) return 'days_1_30';
  if (daysOverdue <= 60) return 'days_31_60';
  if (daysOverdue <= 90) return 'days_61_90';
  return 'over_90';
}
