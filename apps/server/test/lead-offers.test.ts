import { NO_FLOORS } from '@portal/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leadOffers, leads, outboxMessages, recipients } from '../src/db/schema';
import { forgetSettings, writeSettings } from '../src/lib/settings';
import { startOfferSweeper, sweepOffers } from '../src/modules/leads/offers';
import { startRecipientSession } from '../src/modules/recipients/sessions';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { addMember, seedAgent, seedCorporate, seedUser } from './helpers/factories';
import { intakeClient, sellerLead } from './helpers/intake';

/**
 * Offers (DESIGN.md section 11, ADR 62): with an acceptance window, a routed lead is offered to
 * its agent without the seller's details until accepted; a pass, a lapse or a release routes it
 * again with every agent that had it left out.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.reset();
  await offers(15);
});

const db = () => ctx.deps.database.db;

async function offers(minutes: number) {
  await writeSettings(db(), { routing: { acceptance_minutes: minutes, floors: NO_FLOORS } }, 'test');
  forgetSettings();
}

type Call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) => Promise<LightMyRequestResponse>;

async function activeAgent(name: string, overrides: Record<string, unknown> = {}) {
  const seeded = await seedAgent(db(), {
    user: { name },
    agent: {
      signupStatus: 'complete',
      agentStatus: 'active',
      agent: name,
      zipcodes: ['85004'],
      agentPhone: '+16025550101',
      ...overrides,
    },
  });
  const { accessToken } = await login(ctx.app, seeded.user.email, seeded.password);
  const call: Call = (method, url, payload) =>
    ctx.app.inject({ method, url: `/api/portal/me${url}`, headers: bearer(accessToken), payload });
  return { ...seeded, call, accessToken };
}

async function poster() {
  const post = await intakeClient(ctx);
  return async (overrides: object = {}) => {
    const response = await post(sellerLead({ notes: 'Call Jane after 5 PM', ...overrides }));
    expect(response.statusCode).toBe(201);
    return response.json();
  };
}

const HIDDEN = { first_name: '', last_name: '', phone: '', email: '', street: '', notes: '' };
const SELLER = /Jane|jane\.seller|555-?0199|5550199|Palm Ave/;

const offersOf = (leadId: string) =>
  db().select().from(leadOffers).where(eq(leadOffers.leadId, leadId)).orderBy(asc(leadOffers.offeredAt));

const leadRow = async (id: string) => (await db().select().from(leads).where(eq(leads.id, id)))[0]!;

async function superuserToken() {
  const admin = await seedUser(db(), { userRole: 'superuser', isSuperuser: true, name: 'Olivia Office' });
  return (await login(ctx.app, admin.user.email, admin.password, '10.9.0.1')).accessToken as string;
}

describe('an open offer', () => {
  it('hides the seller from the agent, a recipient and the office until accepted', async () => {
    const office = await seedCorporate(db(), ['West']);
    const dana = await activeAgent('Dana Reyes', { corporateUserId: office.user.id });
    await addMember(db(), office.groups[0]!.id, dana.agent.id);
    const [rita] = await db()
      .insert(recipients)
      .values({
        agentId: dana.agent.id,
        firstName: 'Rita',
        email: 'rita@example.com',
        sendEmail: true,
        phoneNumber: '+16025550111',
        sendSms: true,
      })
      .returning();
    const posted = await (await poster())();
    // The intake client that posted it reads it whole, with the offer.
    expect(posted).toMatchObject({ agent_id: dana.agent.id, first_name: 'Jane', accepted_at: null });
    expect(posted.offer).not.toBeNull();

    const list = (await dana.call('GET', '/leads')).json();
    expect(list.items[0]).toMatchObject({ id: posted.id, ...HIDDEN, city: 'Phoenix', zip: '85004' });
    const { offered_at, expires_at } = list.items[0].offer;
    expect(Date.parse(expires_at) - Date.parse(offered_at)).toBeGreaterThan(14.9 * 60_000);
    expect(Date.parse(expires_at) - Date.parse(offered_at)).toBeLessThan(15.1 * 60_000);
    const queue = (await dana.call('GET', '/leads?view=queue')).json();
    expect(queue.items[0]).toMatchObject({ id: posted.id, ...HIDDEN });
    const detail = (await dana.call('GET', `/leads/${posted.id}`)).json();
    expect(detail).toMatchObject({ ...HIDDEN, offer: { expires_at } });
    expect(JSON.stringify(detail)).not.toMatch(SELLER);
    // The search does not look in what is hidden; the place still finds it.
    expect((await dana.call('GET', '/leads?q=jane')).json().items).toHaveLength(0);
    expect((await dana.call('GET', '/leads?q=0199')).json().items).toHaveLength(0);
    expect((await dana.call('GET', '/leads?q=phoenix')).json().items).toHaveLength(1);

    const session = { 'x-recipient-session': await startRecipientSession(db(), { recipientId: rita!.id }) };
    const seen = (
      await ctx.app.inject({ url: `/api/portal/me/leads/${posted.id}`, headers: session })
    ).json();
    expect(seen).toMatchObject(HIDDEN);
    expect(JSON.stringify(seen)).not.toMatch(SELLER);

    const officeToken = (await login(ctx.app, office.user.email, office.password)).accessToken;
    const group = (
      await ctx.app.inject({
        url: `/api/portal/groups/${office.groups[0]!.id}/leads`,
        headers: bearer(officeToken),
      })
    ).json();
    expect(group.items[0]).toMatchObject({ id: posted.id, ...HIDDEN });
    expect(group.items[0].offer).not.toBeNull();

    // The messages say how long the agent has, link to the offer and name no seller.
    const messages = await db().select().from(outboxMessages).where(eq(outboxMessages.leadId, posted.id));
    const email = messages.find((m) => m.toAddress === 'rita@example.com')!;
    const sms = messages.find((m) => m.channel === 'sms' && m.toAddress === '+16025550111')!;
    expect(email.template).toBe('lead_offer_email');
    expect(sms.template).toBe('lead_offer_sms');
    for (const message of [email, sms]) {
      expect(message.textBody).toContain('Accept within 15 minutes');
      expect(message.textBody).toContain(`http://portal.test/leads?lead=${posted.id}`);
      expect(`${message.subject ?? ''} ${message.textBody} ${message.htmlBody ?? ''}`).not.toMatch(SELLER);
    }

    // Nothing works the lead before it is accepted.
    const refusals = [
      await dana.call('PATCH', `/leads/${posted.id}`, { stage: 'pursuing' }),
      await dana.call('POST', `/leads/${posted.id}/activities`, { kind: 'call', outcome: 'spoke' }),
      await ctx.app.inject({
        url: `/api/portal/agents/send-email/options?lead_id=${posted.id}`,
        headers: bearer(dana.accessToken),
      }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toMatch(/^Accept the lead first/);
    }

    const accepted = await dana.call('POST', `/leads/${posted.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      first_name: 'Jane',
      last_name: 'Seller',
      email: 'jane.seller@example.com',
      street: '12 Palm Ave',
      offer: null,
    });
    expect(accepted.json().accepted_at).not.toBeNull();
    expect(accepted.json().events.map((e: { kind: string }) => e.kind)).toContain('offer_accepted');
    expect((await offersOf(posted.id)).map((o) => [o.agentId, o.outcome])).toEqual([
      [dana.agent.id, 'accepted'],
    ]);
    expect((await dana.call('GET', '/leads?q=jane')).json().items).toHaveLength(1);
    // Accepting again answers the lead as it is.
    expect((await dana.call('POST', `/leads/${posted.id}/accept`)).statusCode).toBe(200);
    expect((await dana.call('PATCH', `/leads/${posted.id}`, { stage: 'pursuing' })).statusCode).toBe(200);
  });

  it('can be accepted by a recipient', async () => {
    const dana = await activeAgent('Dana Reyes');
    const [rita] = await db()
      .insert(recipients)
      .values({ agentId: dana.agent.id, firstName: 'Rita', email: 'rita@example.com', sendEmail: true })
      .returning();
    const posted = await (await poster())();
    const session = { 'x-recipient-session': await startRecipientSession(db(), { recipientId: rita!.id }) };
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/portal/me/leads/${posted.id}/accept`,
      headers: session,
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ first_name: 'Jane', offer: null, sale_price: null });
    const [offer] = await offersOf(posted.id);
    expect(offer).toMatchObject({ outcome: 'accepted', decidedByType: 'recipient', decidedById: rita!.id });
    expect((await dana.call('GET', `/leads/${posted.id}`)).json().first_name).toBe('Jane');
  });
});

/** Two agents for the ZIP; the lead's holder first. */
async function twoAgents() {
  const dana = await activeAgent('Dana Reyes');
  const eli = await activeAgent('Eli Stone');
  const posted = await (await poster())();
  const [first, second] = posted.agent_id === dana.agent.id ? [dana, eli] : [eli, dana];
  return { posted, first, second };
}

describe('passing, lapsing and releasing', () => {
  it('passes an offer to the next agent with the reason; the first agent no longer sees it', async () => {
    const { posted, first, second } = await twoAgents();
    const passed = await first.call('POST', `/leads/${posted.id}/pass`, { reason: 'Too far from my area' });
    expect(passed.statusCode).toBe(200);
    expect(passed.json().detail).toBe('Passed: the lead goes to another agent.');
    expect((await first.call('GET', `/leads/${posted.id}`)).statusCode).toBe(404);
    expect((await first.call('POST', `/leads/${posted.id}/accept`)).statusCode).toBe(404);
    expect((await first.call('GET', '/leads')).json().items).toHaveLength(0);

    const detail = (await second.call('GET', `/leads/${posted.id}`)).json();
    expect(detail).toMatchObject({ agent_id: second.agent.id, ...HIDDEN });
    expect(detail.offer).not.toBeNull();
    const kinds = detail.events.map((e: { kind: string }) => e.kind);
    expect(kinds.slice(kinds.indexOf('offer_passed'))).toEqual(
      expect.arrayContaining(['offer_passed', 'routed']),
    );
    // Another agent's pass is on the timeline without its reason.
    expect(JSON.stringify(detail)).not.toContain('Too far');

    expect((await offersOf(posted.id)).map((o) => [o.agentId, o.outcome, o.reason])).toEqual([
      [first.agent.id, 'passed', 'Too far from my area'],
      [second.agent.id, null, ''],
    ]);
    // The second agent was sent the offer.
    const [delivered] = await db()
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.leadId, posted.id),
          sql`${outboxMessages.meta}->>'agentId' = ${second.agent.id}`,
        ),
      );
    expect(delivered?.template).toMatch(/^lead_offer_/);

    // The second passes too: nobody is left, and the console has it among the unassigned leads.
    const last = await second.call('POST', `/leads/${posted.id}/pass`, { reason: 'On holiday' });
    expect(last.json().detail).toMatch(/no other agent can take the lead/);
    expect(await leadRow(posted.id)).toMatchObject({ agentId: null, offerExpiresAt: null });
    const token = await superuserToken();
    const unassigned = (
      await ctx.app.inject({ url: '/api/admin/leads?unassigned=true', headers: bearer(token) })
    ).json();
    expect(unassigned.items.map((l: { id: string }) => l.id)).toEqual([posted.id]);
    const [event] = await db()
      .execute(
        sql`select kind from lead_events where lead_id = ${posted.id} order by created_at desc limit 1`,
      )
      .then((r) => (r as unknown as { rows: { kind: string }[] }).rows);
    expect(event?.kind).toBe('unassigned');
  });

  it('lapses an offer not accepted in time and routes the lead on; a late accept is 409', async () => {
    const { posted, first, second } = await twoAgents();
    await db()
      .update(leads)
      .set({ offerExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(leads.id, posted.id));
    expect(await sweepOffers(ctx.deps)).toBe(1);

    const late = await first.call('POST', `/leads/${posted.id}/accept`);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toMatch(/^This offer lapsed at .+; the lead goes to another agent\.$/);
    expect((await first.call('GET', `/leads/${posted.id}`)).statusCode).toBe(404);
    const detail = (await second.call('GET', `/leads/${posted.id}`)).json();
    expect(detail.offer).not.toBeNull();
    expect(detail.events.map((e: { kind: string }) => e.kind)).toContain('offer_lapsed');
    expect((await offersOf(posted.id)).map((o) => [o.agentId, o.outcome])).toEqual([
      [first.agent.id, 'lapsed'],
      [second.agent.id, null],
    ]);
    // Nothing else is due.
    expect(await sweepOffers(ctx.deps)).toBe(0);
    expect((await second.call('POST', `/leads/${posted.id}/accept`)).json().first_name).toBe('Jane');
  });

  it('lapses the offers of every ZIP in one round, a batch at a time in each lane', async () => {
    const zips = ['85004', '85006', '85008', '85020', '85022', '85003'];
    await activeAgent('Dana Reyes', { zipcodes: zips });
    const post = await poster();
    for (const zip of zips) await post({ zip, external_id: `lane-${zip}` });
    // The ZIPs fall in both lanes of the sweep (by their hash), so both lanes have work.
    const lanes = (await db().execute(
      sql`select distinct mod(abs(hashtext(z)), 2) as lane from unnest(${`{${zips.join(',')}}`}::text[]) z`,
    )) as unknown as { rows: { lane: number }[] };
    expect(lanes.rows).toHaveLength(2);
    await db().update(leads).set({ offerExpiresAt: sql`now() - interval '1 second'` });
    // Batches of two: each lane takes several rounds.
    expect(await sweepOffers(ctx.deps, 2)).toBe(zips.length);
    const left = await db().select({ agentId: leads.agentId, offer: leads.offerExpiresAt }).from(leads);
    // Nobody else serves these ZIPs: every lead waits in the console's unassigned leads.
    expect(left).toEqual(zips.map(() => ({ agentId: null, offer: null })));
  });

  it('lapses an offer at its deadline, not a whole interval after it', async () => {
    const { posted, second } = await twoAgents();
    await db()
      .update(leads)
      .set({ offerExpiresAt: sql`now() + interval '1 second'` })
      .where(eq(leads.id, posted.id));
    // An interval far longer than the wait below: only waking at the deadline meets it.
    const sweeper = startOfferSweeper(ctx.deps, 120_000);
    try {
      await expect
        .poll(async () => (await second.call('GET', `/leads/${posted.id}`)).statusCode, { timeout: 15_000 })
        .toBe(200);
    } finally {
      await sweeper.stop();
    }
  });

  it('releases an accepted lead to the next agent, which gets it afresh', async () => {
    const { posted, first, second } = await twoAgents();
    // Only an accepted lead is released, and only an offer is passed.
    expect((await first.call('POST', `/leads/${posted.id}/release`, { reason: 'x' })).statusCode).toBe(409);
    await first.call('POST', `/leads/${posted.id}/accept`);
    const pass = await first.call('POST', `/leads/${posted.id}/pass`, { reason: 'x' });
    expect(pass.statusCode).toBe(409);
    expect(pass.json().detail).toMatch(/already accepted/);
    await first.call('POST', `/leads/${posted.id}/activities`, { kind: 'note', body: 'Met the seller' });
    await first.call('PATCH', `/leads/${posted.id}`, {
      stage: 'scheduled',
      next_action: 'Listing appointment',
      next_action_at: new Date(Date.now() + 86_400_000).toISOString(),
    });

    const released = await first.call('POST', `/leads/${posted.id}/release`, { reason: 'Moving away' });
    expect(released.statusCode).toBe(200);
    expect(released.json().detail).toBe('Released: the lead goes to another agent.');
    expect((await first.call('GET', `/leads/${posted.id}`)).statusCode).toBe(404);
    await second.call('POST', `/leads/${posted.id}/accept`);
    const detail = (await second.call('GET', `/leads/${posted.id}`)).json();
    expect(detail).toMatchObject({ stage: 'new', next_action: '', next_action_at: null, first_name: 'Jane' });
    // The earlier holder's work stays on the timeline once accepted.
    expect(JSON.stringify(detail.events)).toContain('Met the seller');
    expect((await offersOf(posted.id)).map((o) => o.outcome)).toEqual(['released', 'accepted']);
  });

  it('does not release a closed lead, nor for a recipient', async () => {
    const dana = await activeAgent('Dana Reyes');
    const [rita] = await db()
      .insert(recipients)
      .values({ agentId: dana.agent.id, firstName: 'Rita', email: 'rita@example.com', sendEmail: true })
      .returning();
    const posted = await (await poster())();
    await dana.call('POST', `/leads/${posted.id}/accept`);
    const session = { 'x-recipient-session': await startRecipientSession(db(), { recipientId: rita!.id }) };
    const byRecipient = await ctx.app.inject({
      method: 'POST',
      url: `/api/portal/me/leads/${posted.id}/release`,
      headers: session,
      payload: { reason: 'x' },
    });
    expect(byRecipient.statusCode).toBe(403);
    await dana.call('PATCH', `/leads/${posted.id}`, {
      status: 'closed',
      closing_date: '2026-01-15',
      sale_price: 400000,
      gross_commission: 12000,
    });
    const closed = await dana.call('POST', `/leads/${posted.id}/release`, { reason: 'x' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().detail).toMatch(/closed lead/);
    expect((await dana.call('POST', `/leads/${posted.id}/pass`, {})).statusCode).toBe(400);
  });
});

describe('without offers', () => {
  it('gives a routed lead to its agent at once, with the usual messages', async () => {
    await offers(0);
    const dana = await activeAgent('Dana Reyes');
    const posted = await (await poster())();
    const read = (await dana.call('GET', `/leads/${posted.id}`)).json();
    expect(read).toMatchObject({ first_name: 'Jane', offer: null });
    expect(read.accepted_at).not.toBeNull();
    const [offer] = await offersOf(posted.id);
    expect(offer).toMatchObject({ agentId: dana.agent.id, outcome: 'accepted', expiresAt: null });
    const templates = (
      await db().select().from(outboxMessages).where(eq(outboxMessages.leadId, posted.id))
    ).map((m) => m.template);
    expect(templates).toContain('lead_email');
    expect(templates.some((t) => t?.startsWith('lead_offer'))).toBe(false);
  });

  it('gives a lead assigned by hand in the console at once, offers on or not', async () => {
    const posted = await (await poster())();
    expect(posted.agent_id).toBeNull();
    const dana = await activeAgent('Dana Reyes');
    const token = await superuserToken();
    const assigned = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/leads/${posted.id}/assign`,
      headers: bearer(token),
      payload: { agent_id: dana.agent.id },
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({ agent_id: dana.agent.id, offer: null });
    expect((await dana.call('GET', `/leads/${posted.id}`)).json()).toMatchObject({
      first_name: 'Jane',
      offer: null,
    });
  });
});
