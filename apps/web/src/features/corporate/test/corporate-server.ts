import {
  type CorporateGroup,
  type GroupLead,
  type Invoice,
  type Lead,
  type LinkedAgent,
  type OfficeBilling,
  OfficeBillingSchema,
  type Pipeline,
  type PipelineAgent,
  type PipelineFigures,
  shiftDate,
} from '@portal/shared';
import { buildInvoice } from '@/test/billing';

/** Test data of the corporate pages, shaped as the contract in packages/shared says. */

let sequence = 0;

export function buildLead(overrides: Partial<Lead> = {}): Lead {
  sequence += 1;
  return {
    id: `lead-${sequence}`,
    agent_id: 'agent-1',
    lead_type: 'fsbo',
    status: 'active',
    first_name: 'Sam',
    last_name: `Seller ${sequence}`,
    phone: '+16025550142',
    email: 'sam.seller@example.com',
    street: '12 Main St',
    city: 'Phoenix',
    state: 'AZ',
    zip: '85004',
    county: 'Maricopa',
    source: 'test',
    external_id: null,
    notes: '',
    routing: null,
    closing_date: null,
    sale_price: null,
    gross_commission: null,
    created_at: new Date(Date.UTC(2026, 10, 20, 12, 0, 0) + sequence * 60_000).toISOString(),
    updated_at: '2026-11-20T12:00:00.000Z',
    stage: 'new',
    next_action_at: null,
    next_action: '',
    first_contact_at: null,
    last_activity_at: null,
    speed_to_contact_seconds: null,
    opened_at: null,
    hold_until: null,
    lost_reason: null,
    lost_reason_text: '',
    offer: null,
    accepted_at: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

export const groupLead = (agent: LinkedAgent, overrides: Partial<Lead> = {}): GroupLead => ({
  ...buildLead({ agent_id: agent.id, ...overrides }),
  agent_name: agent.name,
  agent_uri: agent.agent_uri,
});

export function buildLinkedAgent(overrides: Partial<LinkedAgent> = {}): LinkedAgent {
  sequence += 1;
  return {
    id: `agent-${sequence}`,
    name: `Agent ${sequence}`,
    email: `agent${sequence}@example.com`,
    phone: '+16025550100',
    agent_uri: `agent-${sequence}`,
    agent_status: 'active',
    groups: [],
    leads_last_30_days: 0,
    total_leads: 0,
    answer_rate: { total_leads: 0, missed_calls: 0, answered_calls: 0 },
    total_closings: 0,
    total_gross_commission_earned: 0,
    ...overrides,
  };
}

export function buildGroup(overrides: Partial<CorporateGroup> = {}): CorporateGroup {
  sequence += 1;
  return {
    group_id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    group_name: 'Group',
    accessible_agent_count: 0,
    total_agent_count: 0,
    ...overrides,
  };
}

export const weeks = Array.from({ length: 12 }, (_, i) =>
  new Date(Date.UTC(2026, 8, 7) + i * 7 * 86_400_000).toISOString().slice(0, 10),
);

const figures = (overrides: Partial<PipelineFigures> = {}): PipelineFigures => ({
  stages: {
    new: 0,
    pursuing: 0,
    scheduled: 0,
    valuation: 0,
    listed: 0,
    contract: 0,
    closed: 0,
    lost: 0,
    on_hold: 0,
  },
  stale: 0,
  received: { current: 0, previous: 0 },
  speed_to_contact_seconds: { current: null, previous: null },
  contacted_within_hour: { current: 0, previous: 0 },
  contacted_within_hour_share: { current: null, previous: null },
  closings: { current: 0, previous: 0 },
  ...overrides,
});

export const buildPipelineAgent = (
  agent: { id: string; name: string; agent_uri: string },
  overrides: Partial<PipelineFigures> = {},
): PipelineAgent => ({
  agent_id: agent.id,
  name: agent.name,
  agent_uri: agent.agent_uri,
  ...figures(overrides),
});

/** The office's today in the pipeline's answers. */
export const OFFICE_TODAY = '2026-11-25';

/** A pipeline answer for `from`..`to` with these agents. */
export function buildPipeline(
  agents: PipelineAgent[],
  range: { from: string; to: string },
  totals: Partial<PipelineFigures> = {},
): Pipeline {
  const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
  return {
    ...range,
    previous_from: shiftDate(range.from, -days),
    previous_to: shiftDate(range.from, -1),
    time_zone: 'America/Denver',
    today: OFFICE_TODAY,
    stale_after_days: 7,
    agents,
    totals: figures(totals),
  };
}

type OfficeAgentFees = OfficeBilling['agents'][number];

/** One of the office's agents' rows in GET /portal/corporate-billing. */
export function buildOfficeAgentFees(overrides: Partial<OfficeAgentFees> = {}): OfficeAgentFees {
  sequence += 1;
  return {
    agent_id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    agent_name: `Agent ${sequence}`,
    rate_percent: 25,
    closings: 0,
    commission_cents: 0,
    fees_cents: 0,
    paid_cents: 0,
    balance_cents: 0,
    overdue_cents: 0,
    missing_statements: 0,
    ...overrides,
  };
}

/** An invoice of one of the office's agents, its PDF at the office's address. */
export function buildOfficeInvoice(agent: OfficeAgentFees, overrides: Partial<Invoice> = {}): Invoice {
  const invoice = buildInvoice({ agent_id: agent.agent_id, agent_name: agent.agent_name, ...overrides });
  return {
    ...invoice,
    pdf_url: overrides.pdf_url ?? `/api/portal/corporate-billing/invoices/${invoice.id}/pdf`,
  };
}

/** GET /portal/corporate-billing's answer (checked against the contract). */
export const buildOfficeBilling = (billing: Partial<OfficeBilling> = {}): OfficeBilling =>
  OfficeBillingSchema.parse({ agents: [], invoices: [], ...billing });
