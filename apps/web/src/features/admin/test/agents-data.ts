import type { AdminAgentDetail, AdminAgentRow, AdminLead, Lead } from '@portal/shared';
import { buildAgent } from '@/test/factories';
import { uuid } from './console-data';

/** Test data of the console's agents and leads pages, shaped as packages/shared/src/schemas/admin.ts says. */

let sequence = 1000;
const next = () => {
  sequence += 1;
  return sequence;
};

export function buildAgentRow(overrides: Partial<AdminAgentRow> = {}): AdminAgentRow {
  const n = next();
  return {
    id: uuid(n),
    user_id: uuid(n + 5000),
    name: `Agent ${n}`,
    email: `agent${n}@example.com`,
    phone: '+16025550100',
    brokerage: 'Desert Homes',
    agent_uri: `agent-${n}`,
    agent_status: 'active',
    signup_status: 'complete',
    zip_count: 3,
    leads_last_30_days: 2,
    corporate_user_name: null,
    created_at: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

export function buildLead(overrides: Partial<AdminLead> = {}): AdminLead {
  const n = next();
  return {
    id: uuid(n),
    agent_id: null,
    agent_name: null,
    lead_type: 'fsbo',
    status: 'active',
    first_name: 'Sam',
    last_name: `Seller ${n}`,
    phone: '+16025550199',
    email: '',
    street: '12 Palm Lane',
    city: 'Phoenix',
    state: 'AZ',
    zip: '85004',
    county: 'Maricopa',
    source: 'zillow',
    external_id: null,
    notes: '',
    routing: {
      decision: 'unassigned',
      reason: 'No active agent serves 85004',
      candidates: 0,
      decided_at: '2026-11-20T12:00:00.000Z',
    },
    closing_date: null,
    sale_price: null,
    gross_commission: null,
    created_at: '2026-11-20T12:00:00.000Z',
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

export function buildAgentDetail(
  overrides: Partial<Omit<AdminAgentDetail, 'agent'>> & { agent?: Parameters<typeof buildAgent>[0] } = {},
): AdminAgentDetail {
  const { agent, ...rest } = overrides;
  const record = buildAgent({
    id: uuid(next()),
    agent: 'Jordan Rivera',
    agent_first_name: 'Jordan',
    agent_last_name: 'Rivera',
    agent_email: 'jordan@example.com',
    agent_uri: 'jordan-rivera',
    agent_status: 'active',
    ...agent,
  });
  return {
    agent: record,
    user: {
      id: uuid(next()),
      email: record.agent_email,
      name: record.agent,
      is_active: true,
      is_verified: true,
      created_at: '2026-10-01T12:00:00.000Z',
    },
    onboarding: {
      sections: [
        { section: 'start', title: 'Start Here', status: 'completed' },
        { section: 'media', title: 'Media Upload', status: 'in_progress' },
      ],
      percent: 40,
      complete: false,
    },
    allowed_status_changes: ['inactive', 'suspended', 'terminated'],
    agreements: [],
    recipients: [],
    leads: { items: [] as Lead[], counts: { active: 0, archived: 0, closed: 0 } },
    audit: [],
    ...rest,
  };
}
