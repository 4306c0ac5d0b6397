import {
  type LeadStage,
  NO_FLOORS,
  type Scorecard,
  type ScorecardFloors,
  statusOfStage,
} from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  agentScorecards,
  agents,
  invoices,
  leadActivities,
  leadEvents,
  leadOffers,
  leads,
  ratings,
  recipients,
} from '../src/db/schema';
import { startRecipientSession } from '../src/modules/recipients/sessions';
import { computeScorecards, refreshScorecards } from '../src/modules/scorecards/compute';
import { agentSession } from './helpers/agent-session';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { addMember, seedAgent, seedCorporate, seedLead, seedUser } from './helpers/factories';

/**
 * The scorecard (DESIGN.md section 11, ADR 62): each figure over a crafted set of leads,
 * activities, offers and ratings, with the 90 days before; floors and the floors missed; the
 * `scorecards` job's rows; how far a lead has gone kept as its stage moves; who reads which cards.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.deps.database.db;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let now = new Date();
const ago = (days: number) => new Date(now.getTime() - days * DAY);
const plus = (from: Date, minutes: number) => new Date(from.getTime() + minutes * MINUTE);

/** A lead that reached `agentId` `days` ago, first contacted `contactAfter` minutes later. */
function held(
  agentId: string,
  days: number,
  options: {
    stage?: LeadStage;
    contactAfter?: number;
    scheduled?: boolean;
    listed?: boolean;
    lastActivityAt?: Date;
    firstContactAt?: Date;
  } = {},
) {
  const assignedAt = ago(days);
  const stage = options.stage ?? 'new';
  return seedLead(db(), agentId, {
    createdAt: assignedAt,
    assignedAt,
    acceptedAt: assignedAt,
    stage,
    status: statusOfStage(stage),
    firstContactAt:
      options.firstContactAt ??
      (options.contactAfter === undefined ? null : plus(assignedAt, options.contactAfter)),
    lastActivityAt: options.lastActivityAt ?? null,
    reachedScheduledAt: options.scheduled ? plus(assignedAt, 600) : null,
    reachedListedAt: options.listed ? plus(assignedAt, 1200) : null,
    ...(stage === 'lost' ? { lostReason: 'not_selling' as const } : {}),
    ...(stage === 'closed' ? { closingDate: '2026-01-15', salePrice: 400000, grossCommission: 12000 } : {}),
  });
}

const activeAgent = (first: string, extra: Partial<typeof agents.$inferInsert> = {}) =>
  seedAgent(db(), {
    user: { name: `${first} Agent` },
    agent: {
      agent: `${first} Agent`,
      agentUri: `${first.toLowerCase()}-agent`,
      signupStatus: 'complete',
      agentStatus: 'active',
      ...extra,
    },
  });

/**
 * Alice's last 90 days: six leads (one back from another agent, contacted by that agent before
 * her), with appointments, a listing, a closing and a loss; five active leads, three of them
 * worked or received this week; four answered offers; three ratings. The 90 days before: two
 * leads and three offers. Older leads and offers, and Bob's lead, count for nothing of hers.
 */
async function alicesWork(aliceId: string, bobId: string) {
  await held(aliceId, 10, { stage: 'scheduled', contactAfter: 30, scheduled: true, lastActivityAt: ago(2) });
  const l2 = await held(aliceId, 20, {
    stage: 'listed',
    contactAfter: 90,
    scheduled: true,
    listed: true,
    lastActivityAt: ago(10),
  });
  const l3 = await held(aliceId, 30, { stage: 'closed', contactAfter: 10, scheduled: true, listed: true });
  const l4 = await held(aliceId, 40, { stage: 'new', lastActivityAt: ago(8) });
  await held(aliceId, 50, { stage: 'lost', contactAfter: 20, scheduled: true });
  // Back from another agent who called the seller six days ago: her own call, 45 minutes after
  // it reached her, is her first contact (the note before it is no contact).
  const l6 = await held(aliceId, 5, {
    stage: 'pursuing',
    firstContactAt: ago(6),
    lastActivityAt: plus(ago(5), 45),
  });
  await db()
    .insert(leadActivities)
    .values([
      { leadId: l6.id, kind: 'call', actorType: 'user', actorName: 'Other Agent', createdAt: ago(6) },
      { leadId: l6.id, kind: 'note', actorType: 'user', actorName: 'Alice', createdAt: plus(ago(5), 5) },
      { leadId: l6.id, kind: 'call', actorType: 'user', actorName: 'Alice', createdAt: plus(ago(5), 45) },
    ]);
  await db()
    .insert(leadEvents)
    .values([
      {
        leadId: l2.id,
        kind: 'stage_change',
        details: { from: 'valuation', to: 'listed' },
        createdAt: ago(3),
      },
      { leadId: l4.id, kind: 'stage_change', details: { from: 'pursuing', to: 'new' }, createdAt: ago(8) },
      { leadId: l4.id, kind: 'next_action', details: {}, createdAt: ago(1) },
    ]);
  // The 90 days before.
  await held(aliceId, 100, { stage: 'scheduled', contactAfter: 120, scheduled: true });
  await held(aliceId, 120, { stage: 'lost' });
  // Older than both periods, and another agent's.
  await held(aliceId, 200, { stage: 'closed', contactAfter: 1, scheduled: true, listed: true });
  await held(bobId, 10, { stage: 'pursuing', contactAfter: 1, lastActivityAt: ago(1) });

  const offer = (
    days: number,
    outcome: 'accepted' | 'released' | 'passed' | 'lapsed' | null,
    offers = true,
  ) => ({
    leadId: l3.id,
    agentId: aliceId,
    offeredAt: ago(days),
    expiresAt: offers ? plus(ago(days), 15) : null,
    outcome,
  });
  await db()
    .insert(leadOffers)
    .values([
      offer(10, 'accepted'),
      offer(20, 'released'),
      offer(30, 'passed'),
      offer(40, 'lapsed'),
      // Still open, and one made while offers were off: neither counts.
      { ...offer(0, null), offeredAt: plus(now, -5), expiresAt: plus(now, 10) },
      offer(2, 'accepted', false),
      offer(100, 'accepted'),
      offer(110, 'accepted'),
      offer(120, 'lapsed'),
      offer(200, 'passed'),
    ]);

  await db()
    .insert(ratings)
    .values([
      { agentId: aliceId, score: 2, createdAt: ago(150) },
      { agentId: aliceId, score: 3, createdAt: ago(100) },
      { agentId: aliceId, score: 4, createdAt: ago(10) },
    ]);
  await db().update(agents).set({ latestRating: 4, ratingCount: 3 }).where(eq(agents.id, aliceId));

  // Her invoices (ADR 66), by the day each fell due: in the last 90 days one paid on time, one
  // paid late and one still unpaid after it; before them one paid on time. One not yet due and
  // a void one count for nothing.
  const day = (date: Date) => date.toISOString().slice(0, 10);
  // Each on a closing of its own, outside the periods the lead figures read (no assigned_at).
  const closings: { id: string }[] = [];
  for (let n = 0; n < 6; n++) {
    closings.push(
      await seedLead(db(), aliceId, { stage: 'closed', status: 'closed', closingDate: '2026-01-15' }),
    );
  }
  const invoice = (
    sequence: number,
    due: number,
    paid: number | null,
    status = paid === null ? 'open' : 'paid',
  ) => ({
    number: `INV-2026-${String(sequence).padStart(6, '0')}`,
    year: 2026,
    sequence,
    agentId: aliceId,
    leadId: closings[sequence - 1]!.id,
    closingDate: '2026-01-15',
    salePriceCents: 40_000_000,
    commissionCents: 1_200_000,
    ratePercent: 25,
    amountCents: 300_000,
    paidCents: paid === null ? 0 : 300_000,
    status: status as 'open' | 'paid' | 'void',
    dueOn: day(ago(due)),
    paidAt: paid === null ? null : day(ago(paid)),
    parties: {
      bill_to: { name: 'Alice Agent', email: 'a@x.test', brokerage: '' },
      agent: { name: 'Alice Agent', email: 'a@x.test', phone: '', brokerage: '' },
      lead: { name: 'Sam Seller', property: '' },
      agreement: { title: 'Master Referral Agreement', signed_on: null, rate_percent: 25 },
    },
  });
  await db()
    .insert(invoices)
    .values([
      invoice(1, 10, 12),
      invoice(2, 20, 15),
      invoice(3, 5, null),
      invoice(4, 100, 101),
      invoice(5, -10, null),
      { ...invoice(6, 30, null, 'void'), voidReason: 'Entered twice' },
    ]);
}

/** Each figure as [value, previous, sample]. */
const figures = (card: Scorecard) =>
  Object.fromEntries(
    card.figures.map((figure) => [figure.key, [figure.value, figure.previous, figure.sample]]),
  );
const verdicts = (card: Scorecard) =>
  Object.fromEntries(card.figures.map((figure) => [figure.key, [figure.floor, figure.meets_floor]]));

const ALICE_FIGURES = {
  speed_to_contact_minutes: [30, 120, 5],
  contacted_within_hour: [66.7, 0, 6],
  acceptance: [50, 66.7, 4],
  updated_within_7_days: [60, null, 5],
  appointment_rate: [66.7, 50, 6],
  listing_rate: [33.3, 0, 6],
  closing_rate: [16.7, 0, 6],
  lead_quality_rating: [4, 3, 1],
  paid_on_time: [33.3, 100, 3],
};

const FLOORS: ScorecardFloors = {
  ...NO_FLOORS,
  speed_to_contact_minutes: 20,
  contacted_within_hour: 60,
  closing_rate: 20,
  lead_quality_rating: 4,
};

describe('computing the scorecard', () => {
  beforeEach(() => {
    now = new Date();
  });

  it('computes each figure over the last 90 days and the 90 before, from crafted leads, offers and ratings', async () => {
    const alice = await activeAgent('Alice');
    const bob = await activeAgent('Bob');
    await alicesWork(alice.agent.id, bob.agent.id);

    const [card] = await computeScorecards(db(), [alice.agent.id], NO_FLOORS, now);
    expect(card!.agent_id).toBe(alice.agent.id);
    expect(card!.agent_name).toBe('Alice Agent');
    expect(card!.to).toBe(now.toISOString());
    expect(card!.from).toBe(ago(90).toISOString());
    expect(figures(card!)).toEqual(ALICE_FIGURES);
    // Each figure says what it is and how it is computed, from the shared rules.
    const speed = card!.figures[0]!;
    expect(speed).toMatchObject({
      key: 'speed_to_contact_minutes',
      label: 'Speed to first contact',
      unit: 'minutes',
    });
    expect(speed.computed).toMatch(/median time/);
    expect(speed.routing).toMatch(/floor/);
    expect(card!.below_floors).toEqual([]);

    // Bob's one lead: contacted within a minute, worked yesterday; no offers, no rating.
    const [bobs] = await computeScorecards(db(), [bob.agent.id], NO_FLOORS, now);
    expect(figures(bobs!)).toEqual({
      speed_to_contact_minutes: [1, null, 1],
      contacted_within_hour: [100, null, 1],
      acceptance: [null, null, 0],
      updated_within_7_days: [100, null, 1],
      appointment_rate: [0, null, 1],
      listing_rate: [0, null, 1],
      closing_rate: [0, null, 1],
      lead_quality_rating: [null, null, 0],
      paid_on_time: [null, null, 0],
    });
  });

  it('computes many agents in one call, and nothing to measure is null rather than 0', async () => {
    const alice = await activeAgent('Alice');
    const bob = await activeAgent('Bob');
    const carol = await activeAgent('Carol');
    await alicesWork(alice.agent.id, bob.agent.id);
    const cards = await computeScorecards(db(), [carol.agent.id, alice.agent.id, bob.agent.id], FLOORS, now);
    const byName = Object.fromEntries(cards.map((card) => [card.agent_name, card]));
    expect(Object.keys(byName).sort()).toEqual(['Alice Agent', 'Bob Agent', 'Carol Agent']);
    expect(figures(byName['Alice Agent']!)).toEqual(ALICE_FIGURES);
    const carols = byName['Carol Agent']!;
    expect(carols.figures.every((figure) => figure.value === null && figure.sample === 0)).toBe(true);
    // No figure, no verdict: an agent without leads is not held below a floor.
    expect(carols.figures.every((figure) => figure.meets_floor === null)).toBe(true);
    expect(carols.below_floors).toEqual([]);
  });

  it('holds each figure to its floor: a ceiling for speed, lower bounds for the rest', async () => {
    const alice = await activeAgent('Alice');
    const bob = await activeAgent('Bob');
    await alicesWork(alice.agent.id, bob.agent.id);
    const [card] = await computeScorecards(db(), [alice.agent.id], FLOORS, now);
    expect(verdicts(card!)).toEqual({
      speed_to_contact_minutes: [20, false],
      contacted_within_hour: [60, true],
      acceptance: [null, null],
      updated_within_7_days: [null, null],
      appointment_rate: [null, null],
      listing_rate: [null, null],
      closing_rate: [20, false],
      lead_quality_rating: [4, true],
      paid_on_time: [null, null],
    });
    expect(card!.below_floors).toEqual(['speed_to_contact_minutes', 'closing_rate']);
  });
});

describe('how far a lead has gone', () => {
  it('keeps the first time a lead reached an appointment and a listing as its stage moves', async () => {
    const dana = await agentSession(ctx, { agent: { signupStatus: 'complete', agentStatus: 'active' } });
    const lead = await seedLead(db(), dana.agent.id);
    const patch = (payload: object) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/portal/me/leads/${lead.id}`,
        headers: dana.headers,
        payload,
      });
    const reached = async () => {
      const [row] = await db().select().from(leads).where(eq(leads.id, lead.id));
      return { scheduled: row!.reachedScheduledAt, listed: row!.reachedListedAt };
    };

    expect((await patch({ stage: 'pursuing' })).statusCode).toBe(200);
    expect(await reached()).toEqual({ scheduled: null, listed: null });
    expect((await patch({ stage: 'scheduled' })).statusCode).toBe(200);
    const first = await reached();
    expect(first.scheduled).toBeInstanceOf(Date);
    expect(first.listed).toBeNull();
    expect((await patch({ stage: 'listed' })).statusCode).toBe(200);
    const second = await reached();
    expect(second.scheduled).toEqual(first.scheduled);
    expect(second.listed).toBeInstanceOf(Date);
    // Back to an earlier stage and on again: the first times stay.
    expect((await patch({ stage: 'pursuing' })).statusCode).toBe(200);
    expect((await patch({ stage: 'contract' })).statusCode).toBe(200);
    expect(await reached()).toEqual(second);

    // A lead closed straight from `new` went past both.
    const other = await seedLead(db(), dana.agent.id);
    const closed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/portal/me/leads/${other.id}`,
      headers: dana.headers,
      payload: { status: 'closed', closing_date: '2026-01-15', sale_price: 400000, gross_commission: 12000 },
    });
    expect(closed.statusCode).toBe(200);
    const [row] = await db().select().from(leads).where(eq(leads.id, other.id));
    expect(row!.reachedScheduledAt).toBeInstanceOf(Date);
    expect(row!.reachedListedAt).toBeInstanceOf(Date);
  });
});

async function superuser() {
  const admin = await seedUser(db(), {
    userRole: 'superuser',
    isSuperuser: true,
    email: 'olivia@office.test',
  });
  return bearer((await login(ctx.app, admin.user.email, admin.password, '10.9.0.1')).accessToken);
}

const signIn = async (who: { user: { email: string }; password: string }) =>
  bearer((await login(ctx.app, who.user.email, who.password)).accessToken);
const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });
const names = (body: { items: Scorecard[] }) => body.items.map((card) => card.agent_name);

describe('the scorecards job', () => {
  it("writes every active agent's card with the floors it misses, and a floor's change reaches them at once", async () => {
    now = new Date();
    const alice = await activeAgent('Alice');
    const bob = await activeAgent('Bob');
    const dan = await seedAgent(db(), { agent: { agent: 'Dan Agent', agentStatus: 'onboarding' } });
    await alicesWork(alice.agent.id, bob.agent.id);
    const admin = await superuser();
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: admin,
      payload: { routing: { floors: { speed_to_contact_minutes: 20, closing_rate: 20 } } },
    });
    expect(saved.statusCode).toBe(200);

    await refreshScorecards(db(), undefined, now);
    const rows = await db().select().from(agentScorecards);
    const byAgent = new Map(rows.map((row) => [row.agentId, row]));
    expect([...byAgent.keys()].sort()).toEqual([alice.agent.id, bob.agent.id].sort());
    expect(byAgent.has(dan.agent.id)).toBe(false);
    expect(byAgent.get(alice.agent.id)!.belowFloors).toEqual(['speed_to_contact_minutes', 'closing_rate']);
    expect(byAgent.get(bob.agent.id)!.belowFloors).toEqual(['closing_rate']);
    expect(figures(byAgent.get(alice.agent.id)!.card as unknown as Scorecard)).toEqual(ALICE_FIGURES);

    // The console lifts the closing floor: the stored cards follow without waiting for the job.
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: admin,
      payload: { routing: { floors: { closing_rate: null } } },
    });
    const after = new Map((await db().select().from(agentScorecards)).map((row) => [row.agentId, row]));
    expect(after.get(alice.agent.id)!.belowFloors).toEqual(['speed_to_contact_minutes']);
    expect(after.get(bob.agent.id)!.belowFloors).toEqual([]);
    const card = after.get(alice.agent.id)!.card as unknown as Scorecard;
    expect(verdicts(card).closing_rate).toEqual([null, null]);
    expect(verdicts(card).speed_to_contact_minutes).toEqual([20, false]);

    // An agent no longer active loses the card at the next run.
    await db().update(agents).set({ agentStatus: 'inactive' }).where(eq(agents.id, bob.agent.id));
    await refreshScorecards(db(), undefined, now);
    expect((await db().select().from(agentScorecards)).map((row) => row.agentId)).toEqual([alice.agent.id]);
  });
});

describe('who reads which cards', () => {
  beforeEach(() => {
    now = new Date();
  });

  it('gives the agent their own card, live; a recipient and a user without an agent record get 403', async () => {
    const alice = await agentSession(ctx, {
      user: { name: 'Alice Agent' },
      agent: { agent: 'Alice Agent', signupStatus: 'complete', agentStatus: 'active' },
    });
    const bob = await activeAgent('Bob');
    await alicesWork(alice.agent.id, bob.agent.id);

    const own = await get('/api/portal/me/scorecard', alice.headers);
    expect(own.statusCode).toBe(200);
    expect(own.json().agent_id).toBe(alice.agent.id);
    expect(figures(own.json())).toEqual(ALICE_FIGURES);

    const [rita] = await db()
      .insert(recipients)
      .values({ agentId: alice.agent.id, firstName: 'Rita', email: 'rita@example.com', sendEmail: true })
      .returning();
    const recipient = { 'x-recipient-session': await startRecipientSession(db(), { recipientId: rita!.id }) };
    const refused = await get('/api/portal/me/scorecard', recipient);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/agent/);

    const office = await seedCorporate(db());
    expect((await get('/api/portal/me/scorecard', await signIn(office))).statusCode).toBe(403);
    expect((await get('/api/portal/me/scorecard', {})).statusCode).toBe(401);
  });

  /**
   * Office 1 owns West (Alice, Mona its manager, and Carol of office 2) and East (Bob); Dan,
   * office 1's too, is still onboarding.
   */
  async function offices() {
    const office = await seedCorporate(db(), ['West', 'East']);
    const other = await seedCorporate(db(), ['North']);
    const [west, east] = office.groups;
    const alice = await activeAgent('Alice', { corporateUserId: office.user.id });
    const bob = await activeAgent('Bob', { corporateUserId: office.user.id });
    const mona = await activeAgent('Mona', { corporateUserId: office.user.id });
    const carol = await activeAgent('Carol', { corporateUserId: other.user.id });
    await seedAgent(db(), {
      agent: { agent: 'Dan Agent', agentStatus: 'onboarding', corporateUserId: office.user.id },
    });
    await addMember(db(), west!.id, alice.agent.id);
    await addMember(db(), west!.id, mona.agent.id, true);
    await addMember(db(), west!.id, carol.agent.id);
    await addMember(db(), east!.id, bob.agent.id);
    await alicesWork(alice.agent.id, bob.agent.id);
    return { office, other, west: west!, east: east!, alice, bob, mona, carol };
  }

  it("shows an office its active agents' cards side by side, computing those the job has not written", async () => {
    const w = await offices();
    const headers = await signIn(w.office);
    const all = await get('/api/portal/corporate-scorecards', headers);
    expect(all.statusCode).toBe(200);
    expect(names(all.json())).toEqual(['Alice Agent', 'Bob Agent', 'Mona Agent']);
    expect(all.json().total).toBe(3);
    expect(all.json().floors).toEqual(NO_FLOORS);
    expect(figures(all.json().items[0])).toEqual(ALICE_FIGURES);
    // Computed on the way and kept for the next reader.
    expect((await db().select().from(agentScorecards)).length).toBe(3);

    // Each card carries what the office's cap and a manager's pause change.
    await db()
      .update(agents)
      .set({ monthlyLeadCap: 20, ownMonthlyLeadCap: 12, pausedUntil: '2099-01-31' })
      .where(eq(agents.id, w.mona.agent.id));
    await seedLead(db(), w.mona.agent.id, { assignedAt: new Date() });
    await seedLead(db(), w.mona.agent.id, { assignedAt: new Date() });
    // Reached Mona last year: not this month's.
    await seedLead(db(), w.mona.agent.id, { assignedAt: new Date(Date.now() - 400 * 86_400_000) });
    const capped = (await get('/api/portal/corporate-scorecards', headers)).json();
    expect(capped.items[2].capacity).toEqual({
      paused_until: '2099-01-31',
      monthly_lead_cap: 20,
      own_monthly_lead_cap: 12,
      leads_this_month: 2,
    });
    expect(capped.items[0].capacity).toMatchObject({ paused_until: null, monthly_lead_cap: null });

    const west = await get(`/api/portal/corporate-scorecards?group_id=${w.west.id}`, headers);
    expect(names(west.json())).toEqual(['Alice Agent', 'Mona Agent']);
    const foreign = await get(`/api/portal/corporate-scorecards?group_id=${w.other.groups[0]!.id}`, headers);
    expect(foreign.statusCode).toBe(404);
    expect((await get('/api/portal/corporate-scorecards', await signIn(w.alice))).statusCode).toBe(403);
  });

  it("shows a group's manager its members' cards, and no one else", async () => {
    const w = await offices();
    const mona = await signIn(w.mona);
    const members = await get(`/api/portal/managed-groups/${w.west.id}/scorecards`, mona);
    expect(members.statusCode).toBe(200);
    expect(names(members.json())).toEqual(['Alice Agent', 'Carol Agent', 'Mona Agent']);
    expect((await get(`/api/portal/managed-groups/${w.east.id}/scorecards`, mona)).statusCode).toBe(403);
    const alice = await signIn(w.alice);
    expect((await get(`/api/portal/managed-groups/${w.west.id}/scorecards`, alice)).statusCode).toBe(403);
    expect(
      (await get(`/api/portal/managed-groups/${w.west.id}/scorecards`, await signIn(w.office))).statusCode,
    ).toBe(403);
  });

  it('lists every active agent for the console: sorted by a figure, below a floor, searched, paged', async () => {
    const w = await offices();
    const admin = await superuser();
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: admin,
      payload: { routing: { floors: { speed_to_contact_minutes: 20 } } },
    });
    const list = async (query: string) => {
      const response = await get(`/api/admin/scorecards?${query}`, admin);
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const byName = await list('');
    expect(names(byName)).toEqual(['Alice Agent', 'Bob Agent', 'Carol Agent', 'Mona Agent']);
    expect(byName.total).toBe(4);
    expect(byName.floors.speed_to_contact_minutes).toBe(20);
    // Agents without the figure come last in either order.
    expect(names(await list('sort=speed_to_contact_minutes&order=asc'))).toEqual([
      'Bob Agent',
      'Alice Agent',
      'Carol Agent',
      'Mona Agent',
    ]);
    expect(names(await list('sort=speed_to_contact_minutes&order=desc'))).toEqual([
      'Alice Agent',
      'Bob Agent',
      'Carol Agent',
      'Mona Agent',
    ]);
    expect(names(await list('sort=name&order=desc'))).toEqual([
      'Mona Agent',
      'Carol Agent',
      'Bob Agent',
      'Alice Agent',
    ]);
    const below = await list('below_floor=true');
    expect(names(below)).toEqual(['Alice Agent']);
    expect(below.items[0].below_floors).toEqual(['speed_to_contact_minutes']);
    expect(below.total).toBe(1);
    expect(names(await list('q=bob'))).toEqual(['Bob Agent']);
    const page = await list('page=2&page_size=3');
    expect(names(page)).toEqual(['Mona Agent']);
    expect(page.total).toBe(4);

    const wrong = await get('/api/admin/scorecards?sort=fastest', admin);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toMatch(/sort/);
    expect((await get('/api/admin/scorecards', await signIn(w.alice))).statusCode).toBe(403);
  });
});
