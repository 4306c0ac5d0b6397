import type { AdminInvoices, AgentLedger, Invoice, LedgerEntry, MissingStatement } from '@portal/shared';
import { uuid } from './console-data';

/** Test data of the console's billing, shaped as packages/shared/src/schemas/billing.ts says. */

let sequence = 5000;
const next = () => {
  sequence += 1;
  return sequence;
};

export function buildInvoice(overrides: Partial<Invoice> = {}): Invoice {
  const n = next();
  return {
    id: uuid(n),
    number: `INV-2026-${String(n).padStart(6, '0')}`,
    lead_id: uuid(n + 100),
    agent_id: uuid(n + 200),
    agent_name: 'Jordan Rivera',
    lead_name: 'Sam Seller',
    property: '12 Palm Lane, Phoenix, AZ 85004',
    closing_date: '2026-10-15',
    sale_price_cents: 40_000_000,
    commission_cents: 1_200_000,
    rate_percent: 25,
    amount_cents: 300_000,
    paid_cents: 0,
    balance_cents: 300_000,
    status: 'open',
    issued_at: '2026-10-16T12:00:00.000Z',
    due_at: '2026-11-15',
    days_overdue: 0,
    void_reason: null,
    pdf_url: `/api/admin/invoices/${uuid(n)}/pdf`,
    ...overrides,
  };
}

export function buildLedgerEntry(overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  const n = next();
  return {
    id: uuid(n),
    kind: 'payment',
    amount_cents: 100_000,
    balance_effect_cents: -100_000,
    invoice_id: null,
    invoice_number: null,
    method: 'ach',
    reference: '',
    occurred_on: '2026-11-01',
    notes: '',
    recorded_by: 'ops@example.com',
    created_at: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

export function buildMissingStatement(overrides: Partial<MissingStatement> = {}): MissingStatement {
  const n = next();
  return {
    lead_id: uuid(n),
    lead_name: 'Pat Closer',
    agent_id: uuid(n + 100),
    agent_name: 'Jordan Rivera',
    closing_date: '2026-11-01',
    due_on: '2026-11-15',
    overdue: false,
    ...overrides,
  };
}

export function buildInvoicesPage(overrides: Partial<AdminInvoices> = {}): AdminInvoices {
  const items = overrides.items ?? [];
  return {
    items,
    total: items.length,
    ageing: { current: 0, days_1_30: 0, days_31_60: 0, days_61_90: 0, over_90: 0 },
    receivable_cents: 0,
    missing_statements: [],
    ...overrides,
  };
}

export function buildAgentLedger(overrides: Partial<AgentLedger> = {}): AgentLedger {
  return {
    agent_id: uuid(next()),
    agent_name: 'Jordan Rivera',
    rate_percent: 25,
    rate_source: 'network',
    balance_cents: 0,
    pay_on_time_rate: null,
    invoices: [],
    entries: [],
    ...overrides,
  };
}
