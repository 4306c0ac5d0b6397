import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agents, oneTimeTokens, users } from '../src/db/schema';
import { corporateLoginLink } from '../src/modules/corporate/service';
import { reconcileAgentStats } from '../src/modules/leads/stats';
import { bearer, createTestContext, login, refreshCookieOf, type TestContext } from './helpers/app';
import { addMember, seedAccessCode, seedAgent, seedCorporate, seedLead } from './helpers/factories';
import { registerAndConfirm } from './helpers/register';

/**
 * Corporate users and group managers (SPEC.md sections 6 and 7, ADR 16): who sees which groups,
 * members and leads, the two 403 messages, paging and filters, visibility precedence, the
 * one-time corporate link and access codes that bind new agents.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.deps.database.db;
const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });
const signIn = async (email: string, password: string) =>
  bearer((await login(ctx.app, email, password)).accessToken);

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/**
 * Office 1 owns West and East; office 2 owns North. Alice manages West; Bob is in West; Carol is
 * in East; Dan belongs to office 2 but sits in West (counted there, never shown to office 1).
 */
async function world() {
  const office = await seedCorporate(db(), ['West', 'East']);
  const other = await seedCorporate(db(), ['North']);
  const [west, east] = office.groups;
  const [north] = other.groups;
  const agent = (first: string, corporateUserId: string) =>
    seedAgent(db(), {
      user: { name: `${first} Agent` },
      agent: {
        agent: `${first} Agent`,
        agentUri: `${first.toLowerCase()}-agent`,
        signupStatus: 'complete',
        agentStatus: 'active',
        corporateUserId,
      },
    });
  const alice = await agent('Alice', office.user.id);
  const bob = await agent('Bob', office.user.id);
  const carol = await agent('Carol', office.user.id);
  const dan = await agent('Dan', other.user.id);
  await addMember(db(), west!.id, alice.agent.id, true);
  await addMember(db(), west!.id, bob.agent.id);
  await addMember(db(), west!.id, dan.agent.id);
  await addMember(db(), east!.id, carol.agent.id);
  await addMember(db(), north!.id, dan.agent.id);

  const leadsOf = {
    alice: [
      await seedLead(db(), alice.agent.id, { firstName: 'A1', createdAt: daysAgo(1) }),
      await seedLead(db(), alice.agent.id, { firstName: 'A2', createdAt: daysAgo(3), status: 'archived' }),
    ],
    bob: [
      await seedLead(db(), bob.agent.id, { firstName: 'B1', createdAt: daysAgo(2) }),
      await seedLead(db(), bob.agent.id, {
        firstName: 'B2',
        createdAt: daysAgo(4),
        status: 'closed',
        closingDate: '2026-11-01',
        salePrice: 400000,
        grossCommission: 12000,
      }),
    ],
    carol: [await seedLead(db(), carol.agent.id, { firstName: 'C1', createdAt: daysAgo(1) })],
    dan: [await seedLead(db(), dan.agent.id, { firstName: 'D1', createdAt: daysAgo(0.5) })],
  };
  return { office, other, west: west!, east: east!, north: north!, alice, bob, carol, dan, leadsOf };
}

describe('corporate user', () => {
  it('lists its linked agents with their figures, and no one else', async () => {
    const w = await world();
    await ctx.deps.database.db
      .update(agents)
      .set({ totalClosings: 1, totalGrossCommissionEarned: 12000 })
      .where(eq(agents.id, w.bob.agent.id));
    const headers = await signIn(w.office.user.email, w.office.password);
    const response = await get('/api/portal/linked-agents', headers);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { name: string; agent_uri: string; groups: { group_name: string }[] }[];
    expect(body.map((a) => a.name)).toEqual(['Alice Agent', 'Bob Agent', 'Carol Agent']);
    const bob = body.find((a) => a.name === 'Bob Agent') as unknown as Record<string, unknown>;
    expect(bob).toMatchObject({
      agent_uri: 'bob-agent',
      agent_status: 'active',
      total_closings: 1,
      total_gross_commission_earned: 12000,
      groups: [{ group_id: w.west.id, group_name: 'West', is_manager: false }],
    });
  });

  it('sees its own groups with accessible and total agent counts', async () => {
    const w = await world();
    const headers = await signIn(w.office.user.email, w.office.password);
    const response = await get('/api/portal/corporate-accessible-groups', headers);
    expect(response.json()).toEqual([
      { group_id: w.east.id, group_name: 'East', accessible_agent_count: 1, total_agent_count: 1 },
      { group_id: w.west.id, group_name: 'West', accessible_agent_count: 2, total_agent_count: 3 },
    ]);
  });

  it("lists a group's members it may see, agents only; another office's group is not found", async () => {
    const w = await world();
    await db().update(users).set({ isAgent: false }).where(eq(users.id, w.bob.user.id));
    const headers = await signIn(w.office.user.email, w.office.password);
    const members = await get(`/api/portal/corporate-groups/${w.west.id}/members`, headers);
    expect(members.json()).toEqual([
      { id: w.alice.agent.id, name: 'Alice Agent', is_agent: true, agent_uri: 'alice-agent' },
    ]);
    const foreign = await get(`/api/portal/corporate-groups/${w.north.id}/members`, headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Group not found' });
    expect((await get(`/api/portal/groups/${w.north.id}/leads`, headers)).statusCode).toBe(404);
    expect((await get('/api/portal/groups/not-a-uuid/leads', headers)).statusCode).toBe(400);
  });

  it("reads a group's leads newest first, with counts, paging and each filter, never another office's", async () => {
    const w = await world();
    const headers = await signIn(w.office.user.email, w.office.password);
    const all = await get(`/api/portal/groups/${w.west.id}/leads`, headers);
    expect(all.statusCode).toBe(200);
    const body = all.json();
    // Dan's lead is newest but Dan belongs to the other office.
    expect(body.items.map((l: { first_name: string }) => l.first_name)).toEqual(['A1', 'B1', 'A2', 'B2']);
    expect(body.total).toBe(4);
    expect(body.counts).toEqual({ active: 2, archived: 1, closed: 1 });
    expect(body.items[0]).toMatchObject({ agent_name: 'Alice Agent', agent_uri: 'alice-agent' });
    expect(typeof body.items[0].created_at).toBe('string');

    const page2 = (await get(`/api/portal/groups/${w.west.id}/leads?skip=1&limit=2`, headers)).json();
    expect(page2.items.map((l: { first_name: string }) => l.first_name)).toEqual(['B1', 'A2']);
    expect(page2.total).toBe(4);

    const active = (await get(`/api/portal/groups/${w.west.id}/leads?active=true`, headers)).json();
    expect(active.items.map((l: { first_name: string }) => l.first_name)).toEqual(['A1', 'B1']);
    expect(active.total).toBe(2);
    const closedOrArchived = (
      await get(`/api/portal/groups/${w.west.id}/leads?archived=true&closed=true`, headers)
    ).json();
    expect(closedOrArchived.items.map((l: { first_name: string }) => l.first_name)).toEqual(['A2', 'B2']);

    const bobs = (
      await get(`/api/portal/groups/${w.west.id}/leads?filter_agent_uri=bob-agent`, headers)
    ).json();
    expect(bobs.items.map((l: { first_name: string }) => l.first_name)).toEqual(['B1', 'B2']);
    expect(bobs.counts).toEqual({ active: 1, archived: 0, closed: 1 });
    const dans = (
      await get(`/api/portal/groups/${w.west.id}/leads?filter_agent_uri=dan-agent`, headers)
    ).json();
    expect(dans).toEqual({ items: [], total: 0, counts: { active: 0, archived: 0, closed: 0 } });

    const nul = await get(`/api/portal/groups/${w.west.id}/leads?filter_agent_uri=a%00b`, headers);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().detail).toContain('control characters');
    const bad = await get(`/api/portal/groups/${w.west.id}/leads?limit=101`, headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('limit must be between 1 and 100');
  });

  it('pages exactly when the newest leads are spread over months, whatever the guessed window', async () => {
    const w = await world();
    const spread = [];
    for (let i = 0; i < 30; i++) {
      spread.push(
        await seedLead(db(), w.bob.agent.id, { firstName: `S${i}`, createdAt: daysAgo(5 + i * 7) }),
      );
    }
    // Statistics that promise far more recent leads than there are: the first window is too small.
    await db()
      .update(agents)
      .set({ leadsCount: { l_30: 5000, total_leads: 5000 } })
      .where(eq(agents.id, w.bob.agent.id));
    const headers = await signIn(w.office.user.email, w.office.password);
    const expected = [...w.leadsOf.alice, ...w.leadsOf.bob, ...spread]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((lead) => lead.firstName);
    const page = (await get(`/api/portal/groups/${w.west.id}/leads?skip=5&limit=10`, headers)).json();
    expect(page.items.map((l: { first_name: string }) => l.first_name)).toEqual(expected.slice(5, 15));
    const last = (await get(`/api/portal/groups/${w.west.id}/leads?skip=30&limit=10`, headers)).json();
    expect(last.items.map((l: { first_name: string }) => l.first_name)).toEqual(expected.slice(30));
    expect(last.total).toBe(34);
  });

  it('keeps the counts right as agents change their leads, and after an agent is deleted', async () => {
    const w = await world();
    const headers = await signIn(w.office.user.email, w.office.password);
    const counts = async () => (await get(`/api/portal/groups/${w.west.id}/leads`, headers)).json().counts;
    expect(await counts()).toEqual({ active: 2, archived: 1, closed: 1 });
    const bob = await signIn(w.bob.user.email, w.bob.password);
    const archived = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/portal/me/leads/${w.leadsOf.bob[0]!.id}`,
      headers: bob,
      payload: { status: 'archived', lost_reason: 'not_selling' },
    });
    expect(archived.statusCode).toBe(200);
    expect(await counts()).toEqual({ active: 1, archived: 2, closed: 1 });
    await seedLead(db(), w.alice.agent.id, { firstName: 'A3' });
    expect(await counts()).toEqual({ active: 2, archived: 2, closed: 1 });
    // What no trigger saw (a restore, a TRUNCATE) is put right by the hourly reconciliation.
    await ctx.deps.database.executeSql('update lead_counts set n = n + 40');
    await reconcileAgentStats(db());
    expect(await counts()).toEqual({ active: 2, archived: 2, closed: 1 });
    // The agent goes; its leads stay unassigned and leave the group's counts.
    await db().delete(agents).where(eq(agents.id, w.alice.agent.id));
    expect(await counts()).toEqual({ active: 0, archived: 1, closed: 1 });
  });

  it('has leads-per-week figures for each of its groups', async () => {
    const w = await world();
    const headers = await signIn(w.office.user.email, w.office.password);
    const stats = (await get('/api/portal/corporate-stats', headers)).json();
    expect(stats.weeks).toHaveLength(12);
    const west = stats.groups.find((g: { group_name: string }) => g.group_name === 'West');
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(sum(west.per_week)).toBe(4);
    const east = stats.groups.find((g: { group_name: string }) => g.group_name === 'East');
    expect(sum(east.per_week)).toBe(1);
  });

  it('is refused to everyone else with "User is not a corporate user"', async () => {
    const w = await world();
    for (const who of [w.alice, w.bob]) {
      const headers = await signIn(who.user.email, who.password);
      for (const url of [
        '/api/portal/linked-agents',
        '/api/portal/corporate-accessible-groups',
        `/api/portal/corporate-groups/${w.west.id}/members`,
        `/api/portal/groups/${w.west.id}/leads`,
      ]) {
        const response = await get(url, headers);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ detail: 'User is not a corporate user' });
      }
    }
  });
});

describe('group manager', () => {
  it('lists every member of a managed group and reads their leads', async () => {
    const w = await world();
    const headers = await signIn(w.alice.user.email, w.alice.password);
    const members = (await get(`/api/portal/managed-groups/${w.west.id}/members`, headers)).json();
    expect(members.map((m: { name: string }) => m.name)).toEqual(['Alice Agent', 'Bob Agent', 'Dan Agent']);
    const bobs = await get(
      `/api/portal/managed-groups/${w.west.id}/members/${w.bob.agent.id}/leads`,
      headers,
    );
    expect(bobs.statusCode).toBe(200);
    expect(bobs.json().items.map((l: { first_name: string }) => l.first_name)).toEqual(['B1', 'B2']);
    expect(bobs.json().counts).toEqual({ active: 1, archived: 0, closed: 1 });
    const closed = (
      await get(
        `/api/portal/managed-groups/${w.west.id}/members/${w.bob.agent.id}/leads?closed=true`,
        headers,
      )
    ).json();
    expect(closed.items.map((l: { first_name: string }) => l.first_name)).toEqual(['B2']);
    const paged = (
      await get(
        `/api/portal/managed-groups/${w.west.id}/members/${w.bob.agent.id}/leads?skip=1&limit=1`,
        headers,
      )
    ).json();
    expect(paged.items.map((l: { first_name: string }) => l.first_name)).toEqual(['B2']);
    expect(paged.total).toBe(2);
  });

  it('answers 400 for a member who is not an agent and 404 for someone outside the group', async () => {
    const w = await world();
    await db().update(users).set({ isAgent: false }).where(eq(users.id, w.bob.user.id));
    const headers = await signIn(w.alice.user.email, w.alice.password);
    const notAgent = await get(
      `/api/portal/managed-groups/${w.west.id}/members/${w.bob.agent.id}/leads`,
      headers,
    );
    expect(notAgent.statusCode).toBe(400);
    const members = (await get(`/api/portal/managed-groups/${w.west.id}/members`, headers)).json();
    expect(members.find((m: { id: string }) => m.id === w.bob.agent.id).is_agent).toBe(false);
    const outsider = await get(
      `/api/portal/managed-groups/${w.west.id}/members/${w.carol.agent.id}/leads`,
      headers,
    );
    expect(outsider.statusCode).toBe(404);
  });

  it('is refused, with "User is not a group manager", to members, other managers and corporate users', async () => {
    const w = await world();
    const cases = [
      [w.bob, w.west.id],
      [w.alice, w.east.id],
      [w.office, w.west.id],
    ] as const;
    for (const [who, groupId] of cases) {
      const headers = await signIn(who.user.email, who.password);
      for (const url of [
        `/api/portal/managed-groups/${groupId}/members`,
        `/api/portal/managed-groups/${groupId}/members/${w.carol.agent.id}/leads`,
      ]) {
        const response = await get(url, headers);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ detail: 'User is not a group manager' });
      }
    }
  });
});

describe('the agent record', () => {
  it('carries the corporate affiliation and group memberships from their tables', async () => {
    const w = await world();
    await db()
      .update(agents)
      .set({ corporateUserName: 'stale free text' })
      .where(eq(agents.id, w.alice.agent.id));
    const me = (await get('/api/portal/me', await signIn(w.alice.user.email, w.alice.password))).json();
    expect(me.agent_profile.corporate_user_id).toBe(w.office.user.id);
    expect(me.agent_profile.corporate_user_name).toBe(w.office.user.name);
    expect(me.agent_profile.corporate_affiliation).toMatchObject({
      id: w.office.user.id,
      email: w.office.user.email,
      user_role: 'corporate',
    });
    expect(me.agent_profile.group_memberships).toEqual([
      { group_id: w.west.id, group_name: 'West', is_manager: true },
    ]);
  });

  it('answers a changed record at once, whatever changed: the agent, a group, a membership, the office', async () => {
    const w = await world();
    const headers = await signIn(w.alice.user.email, w.alice.password);
    const profile = async () => (await get('/api/portal/me', headers)).json().agent_profile;
    expect((await profile()).group_memberships).toHaveLength(1);
    await db().update(agents).set({ brokerage: 'Desert Homes' }).where(eq(agents.id, w.alice.agent.id));
    expect((await profile()).brokerage).toBe('Desert Homes');
    await db().execute(sql`update groups set name = 'West Valley' where id = ${w.west.id}`);
    expect((await profile()).group_memberships[0].group_name).toBe('West Valley');
    await addMember(db(), w.east.id, w.alice.agent.id);
    expect((await profile()).group_memberships).toHaveLength(2);
    await db().execute(sql`delete from group_memberships where group_id = ${w.east.id}`);
    expect((await profile()).group_memberships).toHaveLength(1);
    await db().execute(
      sql`update group_memberships set is_manager = false where agent_id = ${w.alice.agent.id}`,
    );
    expect((await profile()).group_memberships[0].is_manager).toBe(false);
    await db().update(users).set({ name: 'Summit Realty HQ' }).where(eq(users.id, w.office.user.id));
    expect((await profile()).corporate_affiliation.name).toBe('Summit Realty HQ');
    await db()
      .update(users)
      .set({ preferences: { can_see_portal_zips: false } })
      .where(eq(users.id, w.office.user.id));
    expect((await profile()).corporate_affiliation.preferences).toEqual({ can_see_portal_zips: false });
    await db().execute(sql`delete from groups where id = ${w.west.id}`);
    expect((await profile()).group_memberships).toEqual([]);
    await db().execute(sql`delete from users where id = ${w.office.user.id}`);
    expect((await profile()).corporate_affiliation).toBeNull();
  });

  it("draws no new stamps for an office's sign-in data, only for what its agents' records show", async () => {
    const w = await world();
    const stampOf = async () =>
      (
        await db().select({ stamp: agents.recordStamp }).from(agents).where(eq(agents.id, w.alice.agent.id))
      )[0]!.stamp;
    const before = await stampOf();
    await db().update(users).set({ passwordHash: 'changed' }).where(eq(users.id, w.office.user.id));
    expect(await stampOf()).toBe(before);
    await db().update(users).set({ email: 'hq@summit.example' }).where(eq(users.id, w.office.user.id));
    expect(await stampOf()).not.toBe(before);
  });

  // Two connections at once: PostgreSQL only (PGlite has one).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'answers the new name to an agent joined to a group, or linked to an office, while it was being renamed',
    async () => {
      const w = await world();
      const headers = await signIn(w.bob.user.email, w.bob.password);
      const profile = async () => (await get('/api/portal/me', headers)).json().agent_profile;
      /** Runs `change` in a transaction held open while `meanwhile` runs on another connection. */
      const whileHeld = async (change: ReturnType<typeof sql>, meanwhile: () => Promise<unknown>) => {
        let release!: () => void;
        let changed!: () => void;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        const done = new Promise<void>((resolve) => {
          changed = resolve;
        });
        const transaction = db().transaction(async (tx) => {
          await tx.execute(change);
          changed();
          await held;
        });
        await done;
        const other = meanwhile();
        // Without the group's (or office's) lock the other change commits at once, and a request
        // made now keeps the old name under the stamp that change drew.
        await Promise.race([other, new Promise((resolve) => setTimeout(resolve, 300))]);
        await profile();
        release();
        await transaction;
        await other;
      };
      await whileHeld(sql`update groups set name = 'East Side' where id = ${w.east.id}`, () =>
        addMember(db(), w.east.id, w.bob.agent.id),
      );
      expect(
        (await profile()).group_memberships.map((m: { group_name: string }) => m.group_name).sort(),
      ).toEqual(['East Side', 'West']);
      await whileHeld(sql`update users set name = 'North Realty HQ' where id = ${w.other.user.id}`, () =>
        // A promise of its own: drizzle's query runs again each time it is awaited.
        db()
          .update(agents)
          .set({ corporateUserId: w.other.user.id })
          .where(eq(agents.id, w.bob.agent.id))
          .then(() => undefined),
      );
      expect((await profile()).corporate_affiliation.name).toBe('North Realty HQ');
    },
  );

  it("lets the affiliation's preferences win over the agent's own, visible by default, on the server too", async () => {
    const office = await seedCorporate(db());
    const agent = await seedAgent(db(), {
      agent: { signupStatus: 'complete', corporateUserId: office.user.id, canSeePortalRecipients: true },
    });
    const headers = await signIn(agent.user.email, agent.password);
    const recipients = () => get('/api/portal/me/recipients', headers);
    const markIntro = () =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/portal/me/agent_profile',
        headers,
        payload: { onboarding_steps: { introduction: true } },
      });
    expect((await recipients()).statusCode).toBe(200);
    expect((await markIntro()).statusCode).toBe(200);

    await db()
      .update(users)
      .set({ preferences: { can_see_portal_recipients: false, can_see_portal_onboarding: false } })
      .where(eq(users.id, office.user.id));
    expect((await recipients()).statusCode).toBe(403);
    const hidden = await markIntro();
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().detail).toContain('managed by your office');

    // No preference at the office: the agent's own flag decides.
    await db().update(users).set({ preferences: {} }).where(eq(users.id, office.user.id));
    await db().update(agents).set({ canSeePortalRecipients: false }).where(eq(agents.id, agent.agent.id));
    expect((await recipients()).statusCode).toBe(403);
    await db()
      .update(users)
      .set({ preferences: { can_see_portal_recipients: true } })
      .where(eq(users.id, office.user.id));
    expect((await recipients()).statusCode).toBe(200);
  });
});

describe('corporate sign-in link', () => {
  const open = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/login/corporate/${token}` });
  const tokenOf = (link: string) => link.split('/login/corporate/')[1]!;

  it('signs the corporate user in once, with a refresh cookie like /api/login', async () => {
    const office = await seedCorporate(db());
    const link = await corporateLoginLink(ctx.deps, office.user.email, { email: 'test' });
    expect(link).toMatch(/^http:\/\/portal\.test\/login\/corporate\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const first = await open(tokenOf(link));
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ email: office.user.email, user_role: 'corporate' });
    expect(refreshCookieOf(first)).toBeDefined();
    const groupsSeen = await get(
      '/api/portal/corporate-accessible-groups',
      bearer(first.json().access_token),
    );
    expect(groupsSeen.statusCode).toBe(200);

    const again = await open(tokenOf(link));
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toContain('already been used or has expired');
  });

  it('refuses an expired link, a replaced link, a deactivated user and links of other kinds', async () => {
    const office = await seedCorporate(db());
    const expired = await corporateLoginLink(ctx.deps, office.user.email, { email: 'test' });
    await db()
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(oneTimeTokens.userId, office.user.id));
    expect((await open(tokenOf(expired))).statusCode).toBe(400);

    const replaced = await corporateLoginLink(ctx.deps, office.user.email, { email: 'test' });
    const newest = await corporateLoginLink(ctx.deps, office.user.email, { email: 'test' });
    expect((await open(tokenOf(replaced))).statusCode).toBe(400);

    await db().update(users).set({ isActive: false }).where(eq(users.id, office.user.id));
    expect((await open(tokenOf(newest))).statusCode).toBe(400);
    await expect(corporateLoginLink(ctx.deps, office.user.email, { email: 'test' })).rejects.toThrow(
      /deactivated/,
    );

    const agent = await seedAgent(db());
    await expect(corporateLoginLink(ctx.deps, agent.user.email, { email: 'test' })).rejects.toThrow(
      /not a corporate user/,
    );
    expect((await open('not-a-token')).statusCode).toBe(400);
  });

  it('throttles guessing links per IP, with Retry-After, without holding back another address', async () => {
    const limit = ctx.deps.config.rateLimits.codePerIp;
    const guess = (i: number, remoteAddress = '10.9.0.1') =>
      ctx.app.inject({ method: 'GET', url: `/api/login/corporate/a${i}.b.c`, remoteAddress });
    for (let i = 0; i < limit; i++) expect((await guess(i)).statusCode).toBe(400);
    const blocked = await guess(limit);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // The office's real link still works from its own address.
    const office = await seedCorporate(db());
    const link = await corporateLoginLink(ctx.deps, office.user.email, { email: 'test' });
    const opened = await ctx.app.inject({
      method: 'GET',
      url: `/api/login/corporate/${tokenOf(link)}`,
      remoteAddress: '10.9.0.2',
    });
    expect(opened.statusCode).toBe(200);
  });
});

describe('access codes bound to an office', () => {
  it('link the agents who join with them to the corporate user and the group', async () => {
    const office = await seedCorporate(db(), ['Newcomers']);
    const code = await seedAccessCode(db(), {
      corporateUserId: office.user.id,
      groupId: office.groups[0]!.id,
    });
    const response = await registerAndConfirm(ctx, {
      email: 'joiner@example.com',
      access_code: code.code,
      password: 'a-sturdy-passphrase-77',
    });
    expect(response.statusCode).toBe(201);
    const me = (await get('/api/portal/me', bearer(response.json().access_token))).json();
    expect(me.agent_profile.corporate_affiliation.id).toBe(office.user.id);
    expect(me.agent_profile.group_memberships).toEqual([
      { group_id: office.groups[0]!.id, group_name: 'Newcomers', is_manager: false },
    ]);
    const officeHeaders = await signIn(office.user.email, office.password);
    const linked = (await get('/api/portal/linked-agents', officeHeaders)).json();
    expect(linked.map((a: { email: string }) => a.email)).toEqual(['joiner@example.com']);
  });
});
