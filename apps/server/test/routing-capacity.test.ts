import { NO_FLOORS } from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentScorecards, agents, auditLog } from '../src/db/schema';
import { forgetSettings, writeSettings } from '../src/lib/settings';
import { agentToday, monthStartIn } from '../src/modules/leads/capacity';
import { decideRouting, decideRoutingMany } from '../src/modules/leads/routing';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { addMember, seedAgent, seedCorporate, seedLead, seedUser } from './helpers/factories';
import { intakeClient, sellerLead } from './helpers/intake';

/**
 * Pause, monthly caps and the scorecard's floors in routing (DESIGN.md section 11, ADR 62): who
 * may set them, what they refuse, and the decisions that skip an agent and say why.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.deps.database.db;
const ZONE = 'America/Phoenix';
const DAY = 86_400_000;
const dayAfter = (day: string, days = 1) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const today = () => agentToday(ZONE);

async function signedIn(email: string, password: string) {
  const { accessToken } = await login(ctx.app, email, password);
  return (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(accessToken), payload });
}

async function activeAgent(name: string, overrides: Partial<typeof agents.$inferInsert> = {}) {
  const seeded = await seedAgent(db(), {
    user: { name },
    agent: {
      signupStatus: 'complete',
      agentStatus: 'active',
      agent: name,
      zipcodes: ['85004'],
      timezone: ZONE,
      ...overrides,
    },
  });
  return { ...seeded, call: await signedIn(seeded.user.email, seeded.password) };
}

async function superuser() {
  const admin = await seedUser(db(), { userRole: 'superuser', isSuperuser: true, name: 'Dana Reyes' });
  return signedIn(admin.user.email, admin.password);
}

async function postLead() {
  const response = await (await intakeClient(ctx))(sellerLead({ county: 'Maricopa' }));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { agent_id: string | null; routing: { reason: string; decision: string } };
}

/** A lead the agent received this month (in their zone), or before it. */
const leadThisMonth = (agentId: string) => seedLead(db(), agentId, { assignedAt: new Date() });
const leadLastMonth = (agentId: string) =>
  seedLead(db(), agentId, {
    assignedAt: new Date(monthStartIn(ZONE).getTime() - 3_600_000),
    createdAt: new Date(monthStartIn(ZONE).getTime() - 3_600_000),
  });

describe('pause', () => {
  it('an agent pauses until a day and resumes early; routing skips them meanwhile and says so', async () => {
    const away = await activeAgent('Avery Away');
    const other = await activeAgent('Olive Other');
    // Olive has had more leads: without the pause, Avery would get the next one.
    await seedLead(db(), other.agent.id);
    await seedLead(db(), other.agent.id);

    const until = dayAfter(today(), 10);
    const paused = await away.call('PATCH', '/api/portal/me/agent_profile', { paused_until: until });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ paused_until: until });
    const me = await away.call('GET', '/api/portal/me');
    expect(me.json().agent_profile).toMatchObject({ paused_until: until, leads_this_month: 0 });

    const skipped = await postLead();
    expect(skipped.agent_id).toBe(other.agent.id);
    expect(skipped.routing.reason).toBe('The only eligible agent for ZIP 85004; 1 paused left out.');

    // Resumed: the next lead is Avery's again.
    const resumed = await away.call('PATCH', '/api/portal/me/agent_profile', { paused_until: null });
    expect(resumed.json()).toMatchObject({ paused_until: null });
    expect((await postLead()).agent_id).toBe(away.agent.id);
  });

  it('refuses a pause that ends today or earlier, or more than a year ahead', async () => {
    const agent = await activeAgent('Avery Away');
    const now = await agent.call('PATCH', '/api/portal/me/agent_profile', { paused_until: today() });
    expect(now.statusCode).toBe(400);
    expect(now.json().detail).toBe(
      `Pause until a day after today (${today()}): leads start again on that day`,
    );
    const far = await agent.call('PATCH', '/api/portal/me/agent_profile', {
      paused_until: dayAfter(today(), 400),
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().detail).toMatch(/^A pause lasts at most a year: choose a day until \d{4}-\d\d-\d\d$/);
    const bad = await agent.call('PATCH', '/api/portal/me/agent_profile', { paused_until: 'soon' });
    expect(bad.statusCode).toBe(400);
    const [row] = await db().select().from(agents).where(eq(agents.id, agent.agent.id));
    expect(row!.pausedUntil).toBeNull();
  });

  it("a group manager pauses a member; another group's manager may not", async () => {
    const office = await seedCorporate(db(), ['West', 'East']);
    const [west, east] = office.groups;
    const member = await activeAgent('Mia Member');
    const manager = await activeAgent('Max Manager');
    const eastManager = await activeAgent('Eve East');
    await addMember(db(), west!.id, member.agent.id);
    await addMember(db(), west!.id, manager.agent.id, true);
    await addMember(db(), east!.id, eastManager.agent.id, true);

    const until = dayAfter(today(), 3);
    const url = `/api/portal/managed-groups/${west!.id}/members/${member.agent.id}`;
    const done = await manager.call('PATCH', url, { paused_until: until });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      paused_until: until,
      monthly_lead_cap: null,
      own_monthly_lead_cap: null,
      leads_this_month: 0,
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'manager_pause_agent'), eq(auditLog.targetId, member.agent.id)));
    expect(entry?.details).toMatchObject({ paused_until: until, actor_name: 'Max Manager' });
    expect((await member.call('GET', '/api/portal/me')).json().agent_profile.paused_until).toBe(until);

    // Another group's manager, through their own group or the member's: refused.
    const foreign = await eastManager.call('PATCH', url, { paused_until: null });
    expect(foreign.statusCode).toBe(403);
    const outside = await eastManager.call(
      'PATCH',
      `/api/portal/managed-groups/${east!.id}/members/${member.agent.id}`,
      { paused_until: null },
    );
    expect(outside.statusCode).toBe(404);
    // The member is not a manager.
    expect((await member.call('PATCH', url, { paused_until: null })).statusCode).toBe(403);
    // Past days are refused here too; null resumes.
    expect((await manager.call('PATCH', url, { paused_until: today() })).statusCode).toBe(400);
    const resumed = await manager.call('PATCH', url, { paused_until: null });
    expect(resumed.json().paused_until).toBeNull();
    expect((await postLead()).agent_id).not.toBeNull();
  });
});

describe('monthly caps', () => {
  it('a superuser and an office cap an agent; the agent may set a lower cap, never a higher one', async () => {
    const office = await seedCorporate(db(), ['West']);
    const otherOffice = await seedCorporate(db(), ['North']);
    const agent = await activeAgent('Cory Capped', { corporateUserId: office.user.id });
    const admin = await superuser();
    const officeCall = await signedIn(office.user.email, office.password);
    const otherCall = await signedIn(otherOffice.user.email, otherOffice.password);

    const byAdmin = await admin('PATCH', `/api/admin/agents/${agent.agent.id}`, { monthly_lead_cap: 30 });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().agent).toMatchObject({ monthly_lead_cap: 30, leads_this_month: 0 });
    expect(byAdmin.json().audit[0]).toMatchObject({
      action: 'admin_update_agent',
      details: { before: { monthly_lead_cap: null }, after: { monthly_lead_cap: 30 } },
    });

    const byOffice = await officeCall('PATCH', `/api/portal/corporate-agents/${agent.agent.id}`, {
      monthly_lead_cap: 20,
    });
    expect(byOffice.statusCode, byOffice.body).toBe(200);
    expect(byOffice.json()).toMatchObject({ monthly_lead_cap: 20 });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'corporate_set_lead_cap'));
    expect(entry?.details).toMatchObject({ before: 30, after: 20, cap: '20 leads' });
    // Another office's agent is none of this office's business.
    const foreign = await otherCall('PATCH', `/api/portal/corporate-agents/${agent.agent.id}`, {
      monthly_lead_cap: 5,
    });
    expect(foreign.statusCode).toBe(404);
    const negative = await officeCall('PATCH', `/api/portal/corporate-agents/${agent.agent.id}`, {
      monthly_lead_cap: -1,
    });
    expect(negative.statusCode).toBe(400);

    const higher = await agent.call('PATCH', '/api/portal/me/agent_profile', { own_monthly_lead_cap: 25 });
    expect(higher.statusCode).toBe(400);
    expect(higher.json().detail).toBe("Your cap cannot be above the office's cap of 20 leads a month");
    const lower = await agent.call('PATCH', '/api/portal/me/agent_profile', { own_monthly_lead_cap: 8 });
    expect(lower.statusCode, lower.body).toBe(200);
    expect(lower.json()).toMatchObject({ monthly_lead_cap: 20, own_monthly_lead_cap: 8 });
  });

  it('routing skips an agent at their cap this month; leads of last month do not count', async () => {
    const full = await activeAgent('Fay Full', { monthlyLeadCap: 2 });
    const other = await activeAgent('Otto Other');
    for (let i = 0; i < 3; i++) await seedLead(db(), other.agent.id);
    await leadThisMonth(full.agent.id);
    await leadLastMonth(full.agent.id);
    expect((await full.call('GET', '/api/portal/me')).json().agent_profile).toMatchObject({
      monthly_lead_cap: 2,
      leads_this_month: 1,
    });

    // One lead below the cap: Fay has the fewest leads and gets it.
    const first = await postLead();
    expect(first.agent_id).toBe(full.agent.id);
    // At the cap now: the next goes to Otto, and the reason says why Fay was left out.
    const second = await postLead();
    expect(second.agent_id).toBe(other.agent.id);
    expect(second.routing.reason).toBe(
      'The only eligible agent for ZIP 85004; 1 at its monthly cap left out.',
    );

    // The agent's own lower cap counts the same way.
    await db()
      .update(agents)
      .set({ monthlyLeadCap: null, ownMonthlyLeadCap: 2 })
      .where(eq(agents.id, full.agent.id));
    expect((await postLead()).agent_id).toBe(other.agent.id);
    // With nobody left, the lead waits unassigned and the reason names the cap.
    await db()
      .update(agents)
      .set({ pausedUntil: dayAfter(today()) })
      .where(eq(agents.id, other.agent.id));
    const none = await postLead();
    expect(none.agent_id).toBeNull();
    expect(none.routing.reason).toMatch(/^No eligible agent for ZIP 85004: /);
    expect(none.routing.reason).toContain('monthly cap of 2 leads reached');
    expect(none.routing.reason).toContain(`paused until ${dayAfter(today())}`);
  });

  it('a batch counts the leads it gives toward the cap', async () => {
    const capped = await activeAgent('Cass Capped', { monthlyLeadCap: 1 });
    const busy = await activeAgent('Bo Busy');
    for (let i = 0; i < 4; i++) await seedLead(db(), busy.agent.id);
    const lead = { zip: '85004', city: 'Phoenix', lead_type: 'fsbo' as const };
    const decisions = await decideRoutingMany(db(), [lead, lead, lead]);
    expect(decisions.map((d) => d.agentId)).toEqual([capped.agent.id, busy.agent.id, busy.agent.id]);
    expect(decisions[1]!.reason).toContain('1 at its monthly cap left out');
  });
});

describe('floors', () => {
  async function setFloors(floors: object) {
    const admin = await superuser();
    const response = await admin('PATCH', '/api/admin/settings', { routing: { floors } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const belowFloors = (agentId: string, keys: string[]) =>
    db().insert(agentScorecards).values({ agentId, card: {}, belowFloors: keys });

  it('prefers agents who meet every floor; one below gets a lead only when nobody meets them', async () => {
    const slow = await activeAgent('Sid Slow');
    const steady = await activeAgent('Stella Steady');
    for (let i = 0; i < 2; i++) await seedLead(db(), steady.agent.id);
    const saved = await setFloors({ contacted_within_hour: 60 });
    expect(saved.routing).toMatchObject({
      acceptance_minutes: 0,
      floors: { contacted_within_hour: 60, closing_rate: null },
    });
    await belowFloors(slow.agent.id, ['contacted_within_hour']);

    // Sid has fewer leads, but misses a floor Stella meets.
    const preferred = await postLead();
    expect(preferred.agent_id).toBe(steady.agent.id);
    expect(preferred.routing.reason).toBe(
      'The only eligible agent for ZIP 85004; 1 below a floor (Contacted within 1 hour) left out.',
    );

    // Stella below a floor too: fairness decides among them, and the reason names the floor.
    await belowFloors(steady.agent.id, ['contacted_within_hour']);
    const fallback = await postLead();
    expect(fallback.agent_id).toBe(slow.agent.id);
    expect(fallback.routing.reason).toBe(
      'Fewest leads in the last 30 days (0) among 2 eligible agents for ZIP 85004; no eligible agent meets every floor, and this one is below Contacted within 1 hour.',
    );
  });

  it('a floor the network no longer sets stops counting, whatever the stored card says', async () => {
    const slow = await activeAgent('Sid Slow');
    const steady = await activeAgent('Stella Steady');
    await seedLead(db(), steady.agent.id);
    await setFloors({ closing_rate: 10 });
    await belowFloors(slow.agent.id, ['closing_rate']);
    expect((await postLead()).agent_id).toBe(steady.agent.id);
    // The settings' row alone, as a process that has not rewritten the cards yet reads it.
    await writeSettings(db(), { routing: { acceptance_minutes: 0, floors: NO_FLOORS } }, 'test');
    forgetSettings();
    const decision = await postLead();
    expect(decision.agent_id).toBe(slow.agent.id);
    expect(decision.routing.reason).not.toContain('floor');
  });
});

describe('decideRouting', () => {
  it('leaves out the agents it is told to', async () => {
    const first = await activeAgent('Fran First');
    const second = await activeAgent('Sam Second');
    await seedLead(db(), second.agent.id);
    const lead = { zip: '85004', city: 'Phoenix', lead_type: 'fsbo' as const };
    expect((await decideRouting(db(), lead)).agentId).toBe(first.agent.id);
    const next = await decideRouting(db(), lead, { exclude: [first.agent.id] });
    expect(next).toMatchObject({ agentId: second.agent.id, candidates: 1 });
    const none = await decideRouting(db(), lead, { exclude: [first.agent.id, second.agent.id] });
    expect(none).toMatchObject({ agentId: null, reason: 'No other agent serves ZIP 85004.' });
  });

  it("reads a pause in the agent's own calendar, the office's without one", async () => {
    const ahead = await activeAgent('Pia Phoenix');
    const office = await activeAgent('Otis Office', { timezone: 'Pending' });
    const lead = { zip: '85004', city: 'Phoenix', lead_type: 'fsbo' as const };
    const officeToday = agentToday('Pending', 'America/Denver');
    // Paused until the office's today: no longer paused there.
    await db().update(agents).set({ pausedUntil: officeToday }).where(eq(agents.id, office.agent.id));
    await db()
      .update(agents)
      .set({ pausedUntil: dayAfter(today()) })
      .where(eq(agents.id, ahead.agent.id));
    const decision = await decideRouting(db(), lead, { officeZone: 'America/Denver' });
    expect(decision.agentId).toBe(office.agent.id);
    expect(decision.reason).toBe('The only eligible agent for ZIP 85004; 1 paused left out.');
  });
});
