import { DEFAULT_SETTINGS, NO_FLOORS } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agents, apiKeys, auditLog, leadEvents, leads, outboxMessages, recipients } from '../src/db/schema';
import { startRecipientSession } from '../src/modules/recipients/sessions';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { seedAgent, seedCorporate, seedLead, seedUser } from './helpers/factories';
import { registerAndConfirm } from './helpers/register';

/** The superuser console's API (DESIGN.md section 8, ADR 17). */
let ctx: TestContext;
const db = () => ctx.deps.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

async function superuserToken(name = 'Olivia Office') {
  const admin = await seedUser(db(), {
    userRole: 'superuser',
    isSuperuser: true,
    name,
    email: 'olivia@office.test',
  });
  return {
    token: (await login(ctx.app, admin.user.email, admin.password, '10.9.0.1')).accessToken as string,
    user: admin.user,
  };
}

const call = (method: string, url: string, token: string, payload?: unknown) =>
  ctx.app.inject({ method: method as 'GET', url, headers: bearer(token), payload: payload as object });

const ZERO = '00000000-0000-4000-8000-000000000000';

/** Every console route with a body that passes its schema. */
const ROUTES: { method: string; url: string; payload?: object | string; headers?: Record<string, string> }[] =
  [
    { method: 'GET', url: '/api/admin/overview' },
    { method: 'GET', url: '/api/admin/agents' },
    { method: 'GET', url: `/api/admin/agents/${ZERO}` },
    { method: 'PATCH', url: `/api/admin/agents/${ZERO}`, payload: { airport: 'PHX' } },
    { method: 'GET', url: `/api/admin/agents/${ZERO}/preview` },
    { method: 'GET', url: `/api/admin/agents/${ZERO}/documents/service` },
    { method: 'GET', url: '/api/admin/access-codes' },
    { method: 'POST', url: '/api/admin/access-codes', payload: { code: 'NEW-CODE' } },
    { method: 'PATCH', url: '/api/admin/access-codes/NEW-CODE', payload: { disabled: true } },
    { method: 'GET', url: '/api/admin/corporate-users' },
    { method: 'POST', url: '/api/admin/corporate-users', payload: { email: 'o@x.test', name: 'Office' } },
    { method: 'PATCH', url: `/api/admin/corporate-users/${ZERO}`, payload: { name: 'Office' } },
    { method: 'POST', url: `/api/admin/corporate-users/${ZERO}/login-link` },
    { method: 'GET', url: '/api/admin/groups' },
    { method: 'POST', url: '/api/admin/groups', payload: { name: 'G', corporate_user_id: ZERO } },
    { method: 'GET', url: `/api/admin/groups/${ZERO}` },
    { method: 'PATCH', url: `/api/admin/groups/${ZERO}`, payload: { name: 'G' } },
    { method: 'DELETE', url: `/api/admin/groups/${ZERO}` },
    { method: 'PUT', url: `/api/admin/groups/${ZERO}/members`, payload: { agent_id: ZERO } },
    { method: 'DELETE', url: `/api/admin/groups/${ZERO}/members/${ZERO}` },
    { method: 'GET', url: '/api/admin/api-keys' },
    { method: 'POST', url: '/api/admin/api-keys', payload: { name: 'Feed' } },
    { method: 'DELETE', url: `/api/admin/api-keys/${ZERO}` },
    { method: 'GET', url: '/api/admin/leads?unassigned=true' },
    { method: 'POST', url: `/api/admin/leads/${ZERO}/assign`, payload: { agent_id: ZERO } },
    {
      method: 'POST',
      url: '/api/admin/leads/import',
      payload: 'lead_type,first_name,phone,zip\nfsbo,Ann,+16025550100,85004\n',
      headers: { 'content-type': 'text/csv' },
    },
    { method: 'GET', url: '/api/admin/outbox' },
    { method: 'POST', url: `/api/admin/outbox/${ZERO}/retry` },
    { method: 'GET', url: '/api/admin/provider-limits' },
    { method: 'GET', url: '/api/admin/audit' },
    { method: 'GET', url: '/api/admin/settings' },
    { method: 'PATCH', url: '/api/admin/settings', payload: { rating_interval_days: 45 } },
    { method: 'GET', url: '/api/admin/scorecards' },
    { method: 'GET', url: '/api/admin/invoices' },
    { method: 'GET', url: `/api/admin/invoices/${ZERO}/pdf` },
    {
      method: 'POST',
      url: `/api/admin/invoices/${ZERO}/payments`,
      payload: { amount_cents: 100, paid_on: '2026-11-26', method: 'ach' },
    },
    { method: 'POST', url: `/api/admin/invoices/${ZERO}/void`, payload: { reason: 'Entered twice' } },
    { method: 'GET', url: `/api/admin/agents/${ZERO}/ledger` },
    {
      method: 'POST',
      url: `/api/admin/agents/${ZERO}/ledger`,
      payload: { kind: 'deposit', amount_cents: 100, paid_on: '2026-11-26' },
    },
    { method: 'GET', url: '/api/admin/ledger.csv' },
    { method: 'GET', url: `/api/admin/leads/${ZERO}/settlement-statement` },
    { method: 'GET', url: '/api/admin/retention' },
  ];

describe('who may use the console', () => {
  it('is 401 without a session and 403 for agents, team members, corporate users and recipients', async () => {
    const agent = await seedAgent(db(), { agent: { signupStatus: 'complete', agentStatus: 'active' } });
    const teamMember = await seedUser(db(), { userRole: 'team_member', isTeamMember: true });
    const corporate = await seedUser(db(), { userRole: 'corporate' });
    const [recipient] = await db()
      .insert(recipients)
      .values({ agentId: agent.agent.id, firstName: 'Rita', email: 'rita@x.test', sendEmail: true })
      .returning();
    const recipientSession = await startRecipientSession(db(), { recipientId: recipient!.id });
    const sessions: Record<string, Record<string, string>> = {};
    for (const [role, who] of Object.entries({ agent, teamMember, corporate })) {
      sessions[role] = bearer((await login(ctx.app, who.user.email, who.password, '10.9.1.1')).accessToken);
    }
    sessions.recipient = { 'x-recipient-session': recipientSession };
    const { token } = await superuserToken();

    const answers: string[] = [];
    for (const route of ROUTES) {
      const anonymous = await ctx.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: route.headers,
        payload: route.payload,
      });
      answers.push(`${route.method} ${route.url} anonymous ${anonymous.statusCode}`);
      for (const [role, headers] of Object.entries(sessions)) {
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url: route.url,
          headers: { ...route.headers, ...headers },
          payload: route.payload,
        });
        answers.push(`${route.method} ${route.url} ${role} ${response.statusCode}`);
      }
      const superuser = await ctx.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: { ...route.headers, ...bearer(token) },
        payload: route.payload,
      });
      // The superuser gets past the gate: the route itself answers (200, 201, 204 or a 404 for the made-up id).
      expect([200, 201, 204, 400, 404], `${route.method} ${route.url} superuser`).toContain(
        superuser.statusCode,
      );
    }
    const expected = ROUTES.flatMap((route) => [
      `${route.method} ${route.url} anonymous 401`,
      ...['agent', 'teamMember', 'corporate', 'recipient'].map(
        (role) => `${route.method} ${route.url} ${role} 403`,
      ),
    ]);
    expect(answers).toEqual(expected);
    // Nothing was written by the refused calls: the only access code is the superuser's.
    const codes = await call('GET', '/api/admin/access-codes', token);
    expect(codes.json().items.map((c: { code: string }) => c.code)).toEqual(['NEW-CODE']);
  });
});

describe('agents', () => {
  it('searches by name, e-mail, phone and ZIP, filters by status, sorts and pages on the server', async () => {
    const { token } = await superuserToken();
    await seedAgent(db(), {
      user: { email: 'ava.stone@realty.test' },
      agent: {
        agent: 'Ava Stone',
        agentLastName: 'Stone',
        agentPhone: '+16025550111',
        agentStatus: 'active',
        zipcodes: ['85004'],
      },
    });
    await seedAgent(db(), {
      user: { email: 'ben.moss@realty.test' },
      agent: { agent: 'Ben Moss', agentLastName: 'Moss', agentPhone: '+14805550122', zipcodes: ['85251'] },
    });
    const names = async (query: string) =>
      (await call('GET', `/api/admin/agents?${query}`, token))
        .json()
        .items.map((a: { name: string }) => a.name);

    expect(await names('q=stone')).toEqual(['Ava Stone']);
    expect(await names('q=BEN.MOSS@')).toEqual(['Ben Moss']);
    expect(await names(`q=${encodeURIComponent('(480) 555-0122')}`)).toEqual(['Ben Moss']);
    expect(await names('q=85004')).toEqual(['Ava Stone']);
    expect(await names('q=100%25')).toEqual([]);
    expect(await names('status=active')).toEqual(['Ava Stone']);
    expect(await names('sort=name&order=asc')).toEqual(['Ben Moss', 'Ava Stone']);
    const page = (await call('GET', '/api/admin/agents?sort=name&order=desc&limit=1&skip=1', token)).json();
    expect(page).toMatchObject({
      total: 2,
      items: [{ name: 'Ben Moss', email: 'ben.moss@realty.test', zip_count: 1 }],
    });

    const bad = await call('GET', '/api/admin/agents?limit=500', token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/limit must be between 1 and 100/);
    const nul = await call('GET', '/api/admin/agents?q=a%00b', token);
    expect(nul.statusCode).toBe(400);
  });

  it('moves the status only with a reason, through allowed transitions, and writes who, why, before and after', async () => {
    const { token, user } = await superuserToken();
    const { agent } = await seedAgent(db(), {
      agent: { agentStatus: 'onboarding', signupStatus: 'complete' },
    });
    const url = `/api/admin/agents/${agent.id}`;

    const noReason = await call('PATCH', url, token, { agent_status: 'active' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().detail).toMatch(/reason/i);
    const notAllowed = await call('PATCH', url, token, { agent_status: 'inactive', reason: 'testing' });
    expect(notAllowed.statusCode).toBe(400);
    expect(notAllowed.json().detail).toMatch(/cannot become inactive/);

    const moved = await call('PATCH', url, token, { agent_status: 'active', reason: 'Onboarding call done' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().agent).toMatchObject({ agent_status: 'active' });
    expect(moved.json().allowed_status_changes).toEqual(['inactive', 'suspended', 'terminated']);
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, agent.id), eq(auditLog.action, 'agent_status_change')));
    expect(row).toMatchObject({
      actorId: user.id,
      actorEmail: 'olivia@office.test',
      details: { from: 'onboarding', to: 'active', reason: 'Onboarding call done' },
    });
    // The agent page shows the same row in its history.
    expect(moved.json().audit[0]).toMatchObject({
      action: 'agent_status_change',
      actor_email: 'olivia@office.test',
    });
  });

  it('edits office-owned fields with before and after in the audit log, and refuses bad input with the field named', async () => {
    const { token } = await superuserToken();
    const { agent } = await seedAgent(db(), {
      agent: {
        signupStatus: 'complete',
        google: { lsa: 'yes', ads: 'yes', e_o_to_google: 'yes', homesnap_or_other: 'no' },
        refund: { refunded: false, amount: 0, notes: '' },
      },
    });
    const url = `/api/admin/agents/${agent.id}`;
    const saved = await call('PATCH', url, token, {
      wp_id: 812,
      agent_tracking_phone_number: '+16025550199',
      total_ad_spend: 1250.5,
      gbp_link: 'https://g.page/ava',
      can_see_portal_zips: false,
      google: { lsa: 'no' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().agent).toMatchObject({
      wp_id: 812,
      agent_tracking_phone_number: '+16025550199',
      total_ad_spend: 1250.5,
      gbp_link: 'https://g.page/ava',
      can_see_portal_zips: false,
      // Only the answer sent changes.
      google: { lsa: 'no', ads: 'yes', e_o_to_google: 'yes', homesnap_or_other: 'no' },
    });
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, agent.id), eq(auditLog.action, 'admin_update_agent')));
    expect(row!.details).toMatchObject({
      before: { wp_id: null, total_ad_spend: 0, can_see_portal_zips: null },
      after: { wp_id: 812, total_ad_spend: 1250.5, can_see_portal_zips: false },
    });

    for (const [payload, message] of [
      [{ gbp_link: 'javascript:alert(1)' }, /http:\/\/ or https:\/\//],
      [{ agent_call_notes: 'a\u0000b' }, /^agent_call_notes: control characters/],
      [{ total_ad_spend: -1 }, /Ad spend cannot be negative/],
      [{ total_fees_paid: 10 }, /come from the agent's ledger/],
      [{ google_ads_date: '0000-01-01' }, /Google Ads date/],
      [{ agent_uri: 'Not A Slug' }, /Agent URI/],
      [{ signup_status: 'zoom' }, /reason/],
      [{ is_superuser: true }, /is_superuser|Unrecognized/i],
    ] as const) {
      const response = await call('PATCH', url, token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().detail).toMatch(message);
    }
    const reset = await call('PATCH', url, token, {
      signup_status: 'zoom',
      reason: 'Call missed, book again',
    });
    expect(reset.json().agent.signup_status).toBe('zoom');
  });

  it('previews what the agent sees without signing in as it', async () => {
    const { token } = await superuserToken();
    const { agent, user } = await seedAgent(db(), {
      agent: { signupStatus: 'complete', agentStatus: 'active' },
    });
    const preview = await call('GET', `/api/admin/agents/${agent.id}/preview`, token);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      email: user.email,
      agent_profile: { id: agent.id },
      rating_required: false,
    });
    expect(preview.headers['set-cookie']).toBeUndefined();
    expect(preview.json()).not.toHaveProperty('access_token');
  });
});

describe('access codes', () => {
  it('a code created in the console lets a new agent join, and the code lists its sign-ups', async () => {
    const { token } = await superuserToken();
    const office = await seedCorporate(db(), ['West']);
    const created = await call('POST', '/api/admin/access-codes', token, {
      code: 'SPRING-2027',
      description: 'Spring campaign',
      max_uses: 2,
      group_id: office.groups[0]!.id,
    });
    expect(created.statusCode).toBe(201);
    // A group alone binds its office.
    expect(created.json()).toMatchObject({
      code: 'SPRING-2027',
      corporate_user_id: office.user.id,
      group_name: 'West',
      used_count: 0,
    });
    const again = await call('POST', '/api/admin/access-codes', token, { code: 'spring-2027' });
    expect(again.statusCode).toBe(409);

    const joined = await registerAndConfirm(ctx, {
      email: 'new.agent@realty.test',
      access_code: 'spring-2027',
      password: 'a-long-and-quiet-river',
    });
    expect(joined.statusCode).toBe(201);
    const list = (await call('GET', '/api/admin/access-codes?q=spring', token)).json();
    expect(list.items[0]).toMatchObject({ used_count: 1, signups: [{ email: 'new.agent@realty.test' }] });

    const disabled = await call('PATCH', '/api/admin/access-codes/SPRING-2027', token, { disabled: true });
    expect(disabled.json()).toMatchObject({ disabled: true });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/register',
      payload: {
        email: 'late.agent@realty.test',
        access_code: 'SPRING-2027',
        password: 'a-long-and-quiet-river',
      },
    });
    expect(refused.statusCode).toBe(400);
    const fewer = await call('PATCH', '/api/admin/access-codes/SPRING-2027', token, {
      max_uses: null,
      expires_at: '2020-01-01T00:00:00Z',
    });
    expect(fewer.statusCode).toBe(400);
    expect(fewer.json().detail).toMatch(/expiry is in the past/);
    await call('POST', '/api/admin/access-codes', token, { code: 'AUTUMN-2027' });
    const codes = async (query: string) =>
      (await call('GET', `/api/admin/access-codes?${query}`, token))
        .json()
        .items.map((c: { code: string }) => c.code);
    expect(await codes('sort=code&order=asc')).toEqual(['AUTUMN-2027', 'SPRING-2027']);
    expect(await codes('sort=used_count&order=desc')).toEqual(['SPRING-2027', 'AUTUMN-2027']);
    expect((await call('GET', '/api/admin/access-codes?sort=secret', token)).statusCode).toBe(400);
    const nothing = await call('PATCH', '/api/admin/access-codes/SPRING-2027', token, {});
    expect(nothing.statusCode).toBe(200);
    const nul = await call('PATCH', '/api/admin/access-codes/%00SPRING', token, { disabled: true });
    expect(nul.statusCode).toBe(400);
    const audit = (await call('GET', '/api/admin/audit?action=admin_update_access_code', token)).json();
    expect(audit.total).toBe(1);
    const oldest = (await call('GET', '/api/admin/audit?actor=olivia&order=asc&limit=2', token)).json();
    expect(oldest.items.map((row: { action: string }) => row.action)).toEqual([
      'login',
      'admin_create_access_code',
    ]);
    expect(oldest.total_exact).toBe(true);
    expect(audit.items[0].details).toMatchObject({ before: { disabled: false }, after: { disabled: true } });
  });
});

describe('leads', () => {
  it('assigns an unassigned lead by hand: manual routing with the superuser named, deliveries queued', async () => {
    const { token } = await superuserToken('Olivia Office');
    const { agent } = await seedAgent(db(), {
      user: { email: 'ava@realty.test' },
      agent: { agent: 'Ava Stone', signupStatus: 'complete', agentStatus: 'active' },
    });
    await db().insert(recipients).values({
      agentId: agent.id,
      firstName: 'Ava',
      email: 'ava@realty.test',
      phoneNumber: '+16025550111',
      sendEmail: true,
      sendSms: true,
      isPrimary: true,
      isAgent: true,
    });
    const waiting = await seedLead(db(), null, {
      firstName: 'Nora',
      routing: {
        decision: 'unassigned',
        reason: 'No agent serves 85004',
        candidates: 0,
        decidedAt: new Date().toISOString(),
      },
    });
    const listed = (await call('GET', '/api/admin/leads?unassigned=true', token)).json();
    expect(listed).toMatchObject({ total: 1, items: [{ id: waiting.id, agent_id: null, agent_name: null }] });

    const onboarding = await seedAgent(db(), { agent: { agentStatus: 'onboarding' } });
    const refused = await call('POST', `/api/admin/leads/${waiting.id}/assign`, token, {
      agent_id: onboarding.agent.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/only active agents receive leads/);

    const assigned = await call('POST', `/api/admin/leads/${waiting.id}/assign`, token, {
      agent_id: agent.id,
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({
      agent_id: agent.id,
      agent_name: 'Ava Stone',
      routing: { decision: 'manual', reason: 'Assigned by hand by Olivia Office' },
    });
    const queued = await db().select().from(outboxMessages).where(eq(outboxMessages.leadId, waiting.id));
    expect(queued.map((m) => `${m.channel} ${m.toAddress}`).sort()).toEqual([
      'email ava@realty.test',
      'sms +16025550111',
    ]);
    expect((await call('GET', '/api/admin/leads?unassigned=true', token)).json().total).toBe(0);
    // The agent sees the lead in its own list, with the decision.
    const [stored] = await db().select().from(leads).where(eq(leads.id, waiting.id));
    expect(stored!.routing).toMatchObject({ decision: 'manual' });
    const [event] = await db().select().from(leadEvents).where(eq(leadEvents.leadId, waiting.id));
    expect(event).toMatchObject({ kind: 'routed', actorType: 'user', actorName: 'Olivia Office' });
    const [counted] = await db().select().from(agents).where(eq(agents.id, agent.id));
    expect(counted!.leadsCount).toMatchObject({ total_leads: 1 });

    const twice = await call('POST', `/api/admin/leads/${waiting.id}/assign`, token, { agent_id: agent.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('This lead is already assigned to Ava Stone');
    const outbox = (await call('GET', '/api/admin/outbox?channel=email&to=AVA@', token)).json();
    expect(outbox.items).toHaveLength(1);
    expect(outbox.items[0]).toMatchObject({ template: 'lead_email', status: 'queued', lead_id: waiting.id });
  });
});

describe('messages', () => {
  it('retries a failed message once and refuses to retry one that is not failed', async () => {
    const { token } = await superuserToken();
    const [failed] = await db()
      .insert(outboxMessages)
      .values({
        channel: 'email',
        toAddress: 'x@y.test',
        fromAddress: 'office@x.test',
        subject: 'Hi',
        textBody: 'Hi',
        status: 'failed',
        attempts: 8,
        lastError: 'SMTP 550',
      })
      .returning();
    const listed = (await call('GET', '/api/admin/outbox?status=failed', token)).json();
    expect(listed.items[0]).toMatchObject({ id: failed!.id, last_error: 'SMTP 550', attempts: 8 });
    const retried = await call('POST', `/api/admin/outbox/${failed!.id}/retry`, token);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().status).toBe('queued');
    const again = await call('POST', `/api/admin/outbox/${failed!.id}/retry`, token);
    expect(again.statusCode).toBe(409);
  });
});

describe('messages show no one-time tokens', () => {
  it('hides the token of sign-in, reset, verification and signing links', async () => {
    const { token } = await superuserToken();
    const agent = await seedAgent(db(), { user: { email: 'ann.agent@realty.test' } });
    await db().insert(outboxMessages).values({
      channel: 'email',
      toAddress: agent.user.email,
      fromAddress: 'office@x.test',
      subject: 'Links',
      textBody:
        'Sign in: http://portal.test/login/magic/aaa.bbb.ccc\nReset: http://portal.test/es/recovery/ddd.eee\nSign: http://portal.test/sign/tok123 and http://portal.test/leads?lead=1',
    });
    const listed = (await call('GET', `/api/admin/outbox?to=${agent.user.email}`, token)).json();
    const bodies = listed.items.map((m: { text_body: string }) => m.text_body).join('\n');
    expect(bodies).toContain('/login/magic/[hidden]');
    expect(bodies).toContain('/sign/[hidden] and http://portal.test/leads?lead=1');
    expect(bodies).not.toContain('aaa.bbb.ccc');
    expect(bodies).toContain('/es/recovery/[hidden]');
    expect(bodies).not.toContain('ddd.eee');
  });
});

describe('lead intake clients', () => {
  it('shows a key once, counts its leads, records its last error, and revokes it', async () => {
    const { token } = await superuserToken();
    const created = await call('POST', '/api/admin/api-keys', token, { name: 'Zillow feed' });
    expect(created.statusCode).toBe(201);
    const { key, api_key } = created.json();
    expect(key).toMatch(/^lpk_/);
    const listed = (await call('GET', '/api/admin/api-keys', token)).json();
    expect(JSON.stringify(listed)).not.toContain(key);

    const intake = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/leads',
        headers: { authorization: `Bearer ${key}` },
        payload,
      });
    expect(
      (await intake({ lead_type: 'fsbo', first_name: 'Ann', phone: '+16025550100', zip: '85004' }))
        .statusCode,
    ).toBe(201);
    expect((await intake({ lead_type: 'fsbo', first_name: 'Ann' })).statusCode).toBe(400);
    const [item] = (await call('GET', '/api/admin/api-keys', token)).json().items;
    expect(item).toMatchObject({
      id: api_key.id,
      total_leads: 1,
      last_error: expect.stringMatching(/^400 /),
    });
    expect(item.leads_per_day).toHaveLength(14);
    expect(item.leads_per_day.at(-1).count).toBe(1);

    const revoked = await call('DELETE', `/api/admin/api-keys/${api_key.id}`, token);
    expect(revoked.json().revoked_at).not.toBeNull();
    expect(
      (await intake({ lead_type: 'fsbo', first_name: 'Bo', phone: '+16025550101', zip: '85004' })).statusCode,
    ).toBe(401);
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, api_key.id));
    expect(row!.revokedAt).not.toBeNull();
  });
});

describe('corporate users and groups', () => {
  it('creates an office with its e-mailed link, a group, a manager, and takes a member out', async () => {
    const { token } = await superuserToken();
    const created = await call('POST', '/api/admin/corporate-users', token, {
      email: 'desk@summit.test',
      name: 'Summit',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().link).toMatch(/\/login\/corporate\//);
    const [mail] = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, 'desk@summit.test'));
    expect(mail!.textBody).toContain(created.json().link);

    const group = await call('POST', '/api/admin/groups', token, {
      name: 'North',
      corporate_user_id: created.json().user.id,
    });
    expect(group.statusCode).toBe(201);
    const { agent } = await seedAgent(db(), { agent: { agent: 'Ava Stone' } });
    const added = await call('PUT', `/api/admin/groups/${group.json().id}/members`, token, {
      agent_id: agent.id,
      is_manager: true,
    });
    expect(added.json()).toMatchObject({
      member_count: 1,
      manager_count: 1,
      members: [{ name: 'Ava Stone', is_manager: true }],
    });
    const [linked] = await db().select().from(agents).where(eq(agents.id, agent.id));
    expect(linked!.corporateUserId).toBe(created.json().user.id);
    const demoted = await call('PUT', `/api/admin/groups/${group.json().id}/members`, token, {
      agent_id: agent.id,
      is_manager: false,
    });
    expect(demoted.json()).toMatchObject({ manager_count: 0 });
    const removed = await call('DELETE', `/api/admin/groups/${group.json().id}/members/${agent.id}`, token);
    expect(removed.json().members).toEqual([]);
    const history = (await call('GET', `/api/admin/audit?target_id=${group.json().id}`, token)).json().items;
    expect(
      history.map((row: { action: string; details: object; ip: string | null }) => [
        row.action,
        row.details,
        row.ip,
      ]),
    ).toEqual([
      [
        'remove_from_group',
        expect.objectContaining({ before: { member: true, is_manager: false }, after: { member: false } }),
        expect.any(String),
      ],
      // Demoting and adding a manager read as such, not as another "added to the group".
      [
        'demote_manager',
        expect.objectContaining({
          before: { member: true, is_manager: true },
          after: { member: true, is_manager: false },
        }),
        expect.any(String),
      ],
      ['add_manager_to_group', expect.objectContaining({ before: { member: false } }), expect.any(String)],
      [
        'create_group',
        expect.objectContaining({ after: { name: 'North', corporate_user_id: created.json().user.id } }),
        expect.any(String),
      ],
    ]);

    const off = await call('PATCH', `/api/admin/corporate-users/${created.json().user.id}`, token, {
      is_active: false,
    });
    expect(off.json()).toMatchObject({ is_active: false, group_count: 1, agent_count: 1 });
    const link = await call('POST', `/api/admin/corporate-users/${created.json().user.id}/login-link`, token);
    expect(link.statusCode).toBe(400);
    expect(link.json().detail).toMatch(/deactivated/);
  });
});

describe('settings', () => {
  it('turns a delivery channel off for the network and changes when agents are asked to rate', async () => {
    const { token } = await superuserToken();
    expect((await call('GET', '/api/admin/settings', token)).json()).toEqual({
      rating_interval_days: 30,
      rating_trend_threshold: 0.5,
      lead_delivery: { sms: true, email: true, call: true },
      provider_limits: { smtp_connections: 5, sms_per_second: 30 },
      quotas: { recipients_per_agent: 20, upload_tickets_per_account: 20, storage_mb_per_agent: 10_000 },
      routing: { acceptance_minutes: 0, floors: NO_FLOORS },
      billing: DEFAULT_SETTINGS.billing,
      retention: { message_body_days: 365, audit_days: null },
    });
    const zero = await call('PATCH', '/api/admin/settings', token, { rating_interval_days: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().detail).toMatch(/at least 1 day/);

    const agent = await seedAgent(db(), {
      agent: {
        agentStatus: 'active',
        signupStatus: 'complete',
        onboardingDate: new Date(Date.now() - 40 * 86_400_000),
      },
    });
    const agentToken = (await login(ctx.app, agent.user.email, agent.password, '10.9.2.1')).accessToken;
    const ratingRequired = async () =>
      (await ctx.app.inject({ url: '/api/portal/me', headers: bearer(agentToken) })).json().rating_required;
    expect(await ratingRequired()).toBe(true);
    const saved = await call('PATCH', '/api/admin/settings', token, {
      rating_interval_days: 60,
      lead_delivery: { sms: false },
      provider_limits: { sms_per_second: 10 },
    });
    expect(saved.json()).toMatchObject({
      rating_interval_days: 60,
      lead_delivery: { sms: false, email: true },
      // One limit changed, the other kept.
      provider_limits: { smtp_connections: 5, sms_per_second: 10 },
    });
    const tooMany = await call('PATCH', '/api/admin/settings', token, {
      provider_limits: { smtp_connections: 51 },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toMatch(/At most 50 SMTP connections/);
    expect(await ratingRequired()).toBe(false);

    // With texts off network-wide, a lead assigned now is e-mailed but not texted.
    await db().update(agents).set({ agentEmail: 'rated@realty.test' }).where(eq(agents.id, agent.agent.id));
    await db().insert(recipients).values({
      agentId: agent.agent.id,
      firstName: 'Rae',
      email: 'rae@realty.test',
      phoneNumber: '+16025550177',
      sendEmail: true,
      sendSms: true,
    });
    const waiting = await seedLead(db(), null);
    await call('POST', `/api/admin/leads/${waiting.id}/assign`, token, { agent_id: agent.agent.id });
    const sent = await db().select().from(outboxMessages).where(eq(outboxMessages.leadId, waiting.id));
    expect(sent.map((m) => m.channel)).toEqual(['email']);

    const superuser = await call('GET', '/api/admin/audit?action=admin_update_settings', token);
    expect(superuser.json().items[0].details).toMatchObject({
      before: { rating_interval_days: 30 },
      after: { rating_interval_days: 60 },
    });
  });
});
