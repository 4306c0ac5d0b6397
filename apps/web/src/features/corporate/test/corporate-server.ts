import type { CorporateGroup, GroupLead, Lead, LinkedAgent } from '@portal/shared';

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
