import {
  type AgentRecord,
  type Billing,
  type EmailAddressOption,
  type Lead,
  type LeadEvent,
  LeadPassSchema,
  LeadPatchSchema,
  LeadReleaseSchema,
  type LeadsList,
  parseDollars,
  readPreferences,
  type Scorecard,
  SendEmailRequestSchema,
  type UserPreferences,
  UserPreferencesPatchSchema,
} from '@portal/shared';
import type { z } from 'zod';
import { buildBilling, buildClosing } from '@/test/billing';
import { buildAgent, buildMe, recipientSession } from '@/test/factories';
import { type Handler, json, type MockRequest, mockFetch, signedInRefresh } from '@/test/fetch-mock';
import { buildScorecard } from '@/test/scorecards';
import type { LeadStats } from '../api/get-lead-stats';
import { AGENT_AUTHOR, activitiesHandler, applyStagePatch, RECIPIENT_AUTHOR } from './lead-lifecycle-server';

/** Test data and an in-memory leads API that answers as the contract in packages/shared says. */

let sequence = 0;

export function buildLead(overrides: Partial<Lead> = {}): Lead {
  sequence += 1;
  const id = overrides.id ?? `lead-${sequence}`;
  return {
    id,
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
    stage: overrides.status === 'closed' ? 'closed' : overrides.status === 'archived' ? 'lost' : 'new',
    next_action_at: null,
    next_action: '',
    first_contact_at: null,
    last_activity_at: null,
    speed_to_contact_seconds: null,
    opened_at: null,
    hold_until: null,
    lost_reason: overrides.status === 'archived' ? 'not_selling' : null,
    lost_reason_text: '',
    offer: null,
    accepted_at: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}

/** `count` leads, the newest (highest number) first as the server sorts them. */
export const buildLeads = (count: number, overrides: Partial<Lead> = {}) =>
  Array.from({ length: count }, () => buildLead(overrides));

export function buildStats(overrides: Partial<LeadStats> = {}): LeadStats {
  return {
    this_week: 3,
    this_month: 11,
    answer_rate: { total_leads: 11, missed_calls: 1, answered_calls: 3 },
    per_week: Array.from({ length: 12 }, (_, index) => ({
      week_start: new Date(Date.UTC(2026, 7, 31 + index * 7)).toISOString().slice(0, 10),
      counts: (index === 11 ? { fsbo: 2, expired: 1 } : index === 10 ? { inherited: 4 } : {}) as Record<
        string,
        number
      >,
    })),
    new_today: 2,
    overdue: 1,
    closings_this_month: 1,
    speed_to_contact_seconds_month: 240,
    ...overrides,
  };
}

const idOf = (request: MockRequest) => decodeURIComponent(request.path.split('?')[0]!.split('/').pop()!);
/** The lead's id in /portal/me/leads/:id/<action>. */
const leadIdOf = (request: MockRequest) => decodeURIComponent(request.path.split('?')[0]!.split('/').at(-2)!);

export interface LeadsServerOptions {
  as?: 'agent' | 'recipient';
  agent?: Partial<AgentRecord>;
  stats?: LeadStats;
  /** The agent's recipients the composer may write to (the lead's own address comes first). */
  recipients?: EmailAddressOption[];
  /** The agent's recipients not offered because they have not confirmed their address. */
  awaiting?: EmailAddressOption[];
  /** The signed-in user's stored preferences (leads_view, lead_sound...). */
  preferences?: Partial<UserPreferences>;
  /** GET /portal/me/scorecard's answer: a card (by default one with nothing measured yet), or a failure. */
  scorecard?: Scorecard | { status: number; detail: string };
  /** GET /portal/me/billing's answer (by default a 25 % rate and nothing owed), or a failure. */
  billing?: Billing | { status: number; detail: string };
  /** Replace a default handler (a failure, a slow answer). */
  extra?: Record<string, Handler>;
}

export const OWN_ADDRESS: EmailAddressOption = {
  email: 'agent@example.com',
  label: 'Your address',
  kind: 'own',
};
export const OFFICE_ADDRESS: EmailAddressOption = {
  email: 'office@agentportal.local',
  label: 'The office',
  kind: 'office',
};

/** The queue's order (overdue, new not yet contacted, the rest by next action), each row with its bucket. */
function inQueueOrder(leads: Lead[]): Lead[] {
  const now = new Date().toISOString();
  const bucketOf = (lead: Lead): 'overdue' | 'new' | 'later' =>
    lead.next_action_at && lead.next_action_at < now
      ? 'overdue'
      : lead.stage === 'new' && !lead.first_contact_at
        ? 'new'
        : 'later';
  const rank = { overdue: 0, new: 1, later: 2 } as const;
  return leads
    .map((lead) => ({ ...lead, queue_bucket: bucketOf(lead) }))
    .sort(
      (a, b) =>
        rank[a.queue_bucket] - rank[b.queue_bucket] ||
        (a.next_action_at ?? '9').localeCompare(b.next_action_at ?? '9') ||
        a.created_at.localeCompare(b.created_at),
    );
}

export function leadsServer(initial: Lead[], options: LeadsServerOptions = {}) {
  const state = {
    /** The user's preferences (PATCH /portal/me/preferences merges into them). */
    preferences: { ...options.preferences } as Record<string, unknown>,
    leads: initial.map((lead) => ({ ...lead })),
    events: new Map<string, LeadEvent[]>(),
    /** What the composer sent, as the server read it. */
    sent: [] as z.output<typeof SendEmailRequestSchema>[],
    agent: buildAgent({ agent_status: 'active', ...options.agent }),
    /** The seller's details of each open offer, revealed on accept. */
    sellers: new Map<string, Partial<Lead>>(),
    /** Passes and releases, as the server read them. */
    handedBack: [] as { id: string; kind: 'pass' | 'release'; reason: string }[],
  };
  const find = (request: MockRequest) => state.leads.find((lead) => lead.id === idOf(request));
  const detail = (lead: Lead) => ({ ...lead, events: state.events.get(lead.id) ?? [] });

  // An open offer hides the seller: what accepting reveals is kept aside.
  for (const lead of state.leads) {
    if (!lead.offer) continue;
    const { first_name, last_name, phone, email, street } = lead;
    state.sellers.set(lead.id, { first_name, last_name, phone, email, street });
    Object.assign(lead, {
      first_name: '',
      last_name: '',
      phone: '',
      email: '',
      street: '',
      accepted_at: null,
    });
  }
  const handBack =
    (kind: 'pass' | 'release'): Handler =>
    (request) => {
      const index = state.leads.findIndex((item) => item.id === leadIdOf(request));
      if (index < 0) return json(404, { detail: 'Not found' });
      const parsed = (kind === 'pass' ? LeadPassSchema : LeadReleaseSchema).safeParse(
        JSON.parse(request.body ?? '{}'),
      );
      if (!parsed.success) return json(400, { detail: parsed.error.issues[0]!.message });
      state.handedBack.push({ id: state.leads[index]!.id, kind, reason: parsed.data.reason });
      state.leads.splice(index, 1);
      return json(200, { detail: 'The lead went to Blake Broker, the next eligible agent.' });
    };

  const list: Handler = (request) => {
    const params = new URL(request.path, 'http://test').searchParams;
    const q = (params.get('q') ?? '').trim().toLowerCase();
    const matches = state.leads.filter(
      (lead) =>
        !q ||
        [lead.first_name, lead.last_name, lead.phone, lead.street, lead.city, lead.zip].some((value) =>
          value.toLowerCase().includes(q),
        ),
    );
    const wanted = (['active', 'archived', 'closed'] as const).filter(
      (status) => params.get(status) === 'true',
    );
    const stage = params.get('stage');
    const queue = params.get('view') === 'queue';
    const filtered = (
      queue
        ? matches.filter((lead) => lead.status === 'active')
        : wanted.length
          ? matches.filter((lead) => wanted.includes(lead.status))
          : matches
    ).filter((lead) => !stage || lead.stage === stage);
    const sorted = queue
      ? inQueueOrder(filtered)
      : [...filtered].sort((a, b) => b.created_at.localeCompare(a.created_at));
    const skip = Number(params.get('skip') ?? 0);
    const limit = Number(params.get('limit') ?? 100);
    const count = (status: Lead['status']) => matches.filter((lead) => lead.status === status).length;
    const body: LeadsList = {
      items: sorted.slice(skip, skip + limit),
      total: sorted.length,
      counts: { active: count('active'), archived: count('archived'), closed: count('closed') },
    };
    return json(200, body);
  };

  const handlers: Record<string, Handler> = {
    'GET /api/portal/me/leads': list,
    'GET /api/portal/me/leads/:id': (request) => {
      const lead = find(request);
      return lead ? json(200, detail(lead)) : json(404, { detail: 'Not found' });
    },
    'POST /api/portal/me/leads/:id/activities': activitiesHandler(
      state,
      options.as === 'recipient' ? RECIPIENT_AUTHOR : AGENT_AUTHOR,
    ),
    'POST /api/portal/me/leads/:id/accept': (request) => {
      const lead = state.leads.find((item) => item.id === leadIdOf(request));
      if (!lead) return json(404, { detail: 'Not found' });
      if (!lead.offer) return json(409, { detail: 'This lead is already accepted.' });
      if (Date.parse(lead.offer.expires_at) <= Date.now())
        return json(409, { detail: 'The offer lapsed: the lead went to the next agent.' });
      Object.assign(lead, { offer: null, accepted_at: new Date().toISOString() }, state.sellers.get(lead.id));
      return json(200, detail(lead));
    },
    'POST /api/portal/me/leads/:id/pass': handBack('pass'),
    'POST /api/portal/me/leads/:id/release': handBack('release'),
    'PATCH /api/portal/me/leads/:id': (request) => {
      const lead = find(request);
      if (!lead) return json(404, { detail: 'Not found' });
      const parsed = LeadPatchSchema.safeParse(JSON.parse(request.body ?? '{}'));
      if (!parsed.success) return json(400, { detail: parsed.error.issues[0]!.message });
      const patch = parsed.data;
      const moved = applyStagePatch(
        lead,
        patch,
        options.as === 'recipient' ? RECIPIENT_AUTHOR : AGENT_AUTHOR,
      );
      if ('refused' in moved) return moved.refused;
      state.events.set(lead.id, [...(state.events.get(lead.id) ?? []), ...moved.events]);
      Object.assign(lead, patch, { updated_at: new Date().toISOString() });
      // Why a lead under contract did not close is on its timeline, not on the lead.
      Reflect.deleteProperty(lead, 'did_not_close_reason');
      // A closing issues the fee's invoice at the agent's rate; reopening takes it off the lead.
      if (patch.status === 'active') lead.closing = null;
      if (patch.status === 'closed') {
        const billing =
          options.billing && 'rate_percent' in options.billing ? options.billing : buildBilling();
        lead.closing = buildClosing(
          parseDollars(String(patch.gross_commission ?? 0)) ?? 0,
          billing.rate_percent,
        );
        state.agent = {
          ...state.agent,
          total_closings: state.agent.total_closings + 1,
          total_gross_commission_earned:
            state.agent.total_gross_commission_earned + (patch.gross_commission ?? 0),
        };
      }
      return json(200, detail(lead));
    },
    ...(options.as === 'recipient'
      ? {
          'GET /api/recipient/me': () => json(200, { recipient_context: recipientSession.recipient_context }),
          'GET /api/portal/me/lead-stats': () => json(403, { detail: 'Forbidden' }),
        }
      : {
          'POST /api/refresh': signedInRefresh(),
          'GET /api/portal/me': () =>
            json(200, buildMe({ agent_profile: state.agent, preferences: state.preferences })),
          'PATCH /api/portal/me/agent_profile': (request) => {
            const patch = JSON.parse(request.body ?? '{}') as Partial<AgentRecord>;
            state.agent = { ...state.agent, ...patch };
            return json(200, state.agent);
          },
          'PATCH /api/portal/me/preferences': (request) => {
            const parsed = UserPreferencesPatchSchema.safeParse(JSON.parse(request.body ?? '{}'));
            if (!parsed.success) return json(400, { detail: parsed.error.issues[0]!.message });
            Object.assign(state.preferences, parsed.data);
            return json(200, readPreferences(state.preferences));
          },
          'GET /api/portal/me/lead-stats': () => json(200, options.stats ?? buildStats()),
          'GET /api/portal/me/billing': () => {
            const answer = options.billing ?? buildBilling();
            return 'status' in answer ? json(answer.status, { detail: answer.detail }) : json(200, answer);
          },
          'GET /api/portal/me/scorecard': () => {
            const answer = options.scorecard ?? buildScorecard();
            return 'status' in answer ? json(answer.status, { detail: answer.detail }) : json(200, answer);
          },
          'GET /api/portal/agents/send-email/options': (request) => {
            const leadId = new URL(request.path, 'http://test').searchParams.get('lead_id');
            const lead = state.leads.find((item) => item.id === leadId);
            const own: EmailAddressOption[] = lead?.email
              ? [{ email: lead.email, label: `${lead.first_name} ${lead.last_name} (lead)`, kind: 'lead' }]
              : [];
            return json(200, {
              from: [OWN_ADDRESS, OFFICE_ADDRESS],
              to: [...own, ...(options.recipients ?? [])],
              awaiting_confirmation: options.awaiting ?? [],
            });
          },
          'POST /api/portal/agents/send-email': (request) => {
            const parsed = SendEmailRequestSchema.safeParse(JSON.parse(request.body ?? '{}'));
            if (!parsed.success) {
              const issue = parsed.error.issues[0]!;
              return json(400, { detail: `${issue.path.join('.')}: ${issue.message}` });
            }
            const { lead_id, to, subject } = parsed.data;
            const messageId = `message-${state.sent.length + 1}`;
            state.sent.push(parsed.data);
            if (lead_id) {
              const events = state.events.get(lead_id) ?? [];
              events.push({
                id: `email-${messageId}`,
                kind: 'email_sent',
                actor_type: 'user',
                actor_name: 'Alex Agent',
                details: { to, to_kind: 'lead', subject, message_id: messageId },
                created_at: new Date().toISOString(),
              });
              state.events.set(lead_id, events);
            }
            return json(202, { status: 'queued', message_id: messageId });
          },
        }),
    ...options.extra,
  };
  const mocks = mockFetch(handlers);
  return { ...mocks, state };
}
