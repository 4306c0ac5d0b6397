import {
  type Billing,
  BillingSchema,
  feeCents,
  type Invoice,
  type LeadClosing,
  type LedgerEntry,
} from '@portal/shared';

/** Referral-fee test data as GET /portal/me/billing answers it (checked against the contract). */

let sequence = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const AGENT_UUID = uuid(999);

export function buildInvoice(overrides: Partial<Invoice> = {}): Invoice {
  sequence += 1;
  const id = overrides.id ?? uuid(sequence);
  const commission = overrides.commission_cents ?? 1_234_567;
  const rate = overrides.rate_percent ?? 25;
  const amount = overrides.amount_cents ?? feeCents(commission, rate);
  return {
    id,
    number: `INV-2026-${String(sequence).padStart(6, '0')}`,
    lead_id: uuid(500 + sequence),
    agent_id: AGENT_UUID,
    agent_name: 'Alex Agent',
    lead_name: 'Dana Deal',
    property: '12 Main St, Phoenix, AZ 85004',
    closing_date: '2026-11-03',
    sale_price_cents: 35_000_000,
    commission_cents: commission,
    rate_percent: rate,
    amount_cents: amount,
    paid_cents: 0,
    balance_cents: amount,
    status: 'open',
    issued_at: '2026-11-04T15:00:00.000Z',
    due_at: '2026-12-04',
    days_overdue: 0,
    void_reason: null,
    pdf_url: `/api/portal/me/invoices/${id}/pdf`,
    ...overrides,
  };
}

export function buildLedgerEntry(overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  sequence += 1;
  return {
    id: uuid(sequence),
    kind: 'payment',
    amount_cents: 100_000,
    balance_effect_cents: -(overrides.amount_cents ?? 100_000),
    invoice_id: null,
    invoice_number: null,
    method: 'ach',
    reference: 'ACH-7731',
    occurred_on: '2026-11-20',
    notes: '',
    recorded_by: 'Office Accountant',
    created_at: '2026-11-20T16:00:00.000Z',
    ...overrides,
  };
}

export function buildBilling(overrides: Partial<Billing> = {}): Billing {
  const billing: Billing = {
    rate_percent: 25,
    rate_source: 'office',
    agreement: {
      title: 'Master Referral Agreement',
      rate_percent: 25,
      signed_at: '2026-01-15T18:00:00.000Z',
      pdf_url: '/api/digisigner/document/doc-master-1',
    },
    agreement_outdated: false,
    outdated_agreements: [],
    balance_cents: 0,
    overdue_cents: 0,
    invoices: [],
    payments: [],
    missing_statements: [],
    how_to_pay: 'ACH to Referral Network LLC, routing 123456789, account 987654321.',
    ...overrides,
  };
  // The fixture is what the server may answer, no more.
  return BillingSchema.parse(billing);
}

/** A just-closed lead's `closing`: the fee's open invoice, the statement due in 14 days. */
export function buildClosing(commissionCents: number, rate = 25, overrides: Partial<LeadClosing> = {}) {
  sequence += 1;
  const id = uuid(sequence);
  const amount = feeCents(commissionCents, rate);
  const closing: LeadClosing = {
    invoice: {
      id,
      number: `INV-2026-${String(sequence).padStart(6, '0')}`,
      amount_cents: amount,
      balance_cents: amount,
      status: 'open',
      due_at: '2099-12-31',
      pdf_url: `/api/portal/me/invoices/${id}/pdf`,
    },
    rate_percent: rate,
    statement: null,
    statement_due_on: '2099-12-14',
    ...overrides,
  };
  return closing;
}
