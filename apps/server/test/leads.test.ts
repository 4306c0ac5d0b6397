import { LeadIntakeSchema } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agents, leadEvents, leads, outboxMessages, recipients } from '../src/db/schema';
import { assignLead } from '../src/modules/admin/leads';
import { createApiKey, revokeApiKey } from '../src/modules/leads/api-keys';
import { intakeLead, intakeQueueOf, submissionOf } from '../src/modules/leads/intake';
import { reconcileAgentStats } from '../src/modules/leads/stats';
import { startRecipientSession } from '../src/modules/recipients/sessions';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { seedAgent } from './helpers/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_INTAKE_PER_KEY: '40' } });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.deps.database.db;

async function activeAgent(name: string, overrides: Partial<typeof agents.$inferInsert> = {}) {
  const seeded = await seedAgent(db(), {
    user: { name },
    agent: {
      signupStatus: 'complete',
      agentStatus: 'active',
      agent: name,
      zipcodes: ['85004', '85006'],
      agentPhone: '+16025550101',
      ...overrides,
    },
  });
  const { accessToken } = await login(ctx.app, seeded.user.email, seeded.password);
  const call = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/portal/me${url}`, headers: bearer(accessToken), payload });
  return { ...seeded, call, accessToken };
}

async function client(name = 'Seller feed') {
  const { key } = await createApiKey(db(), { name });
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/leads',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const postCall = (payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/calls',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  return { key, post, postCall };
}

const lead = (overrides: object = {}) => ({
  lead_type: 'fsbo',
  first_name: 'Jane',
  last_name: 'Seller',
  phone: '(602) 555-0199',
  email: 'jane.seller@example.com',
  street: '12 Palm Ave',
  city: 'Phoenix',
  state: 'AZ',
  zip: '85004',
  // Complete, so the intake has nothing to fill from the ZIP (lead-agent-facing.test.ts does).
  county: 'Maricopa',
  ...overrides,
});

describe('POST /api/v1/leads: the intake', () => {
  it('routes a lead to the agent serving its ZIP and answers 201 with the decision', async () => {
    const { agent } = await activeAgent('Dana Reyes');
    const { post } = await client();
    const response = await post(lead());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      agent_id: agent.id,
      status: 'active',
      phone: '+16025550199',
      source: 'Seller feed',
      routing: { decision: 'assigned', candidates: 1 },
    });
    expect(response.json().routing.reason).toBe('The only eligible agent for ZIP 85004.');
  });

  it('keeps a lead nobody serves unassigned, with the reason', async () => {
    await activeAgent('Dana Reyes', { agentStatus: 'onboarding' });
    const { post } = await client();
    const response = await post(lead());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      agent_id: null,
      routing: { decision: 'unassigned', reason: 'No eligible agent for ZIP 85004: agent is onboarding.' },
    });
  });

  it('refuses bad input with a detail naming the field, and stores nothing', async () => {
    const { post } = await client();
    const cases: [object, RegExp][] = [
      [lead({ lead_type: 'mansion' }), /lead_type must be one of fsbo, expired/],
      [lead({ zip: '8500' }), /zip must be a 5-digit US ZIP code/],
      [lead({ phone: '', email: '' }), /needs a phone number or an e-mail address/],
      [lead({ email: 'not-mail' }), /valid email/],
      [lead({ agent_id: 'x' }), /agent_id/],
    ];
    for (const [payload, detail] of cases) {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(detail);
    }
    expect((await post('{"lead_type": ')).statusCode).toBe(400);
    expect(await db().select().from(leads)).toEqual([]);
  });

  it('answers 401 for a missing, wrong or revoked key, 415 for another type, 413 for a huge body', async () => {
    const { post, key } = await client('Old feed');
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/v1/leads', payload: lead() });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toContain('API key is required');
    expect((await post(lead(), { authorization: `Bearer ${key.slice(0, -2)}xx` })).statusCode).toBe(401);

    const form = await post('lead_type=fsbo&zip=85004', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().detail).toContain('Content-Type: application/json');

    const huge = await post(lead({ notes: 'x'.repeat(40_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toHaveProperty('detail');

    await revokeApiKey(db(), 'Old feed');
    expect((await post(lead())).statusCode).toBe(401);
  });

  it('answers 429 with Retry-After past the per-key rate', async () => {
    const { post } = await client();
    const statuses: number[] = [];
    for (let i = 0; i < 42; i++) statuses.push((await post(lead({ zip: '99999' }))).statusCode);
    expect(statuses.slice(0, 40).every((s) => s === 201)).toBe(true);
    const limited = await post(lead());
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('is idempotent: ten parallel identical posts make one lead; another body with the key gets 422', async () => {
    await activeAgent('Dana Reyes');
    const { post } = await client();
    const headers = { 'idempotency-key': 'order-7781' };
    const responses = await Promise.all(Array.from({ length: 10 }, () => post(lead(), headers)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await db().select().from(leads)).toHaveLength(1);
    // One lead, so one set of deliveries.
    expect(
      await db().select().from(outboxMessages).where(eq(outboxMessages.template, 'lead_sms')),
    ).toHaveLength(1);

    const other = await post(lead({ first_name: 'Someone else' }), headers);
    expect(other.statusCode).toBe(422);
    expect(other.json().detail).toContain('already used with a different body');
  });

  it('treats a known (source, external_id) as the same lead', async () => {
    const { post } = await client();
    const first = await post(lead({ source: 'zillow', external_id: 'Z-1' }));
    const again = await post(lead({ source: 'zillow', external_id: 'Z-1', notes: 'resent' }));
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(await db().select().from(leads)).toHaveLength(1);
  });
});

describe('routing and delivery', () => {
  it('is fair: the agent with fewer recent leads gets the next one', async () => {
    const busy = await activeAgent('Busy Agent');
    const quiet = await activeAgent('Quiet Agent');
    const { post } = await client();
    const owners: string[] = [];
    const reasons: string[] = [];
    for (let i = 0; i < 4; i++) {
      const body = (await post(lead({ first_name: `Seller ${i}` }))).json();
      owners.push(body.agent_id);
      reasons.push(body.routing.reason);
    }
    // The third lead breaks a tie on counts by the last lead, read from the leads themselves.
    expect(reasons[1]).toBe('Fewest leads in the last 30 days (0) among 2 eligible agents for ZIP 85004.');
    expect(reasons[2]).toMatch(
      /^Tied at 1 leads in 30 days among 2 eligible agents for ZIP 85004; last lead longest ago \(\d{4}-/,
    );
    expect(owners[2]).toBe(owners[0]);
    // Alternates: each time the other agent has fewer leads (or the older last lead).
    expect(owners.filter((id) => id === busy.agent.id)).toHaveLength(2);
    expect(owners.filter((id) => id === quiet.agent.id)).toHaveLength(2);
    expect(owners[0]).not.toBe(owners[1]);
  });

  it('honours excluded ZIPs and cities and switched-off niches', async () => {
    await activeAgent('Picky Agent', {
      excludedZips: ['85006'],
      excludedCities: [{ city_name: 'Tempe' }],
      expired: false,
    });
    const { post } = await client();
    expect((await post(lead({ zip: '85006' }))).json().agent_id).toBeNull();
    expect((await post(lead({ city: 'TEMPE' }))).json().agent_id).toBeNull();
    expect((await post(lead({ lead_type: 'expired' }))).json().agent_id).toBeNull();
    expect((await post(lead())).json().agent_id).not.toBeNull();
  });

  it("queues an SMS, e-mail and call for each active recipient per its switches, with the lead's link", async () => {
    const { agent } = await activeAgent('Dana Reyes');
    await db()
      .insert(recipients)
      .values([
        {
          agentId: agent.id,
          firstName: 'Dana',
          phoneNumber: '+16025550101',
          email: 'dana@example.com',
          sendSms: true,
          sendEmail: true,
          phoneCall: true,
          isPrimary: true,
          isAgent: true,
        },
        {
          agentId: agent.id,
          firstName: 'Sam',
          phoneNumber: '+16025550102',
          email: 'sam@example.com',
          sendSms: true,
          position: 1,
        },
        {
          agentId: agent.id,
          firstName: 'Off',
          email: 'off@example.com',
          sendEmail: true,
          isActive: false,
          position: 2,
        },
      ]);
    const { post } = await client();
    const created = (await post(lead())).json();
    const queued = await db().select().from(outboxMessages).where(eq(outboxMessages.leadId, created.id));
    expect(queued.map((m) => `${m.channel}:${m.toAddress}`).sort()).toEqual([
      'call:+16025550101',
      'email:dana@example.com',
      'sms:+16025550101',
      'sms:+16025550102',
    ]);
    const sms = queued.find((m) => m.toAddress === '+16025550102')!;
    // One SMS: who, where, the number to call, and the lead's link as it fits.
    expect(sms.textBody).toBe(
      `New FSBO lead: Jane Seller, 12 Palm Ave, Phoenix AZ. Call (602) 555-0199. http://portal.test/leads?lead=${created.id}`,
    );
    const email = queued.find((m) => m.channel === 'email')!;
    expect(email.subject).toBe('New seller lead: Jane Seller (FSBO) in Phoenix');
  });
});

describe('the ids of what grows with every lead', () => {
  /** Version 7 (RFC 9562): the creation time's milliseconds first, then the version nibble 7. */
  const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const millisecondsOf = (id: string) => Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16);

  it('are ordered by the time they were made: the lead, its event and its messages', async () => {
    await activeAgent('Dana Reyes');
    const { post } = await client();
    const before = Date.now();
    const first = (await post(lead({ external_id: 'v7-1' }))).json();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = (await post(lead({ external_id: 'v7-2' }))).json();
    const after = Date.now();

    for (const made of [first, second]) {
      expect(made.id).toMatch(V7);
      expect(millisecondsOf(made.id)).toBeGreaterThanOrEqual(before);
      expect(millisecondsOf(made.id)).toBeLessThanOrEqual(after);
    }
    // Later ids sort after earlier ones, as the primary key stores them.
    expect(second.id > first.id).toBe(true);
    const events = await db().select().from(leadEvents).where(eq(leadEvents.leadId, second.id));
    const messages = await db().select().from(outboxMessages).where(eq(outboxMessages.leadId, second.id));
    expect(events.length).toBeGreaterThan(0);
    expect(messages.length).toBeGreaterThan(0);
    for (const row of [...events, ...messages]) {
      expect(row.id).toMatch(V7);
      // Made by the database in the same transaction as the lead: the same time, to the clock's step.
      expect(Math.abs(millisecondsOf(row.id) - millisecondsOf(second.id))).toBeLessThan(1000);
    }
  });
});

describe("the agent's leads", () => {
  it('lists newest first with counts, filters by status, searches and pages', async () => {
    const dana = await activeAgent('Dana Reyes');
    const other = await activeAgent('Other Agent', { zipcodes: ['10001'] });
    const { post } = await client();
    for (let i = 0; i < 5; i++) await post(lead({ first_name: `Seller${i}`, phone: `(602) 555-010${i}` }));
    await post(lead({ zip: '10001', first_name: 'Elsewhere' }));

    const all = (await dana.call('GET', '/leads')).json();
    expect(all.total).toBe(5);
    expect(all.items.map((l: { first_name: string }) => l.first_name)).toEqual([
      'Seller4',
      'Seller3',
      'Seller2',
      'Seller1',
      'Seller0',
    ]);
    expect(all.counts).toEqual({ active: 5, archived: 0, closed: 0 });

    const target = all.items[2];
    await dana.call('PATCH', `/leads/${target.id}`, { status: 'archived', lost_reason: 'not_selling' });
    const archived = (await dana.call('GET', '/leads?archived=true')).json();
    expect(archived).toMatchObject({ total: 1, counts: { active: 4, archived: 1, closed: 0 } });
    expect((await dana.call('GET', '/leads?active=true&skip=1&limit=2')).json().items).toHaveLength(2);
    expect((await dana.call('GET', '/leads?q=seller3')).json().items[0].first_name).toBe('Seller3');
    expect(
      (await dana.call('GET', '/leads?q=555-0101'))
        .json()
        .items.map((l: { first_name: string }) => l.first_name),
    ).toEqual(['Seller1']);
    expect((await dana.call('GET', '/leads?q=zz%25')).json().total).toBe(0);
    expect((await dana.call('GET', '/leads?limit=101')).statusCode).toBe(400);

    // Another agent's lead is not found.
    expect((await other.call('GET', `/leads/${target.id}`)).statusCode).toBe(404);
    expect((await other.call('PATCH', `/leads/${target.id}`, { notes: 'mine now' })).statusCode).toBe(404);
  });

  it('answers a kept page again only while nothing about its leads changed, whoever changed them', async () => {
    const dana = await activeAgent('Dana Reyes');
    const other = await activeAgent('Other Agent', { zipcodes: ['10001'] });
    const { post } = await client();
    await post(lead({ first_name: 'First' }));
    const names = async () =>
      (await dana.call('GET', '/leads'))
        .json()
        .items.map((l: { first_name: string; notes: string }) => [l.first_name, l.notes]);
    expect(await names()).toEqual([['First', '']]);
    expect(await names()).toEqual([['First', '']]);

    // A new lead, a note through the API, a change another process writes straight to the table,
    // a lead taken away to another agent, a lead deleted: each shows on the next read.
    await post(lead({ first_name: 'Second' }));
    expect(await names()).toEqual([
      ['Second', ''],
      ['First', ''],
    ]);
    const [second, first] = (await dana.call('GET', '/leads')).json().items;
    await dana.call('PATCH', `/leads/${first.id}`, { notes: 'Called back' });
    expect((await names())[1]).toEqual(['First', 'Called back']);
    await db().update(leads).set({ firstName: 'Renamed' }).where(eq(leads.id, first.id));
    expect((await names())[1]).toEqual(['Renamed', 'Called back']);
    await db().update(leads).set({ agentId: other.agent.id }).where(eq(leads.id, second.id));
    expect(await names()).toEqual([['Renamed', 'Called back']]);
    expect((await other.call('GET', '/leads')).json().total).toBe(1);
    await db().delete(leads).where(eq(leads.id, first.id));
    expect((await dana.call('GET', '/leads')).json()).toMatchObject({ total: 0, items: [] });

    // A change no row trigger saw: reconciling the counts writes the pages anew; and a TRUNCATE.
    await post(lead({ first_name: 'Third' }));
    expect(await names()).toEqual([['Third', '']]);
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(leads).where(eq(leads.agentId, dana.agent.id));
    });
    await reconcileAgentStats(db());
    expect((await dana.call('GET', '/leads')).json()).toMatchObject({ total: 0, items: [] });
    await post(lead({ first_name: 'Fourth' }));
    expect(await names()).toEqual([['Fourth', '']]);
    // After a TRUNCATE the page is written anew at once; its counts wait for the reconciliation.
    await db().execute(sql`truncate table leads cascade`);
    expect((await dana.call('GET', '/leads')).json().items).toEqual([]);
    await reconcileAgentStats(db());
    expect((await dana.call('GET', '/leads')).json()).toMatchObject({ total: 0, items: [] });
  });

  it('closes with figures that add to the totals, reopens and takes them off, with a timeline', async () => {
    const dana = await activeAgent('Dana Reyes');
    const { post } = await client();
    const { id } = (await post(lead())).json();

    const incomplete = await dana.call('PATCH', `/leads/${id}`, { status: 'closed', sale_price: 450000 });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().detail).toMatch(/closing date/i);

    const closed = await dana.call('PATCH', `/leads/${id}`, {
      status: 'closed',
      closing_date: '2026-11-20',
      sale_price: 450000,
      gross_commission: 13500,
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', sale_price: 450000, gross_commission: 13500 });
    // The list's rows (written by PostgreSQL) say exactly what the lead's own page says, but for
    // the closing's invoice and statement, which only the lead's own page carries (ADR 66).
    const { events: _events, closing, ...detail } = closed.json();
    expect(closing.invoice).toMatchObject({ amount_cents: 337500, status: 'open' });
    expect((await dana.call('GET', '/leads?closed=true')).json().items).toEqual([detail]);
    let [row] = await db().select().from(agents).where(eq(agents.id, dana.agent.id));
    expect(row).toMatchObject({ totalClosings: 1, totalGrossCommissionEarned: 13500 });

    const reopened = await dana.call('PATCH', `/leads/${id}`, {
      status: 'active',
      notes: 'Buyer walked away',
    });
    expect(reopened.json()).toMatchObject({
      status: 'active',
      gross_commission: null,
      notes: 'Buyer walked away',
    });
    [row] = await db().select().from(agents).where(eq(agents.id, dana.agent.id));
    expect(row).toMatchObject({ totalClosings: 0, totalGrossCommissionEarned: 0 });
    const kinds = reopened.json().events.map((e: { kind: string }) => e.kind);
    // The agent is their own first recipient: SMS, e-mail and call deliveries follow the routing.
    // The notes are on the thread as a note activity.
    expect(kinds.filter((k: string) => k !== 'delivery')).toEqual([
      'routed',
      'closed',
      'activity',
      'reopened',
    ]);
    expect(kinds.filter((k: string) => k === 'delivery')).toHaveLength(3);
  });

  it('computes leads_count and answer_rate from leads and calls', async () => {
    const dana = await activeAgent('Dana Reyes', { agentTrackingPhoneNumber: '+16025550177' });
    const { post, postCall } = await client();
    const { id } = (await post(lead())).json();
    await post(lead({ first_name: 'Second' }));
    expect((await postCall({ outcome: 'answered', lead_id: id, duration_seconds: 95 })).statusCode).toBe(201);
    expect(
      (await postCall({ outcome: 'missed', tracking_number: '(602) 555-0177', external_id: 'c-1' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await postCall({ outcome: 'missed', tracking_number: '(602) 555-0177', external_id: 'c-1' }))
        .statusCode,
    ).toBe(200);
    const unknown = await postCall({ outcome: 'missed', tracking_number: '(602) 555-0000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('No agent has the tracking number +16025550000');

    const me = (await dana.call('GET', '')).json().agent_profile;
    expect(me.answer_rate).toEqual({ total_leads: 2, missed_calls: 1, answered_calls: 1 });
    expect(me.leads_count).toMatchObject({ l_7: 2, l_30: 2, l_90: 2, total_leads: 2 });
    const stats = (await dana.call('GET', '/lead-stats')).json();
    expect(stats).toMatchObject({
      this_week: 2,
      this_month: 2,
      answer_rate: { answered_calls: 1, missed_calls: 1 },
    });
    expect(stats.per_week).toHaveLength(12);
    expect(stats.per_week.at(-1).counts).toEqual({ fsbo: 2 });
    const detail = (await dana.call('GET', `/leads/${id}`)).json();
    expect(detail.events.find((e: { kind: string }) => e.kind === 'call').details).toMatchObject({
      outcome: 'answered',
    });
  });
});

describe("the intake and the agent's statistics", () => {
  const counts = async (agentId: string) =>
    (await db().select().from(agents).where(eq(agents.id, agentId)))[0]!;

  it('counts every earlier lead the first time, then adds each new lead to every window', async () => {
    const dana = await activeAgent('Dana Reyes');
    // Two leads from before the counts were ever computed: 3 and 40 days old.
    for (const days of [3, 40]) {
      await db()
        .insert(leads)
        .values({
          agentId: dana.agent.id,
          leadType: 'fsbo',
          zip: '85004',
          source: 'earlier',
          createdAt: sql`now() - make_interval(days => ${days})`,
        });
    }
    expect((await counts(dana.agent.id)).leadsCount).toMatchObject({ total_leads: 0, update_date: null });
    const { post } = await client();

    expect((await post(lead())).statusCode).toBe(201);
    const first = await counts(dana.agent.id);
    expect(first.leadsCount).toMatchObject({ l_7: 2, l_30: 2, l_45: 3, l_90: 3, total_leads: 3 });
    expect(first.leadsCount.update_date).toEqual(expect.any(String));
    expect(first.answerRate).toMatchObject({ total_leads: 3 });

    expect((await post(lead({ first_name: 'Second' }))).statusCode).toBe(201);
    const second = await counts(dana.agent.id);
    expect(second.leadsCount).toMatchObject({
      l_7: 3,
      l_14: 3,
      l_21: 3,
      l_30: 3,
      l_45: 4,
      l_60: 4,
      l_90: 4,
      total_leads: 4,
      // The last full count: the new lead was added to it.
      update_date: first.leadsCount.update_date,
    });
    expect(second.answerRate).toEqual({ total_leads: 4, missed_calls: 0, answered_calls: 0 });
  });
});

describe("the hourly reconciliation of the agents' statistics", () => {
  const statusCounts = async (agentId: string) =>
    Object.fromEntries(
      (
        (await db().execute(
          sql`select status, n from lead_counts where agent_id = ${agentId} and n <> 0 order by status`,
        )) as unknown as { rows: { status: string; n: number }[] }
      ).rows.map((row) => [row.status, Number(row.n)]),
    );

  it('goes through the agents in batches, slides the windows and puts drifted counts right', async () => {
    const dana = await activeAgent('Dana Reyes');
    const eli = await activeAgent('Eli Park', { zipcodes: ['85008'] });
    const fay = await activeAgent('Fay Ortiz', { zipcodes: ['85010'] });
    const { post } = await client();
    expect((await post(lead())).statusCode).toBe(201);
    expect((await post(lead({ zip: '85008', first_name: 'Second' }))).statusCode).toBe(201);
    // A lead of 10 days ago that no statistics saw, and counts no trigger saw: one too many for
    // Dana's active leads, none for Eli's, and a closed count for Fay who has no lead.
    await db().execute(
      sql`update leads set created_at = now() - interval '10 days' where agent_id = ${dana.agent.id}`,
    );
    await db().execute(sql`update lead_counts set n = n + 1 where agent_id = ${dana.agent.id}`);
    await db().execute(sql`delete from lead_counts where agent_id = ${eli.agent.id}`);
    await db().execute(
      sql`insert into lead_counts (agent_id, status, n) values (${fay.agent.id}, 'closed', 3)`,
    );

    // One agent per batch: three batches at least, each its own transaction.
    const result = await reconcileAgentStats(db(), 1);
    expect(result.agents).toBe(3);
    expect(result.corrected).toBe(3);
    expect(await statusCounts(dana.agent.id)).toEqual({ active: 1 });
    expect(await statusCounts(eli.agent.id)).toEqual({ active: 1 });
    expect(await statusCounts(fay.agent.id)).toEqual({});
    const profile = (await dana.call('GET', '')).json().agent_profile;
    expect(profile.leads_count).toMatchObject({ l_7: 0, l_14: 1, total_leads: 1 });
    // Nothing drifted: a second run corrects nothing.
    expect(await reconcileAgentStats(db(), 2)).toEqual({ agents: 3, corrected: 0 });
  });

  // Two connections at once: PostgreSQL only (PGlite has one).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'never waits for the intake, and keeps the count of a lead committed while it corrects',
    async () => {
      const dana = await activeAgent('Dana Reyes');
      const { post } = await client();
      expect((await post(lead())).statusCode).toBe(201);
      expect((await post(lead({ first_name: 'Second' }))).statusCode).toBe(201);
      /** A writer on another connection: a lead inserted, its transaction open until `commit`. */
      const openWriter = async () => {
        let commit!: () => void;
        let inserted!: () => void;
        const held = new Promise<void>((resolve) => {
          commit = resolve;
        });
        const ready = new Promise<void>((resolve) => {
          inserted = resolve;
        });
        const done = db().transaction(async (tx) => {
          await tx
            .insert(leads)
            .values({ agentId: dana.agent.id, leadType: 'fsbo', zip: '85004', source: 'held' });
          inserted();
          await held;
        });
        await ready;
        return async () => {
          commit();
          await done;
        };
      };
      // With nothing drifted the reconciliation writes no count: it ends while the writer is open.
      const first = await openWriter();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        reconcileAgentStats(db()),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('the reconciliation waited for the writer')), 5000);
        }),
      ]);
      clearTimeout(timer);
      await first();
      // Drifted: the correction is added to the row the writer's trigger holds, after its commit.
      await db().execute(sql`update lead_counts set n = n + 40 where agent_id = ${dana.agent.id}`);
      const second = await openWriter();
      const correcting = reconcileAgentStats(db());
      await new Promise((resolve) => setTimeout(resolve, 200));
      await second();
      expect(await correcting).toMatchObject({ corrected: 1 });
      expect(await statusCounts(dana.agent.id)).toEqual({ active: 4 });
    },
  );
});

describe('the console moving a lead while a round of the intake holds its agents', () => {
  // Two connections at once: PostgreSQL only (PGlite has one).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'locks both agents in id order, as a round does, so that neither waits for the other forever',
    async () => {
      const superuser = await seedAgent(db(), {
        user: { isSuperuser: true, userRole: 'superuser', name: 'Sam Ops' },
      });
      const actor = { id: superuser.user.id, email: superuser.user.email, name: 'Sam Ops', ip: null };
      const [low, high] = [
        (await activeAgent('Ana Low')).agent.id,
        (await activeAgent('Ben High')).agent.id,
      ].sort() as [string, string];
      const { row } = await createApiKey(db(), { name: 'Seller feed' });
      const { lead: taken } = await intakeLead(ctx.deps, {
        apiKey: row,
        input: LeadIntakeSchema.parse(lead()),
      });
      await db().update(leads).set({ agentId: low }).where(eq(leads.id, taken.id));

      // A round that locks the lower id's row, then, once the console waits, the higher's.
      let release!: () => void;
      let holding!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const holds = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const round = db().transaction(async (tx) => {
        await tx.execute(sql`select 1 from agents where id = ${low} for no key update`);
        holding();
        await held;
        await tx.execute(sql`select 1 from agents where id = ${high} for no key update`);
      });
      await holds;
      const move = assignLead(
        ctx.deps,
        taken.id,
        { agent_id: high, reason: 'The seller asked for Ben' },
        actor,
      );
      // The console's transaction waits on a row lock (the lower id's, when it locks in order).
      const waiting = async () =>
        (
          (await db().execute(sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n;
      for (let tries = 0; (await waiting()) === 0; tries++) {
        if (tries > 100) throw new Error('the console never waited for the round');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      release();
      // Locked out of order, the console would hold the higher id's row: one of the two would end in
      // a deadlock.
      const [rounded, moved] = await Promise.allSettled([round, move]);
      expect(rounded.status).toBe('fulfilled');
      expect(moved).toMatchObject({ status: 'fulfilled', value: { id: taken.id, agent_id: high } });
    },
  );
});

describe('leads that come in together (one transaction for many)', () => {
  const intake = (apiKey: { id: string; name: string }, overrides: object) =>
    intakeLead(ctx.deps, { apiKey, input: LeadIntakeSchema.parse(lead(overrides)) });
  const feed = async () => (await createApiKey(db(), { name: 'Together feed' })).row;

  it('routes them as if one came after another, each with its event, statistics and deliveries', async () => {
    const busy = await activeAgent('Busy Agent');
    const quiet = await activeAgent('Quiet Agent');
    const apiKey = await feed();
    const queue = intakeQueueOf(ctx.deps);
    queue.largestRound = 0;
    // Submitted at once: the first two go alone, one in each of the intake's two lanes; the ones
    // that came meanwhile share the next rounds.
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => intake(apiKey, { first_name: `Seller ${i}` })),
    );
    expect(queue.largestRound).toBeGreaterThan(2);
    expect(results.map((result) => result.status)).toEqual(Array(10).fill(201));
    const owners = results.map((result) => result.lead.agent_id);
    // Each decision counted the ones before it: without that, all ten go to one agent.
    expect(owners.filter((id) => id === busy.agent.id)).toHaveLength(5);
    expect(owners.filter((id) => id === quiet.agent.id)).toHaveLength(5);
    // The first two run at once, one in each lane, so either may be routed first: that one finds
    // a tie, and the other sees its lead and takes the agent who has none.
    const firstTwo = [results[0]!, results[1]!].map((result) => result.lead.routing?.reason).sort();
    expect(firstTwo).toEqual([
      'Fewest leads in the last 30 days (0) among 2 eligible agents for ZIP 85004.',
      'Tied on leads and last lead among 2 eligible agents for ZIP 85004; first by id.',
    ]);
    expect(results[0]!.lead.agent_id).not.toBe(results[1]!.lead.agent_id);

    const ids = results.map((result) => result.lead.id);
    const events = await db().select().from(leadEvents);
    expect(events.filter((event) => ids.includes(event.leadId) && event.kind === 'routed')).toHaveLength(10);
    for (const agent of [busy.agent, quiet.agent]) {
      const [row] = await db().select().from(agents).where(eq(agents.id, agent.id));
      expect(row!.leadsCount).toMatchObject({ l_7: 5, l_30: 5, total_leads: 5 });
    }
    const sms = await db().select().from(outboxMessages).where(eq(outboxMessages.template, 'lead_sms'));
    expect(sms).toHaveLength(10);
    expect(new Set(sms.map((message) => message.leadId))).toEqual(new Set(ids));
  });

  it('stores the others when the database refuses one of them, which fails alone', async () => {
    await activeAgent('Dana Reyes');
    const apiKey = await feed();
    await db().execute(sql`create or replace function refuse_lead() returns trigger language plpgsql as $$
      begin
        if new.first_name = 'Refused' then
          raise exception 'refused by the test' using errcode = 'check_violation';
        end if;
        return new;
      end $$`);
    await db().execute(sql`create trigger refuse_lead before insert on leads
      for each row execute function refuse_lead()`);
    try {
      const queue = intakeQueueOf(ctx.deps);
      queue.largestRound = 0;
      // Ana and Ben go alone, one in each lane; the three that came meanwhile go together, and
      // the database refuses one of them.
      const names = ['Ana', 'Ben', 'Refused', 'Carla', 'Dev'];
      const results = await Promise.allSettled(names.map((name) => intake(apiKey, { first_name: name })));
      expect(queue.largestRound).toBeGreaterThan(1);
      expect(results.map((result) => result.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
      ]);
      const stored = await db().select().from(leads);
      expect(stored.map((row) => row.firstName).sort()).toEqual(['Ana', 'Ben', 'Carla', 'Dev']);
      expect(await db().select().from(leadEvents)).toHaveLength(4);
    } finally {
      await db().execute(sql`drop trigger refuse_lead on leads`);
      await db().execute(sql`drop function refuse_lead()`);
    }
  });

  it('keeps one lead of twins that come in the same transaction; the others learn a twin won', async () => {
    await activeAgent('Dana Reyes');
    const apiKey = await feed();
    const queue = intakeQueueOf(ctx.deps);
    queue.largestRound = 0;
    const submit = (overrides: object, idempotencyKey?: string) =>
      queue.submit(
        '',
        submissionOf({ apiKey, input: LeadIntakeSchema.parse(lead(overrides)), idempotencyKey }),
      );
    const results = await Promise.all([
      // The first two go at once, one in each of the intake's lanes; the four behind them together.
      submit({ first_name: 'First' }),
      submit({ first_name: 'Other' }),
      submit({ first_name: 'Keyed' }, 'order-77'),
      submit({ first_name: 'Keyed' }, 'order-77'),
      submit({ source: 'zillow', external_id: 'Z-77' }),
      submit({ source: 'zillow', external_id: 'Z-77' }),
    ]);
    expect(queue.largestRound).toBe(4);
    const rows = results.map((result) => ('row' in result ? result.row : 'error'));
    expect(rows.map((row) => (row === null ? null : typeof row))).toEqual([
      'object',
      'object',
      'object',
      null,
      'object',
      null,
    ]);
    expect(await db().select().from(leads)).toHaveLength(4);
    // Only the stored ones have deliveries.
    const delivered = new Set((await db().select().from(outboxMessages)).map((message) => message.leadId));
    expect(delivered.size).toBe(4);
  });

  it('counts the requests of one key that come at once one by one: exactly the limit passes', async () => {
    const { post, key } = await client();
    // A wrong secret behind the right prefix is refused and spends none of the client's quota.
    const wrong = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(lead({ zip: '99999' }), { authorization: `Bearer ${key.slice(0, -2)}xx` }),
      ),
    );
    expect(wrong.map((response) => response.statusCode)).toEqual(Array(5).fill(401));
    const responses = await Promise.all(
      Array.from({ length: 45 }, (_, i) => post(lead({ zip: '99999', first_name: `Seller ${i}` }))),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(40);
    const limited = responses.filter((response) => response.statusCode === 429);
    expect(limited).toHaveLength(5);
    for (const response of limited) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(await db().select().from(leads)).toHaveLength(40);
    // The admission's commit skips the log's flush for its own transaction only: every pooled
    // connection still commits leads durably.
    const settings = await Promise.all(
      Array.from(
        { length: 5 },
        async () =>
          (
            (await db().execute(sql`select current_setting('synchronous_commit') as value`)) as unknown as {
              rows: { value: string }[];
            }
          ).rows[0]!.value,
      ),
    );
    expect(settings).toEqual(Array(5).fill('on'));
  });
});

describe("a recipient's leads", () => {
  it('sees and works only the leads delivered to it, and no statistics', async () => {
    const dana = await activeAgent('Dana Reyes');
    // The agent's own recipient row, as the routing page creates it.
    expect((await dana.call('GET', '/recipients')).statusCode).toBe(200);
    const [sam] = await db()
      .insert(recipients)
      .values({
        agentId: dana.agent.id,
        firstName: 'Sam',
        email: 'sam@example.com',
        sendEmail: true,
        position: 1,
      })
      .returning();
    const { post } = await client();
    const before = (await post(lead({ first_name: 'Before' }))).json();
    await db().update(recipients).set({ sendEmail: false }).where(eq(recipients.id, sam!.id));
    await post(lead({ first_name: 'NotForSam' }));
    const token = await startRecipientSession(db(), { recipientId: sam!.id });
    const session = { 'x-recipient-session': token };

    const list = await ctx.app.inject({ url: '/api/portal/me/leads', headers: session });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((l: { first_name: string }) => l.first_name)).toEqual(['Before']);
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/portal/me/leads/${before.id}`,
      headers: session,
      payload: { notes: 'Called, meeting Tuesday' },
    });
    expect(patched.json()).toMatchObject({ notes: 'Called, meeting Tuesday' });
    // The note is on the lead's thread as Sam's activity.
    expect(patched.json().events.at(-1)).toMatchObject({
      kind: 'activity',
      actor_type: 'recipient',
      actor_name: 'Sam',
      details: { kind: 'note', body: 'Called, meeting Tuesday', author_role: 'recipient' },
    });
    // Sam sees where his own copy went, not the agent's phone and e-mail.
    const deliveries = patched.json().events.filter((e: { kind: string }) => e.kind === 'delivery');
    const addresses = deliveries.map((e: { details: { to: string | null } }) => e.details.to);
    expect(addresses.filter((to: string | null) => to !== null)).toEqual(['sam@example.com']);
    expect(addresses.length).toBeGreaterThan(1);
    const notForSam = await db()
      .select()
      .from(leads)
      .where(and(eq(leads.firstName, 'NotForSam')));
    expect(
      (await ctx.app.inject({ url: `/api/portal/me/leads/${notForSam[0]!.id}`, headers: session }))
        .statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ url: '/api/portal/me/lead-stats', headers: session })).statusCode).toBe(
      403,
    );
  });
});

describe('CSV import (superusers)', () => {
  it('imports valid rows, reports rejected ones with reasons, and counts duplicates', async () => {
    await activeAgent('Dana Reyes');
    const admin = await seedAgent(db(), { user: { isSuperuser: true, userRole: 'superuser' } });
    const { accessToken } = await login(ctx.app, admin.user.email, admin.password);
    const csv = [
      'lead_type,first_name,last_name,phone,email,street,city,state,zip,external_id',
      'fsbo,Ann,Lee,(602) 555-0111,,"1 Main St, Unit 2",Phoenix,AZ,85004,row-1',
      'castle,Bob,Ray,(602) 555-0112,,,Phoenix,AZ,85004,row-2',
      'expired,Cy,Dee,,,,,AZ,123,row-3',
      'fsbo,Ann,Lee,(602) 555-0111,,"1 Main St, Unit 2",Phoenix,AZ,85004,row-1',
    ].join('\r\n');
    const upload = (body: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/leads/import',
        headers: { ...bearer(accessToken), 'content-type': 'text/csv' },
        payload: body,
      });
    const response = await upload(csv);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      rows: 4,
      imported: 1,
      duplicates: 1,
      unassigned: 0,
      rejected: [
        { row: 3, errors: [expect.stringContaining('lead_type must be one of')] },
        {
          row: 4,
          errors: [
            'zip must be a 5-digit US ZIP code',
            'phone: A lead needs a phone number or an e-mail address',
          ],
        },
      ],
    });
    const [stored] = await db().select().from(leads);
    expect(stored).toMatchObject({ street: '1 Main St, Unit 2', source: 'csv-import' });
    expect((await upload('name,zip\nx,85004')).json().detail).toContain('Unknown column: name');
    const unclosed = await upload('lead_type,zip,notes\r\nfsbo,85004,"ok"\r\nfsbo,85004,"never closed\r\n');
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().detail).toBe(
      'The file is not valid CSV: A quoted field opened on line 3 is never closed.',
    );
    // A column named twice (" Phone" and "phone" are one column): refused
    // with the column named, nothing imported.
    const before = (await db().select().from(leads)).length;
    const twice = await upload(
      'lead_type,zip,phone, Phone,first_name\nfsbo,85004,(602) 555-0199,(602) 555-0100,Twice',
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().detail).toBe(
      'The header row names phone more than once: keep one column for it and send the file again.',
    );
    expect((await db().select().from(leads)).length).toBe(before);
    // A control character in the file: refused with its line (ADR 23).
    const nul = await upload(
      'lead_type,zip,phone\nfsbo,85004,(602) 555-0199\nfsbo,85004,(602) 555\u0000-0100',
    );
    expect(nul.statusCode).toBe(400);
    expect(nul.json().detail).toMatch(/^body, line 3: control characters/);
    expect((await db().select().from(leads)).length).toBe(before);
    const dana = await activeAgent('Not Admin');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/leads/import',
      headers: { ...bearer(dana.accessToken), 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(refused.statusCode).toBe(403);
  });
});
