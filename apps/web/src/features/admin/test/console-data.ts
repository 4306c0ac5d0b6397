import type {
  AdminAccessCode,
  AdminApiKey,
  AdminCorporateUser,
  AdminGroup,
  AdminGroupDetail,
  AdminMessage,
  AuditEntry,
} from '@portal/shared';
import { buildMe } from '@/test/factories';
import { type Handler, json, mockFetch, signedInRefresh } from '@/test/fetch-mock';

/** Test data of the superuser console's pages, shaped as packages/shared/src/schemas/admin.ts says. */

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};
/** A uuid (the schemas check ids sent to the server are uuids). */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const superuserMe = buildMe({
  id: 'superuser-1',
  email: 'ops@example.com',
  name: 'Olivia Ops',
  is_superuser: true,
  is_agent: false,
  user_role: 'superuser',
  agent_profile: null,
});

/** Signed in as a superuser; `handlers` answer the console's calls (an unexpected one fails the test). */
export function superuserServer(handlers: Record<string, Handler>) {
  return mockFetch({
    'POST /api/refresh': signedInRefresh(),
    'GET /api/portal/me': () => json(200, superuserMe),
    ...handlers,
  });
}

export const bodyOf = <T>(call: { body: string | null }) => JSON.parse(call.body ?? '{}') as T;
export const list = <T>(items: T[], total = items.length) => ({ items, total });

export function buildAccessCode(overrides: Partial<AdminAccessCode> = {}): AdminAccessCode {
  const n = next();
  return {
    id: uuid(n),
    code: `CODE${n}`,
    description: null,
    max_uses: null,
    used_count: 0,
    expires_at: null,
    disabled: false,
    corporate_user_id: null,
    corporate_user_name: null,
    group_id: null,
    group_name: null,
    referral_fee_percent: null,
    created_at: '2026-11-01T12:00:00.000Z',
    signups: [],
    ...overrides,
  };
}

export function buildCorporateUser(overrides: Partial<AdminCorporateUser> = {}): AdminCorporateUser {
  const n = next();
  return {
    id: uuid(n),
    email: `office${n}@example.com`,
    name: `Office ${n}`,
    is_active: true,
    agent_count: 0,
    group_count: 0,
    referral_fee_percent: null,
    created_at: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

export function buildAdminGroup(overrides: Partial<AdminGroup> = {}): AdminGroup {
  const n = next();
  return {
    id: uuid(n),
    name: `Group ${n}`,
    corporate_user_id: null,
    corporate_user_name: null,
    member_count: 0,
    manager_count: 0,
    created_at: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

export const buildGroupDetail = (overrides: Partial<AdminGroupDetail> = {}): AdminGroupDetail => ({
  ...buildAdminGroup(overrides),
  members: [],
  ...overrides,
});

export function buildApiKey(overrides: Partial<AdminApiKey> = {}): AdminApiKey {
  const n = next();
  return {
    id: uuid(n),
    name: `Client ${n}`,
    prefix: `pk_${n}`,
    created_at: '2026-11-01T12:00:00.000Z',
    last_used_at: null,
    revoked_at: null,
    last_error: null,
    last_error_at: null,
    leads_per_day: Array.from({ length: 14 }, (_, i) => ({
      day: new Date(Date.UTC(2026, 10, 7 + i)).toISOString().slice(0, 10),
      count: 0,
    })),
    total_leads: 0,
    ...overrides,
  };
}

export function buildMessage(overrides: Partial<AdminMessage> = {}): AdminMessage {
  const n = next();
  return {
    id: uuid(n),
    channel: 'email',
    to: `agent${n}@example.com`,
    from: 'portal@example.com',
    subject: `Message ${n}`,
    text_body: 'Hello',
    template: null,
    status: 'sent',
    attempts: 1,
    last_error: null,
    provider: 'smtp',
    lead_id: null,
    created_at: '2026-11-20T12:00:00.000Z',
    sent_at: '2026-11-20T12:00:05.000Z',
    body_removed_at: null,
    attempt_log: [],
    ...overrides,
  };
}

export function buildAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  const n = next();
  return {
    id: uuid(n),
    actor_id: 'superuser-1',
    actor_email: 'ops@example.com',
    action: 'agent.update',
    target_type: 'agent',
    target_id: uuid(n + 1000),
    details: {},
    ip: '127.0.0.1',
    created_at: '2026-11-20T12:00:00.000Z',
    ...overrides,
  };
}
