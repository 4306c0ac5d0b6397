import { shiftDate } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leads, users } from '../src/db/schema';
import { parseCsv } from '../src/lib/csv';
import { pipelineSummary, todayIn } from '../src/modules/corporate/pipeline';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { addMember, seedAgent, seedCorporate, seedLead } from './helpers/factories';

/**
 * The pipeline an office and a group manager see (DESIGN.md section 10): leads by stage, stale
 * leads, and for a range beside the period before it, leads received, the median speed to first
 * contact, the share contacted within the hour and closings; the stale leads list; both CSV files;
 * who sees which agents; ranges refused with a clear 400.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.deps.database.db;
const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });
const signIn = async (who: { user: { email: string }; password: string }) =>
  bearer((await login(ctx.app, who.user.email, who.password)).accessToken);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const after = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);

/** Today and the range of the tests: the last 10 days of the office's calendar, and the 10 before. */
const today = () => todayIn(ctx.deps.config.onboardingCalls.officeTimezone);
const range = () => ({ from: shiftDate(today(), -9), to: today() });
const rangeQuery = () => `from=${range().from}&to=${range().to}`;

/** A lead `days` ago, first contacted `contactAfter` seconds later, last worked `lastDaysAgo` ago. */
function lead(
  agentId: string,
  firstName: string,
  days: number,
  options: {
    stage?: string;
    contactAfter?: number;
    lastDaysAgo?: number;
    closingDate?: string;
  } & Partial<typeof leads.$inferInsert> = {},
) {
  const { stage = 'new', contactAfter, lastDaysAgo, closingDate, ...rest } = options;
  const createdAt = ago(days);
  const status =
    stage === 'closed' ? 'closed' : stage === 'lost' || stage === 'on_hold' ? 'archived' : 'active';
  return seedLead(db(), agentId, {
    firstName,
    lastName: 'Seller',
    createdAt,
    stage: stage as 'new',
    status,
    firstContactAt: contactAfter === undefined ? null : after(createdAt, contactAfter),
    lastActivityAt: lastDaysAgo === undefined ? null : ago(lastDaysAgo),
    ...(closingDate ? { closingDate, salePrice: 410000, grossCommission: 12300 } : {}),
    ...rest,
  });
}

/**
 * Office 1 owns West (Alice, its manager, and Bob; Dan of office 2 sits in it too) and East
 * (Carol). Each of Alice and Bob has leads in the range (the last 10 days), in the 10 days
 * before, and older; some closed in either period, some stale.
 */
async function world() {
  const office = await seedCorporate(db(), ['West', 'East']);
  const other = await seedCorporate(db(), ['North']);
  const [west, east] = office.groups;
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
  await addMember(db(), other.groups[0]!.id, dan.agent.id);

  const a = alice.agent.id;
  await lead(a, 'A1', 2, { stage: 'pursuing', contactAfter: 1800, lastDaysAgo: 1 });
  await lead(a, 'A2', 5, { stage: 'scheduled', contactAfter: 7200, lastDaysAgo: 5 });
  await lead(a, 'A3', 12, { stage: 'valuation', contactAfter: 600, lastDaysAgo: 10 });
  await lead(a, 'A4', 15);
  await lead(a, 'A5', 25, { stage: 'closed', contactAfter: 60, closingDate: shiftDate(today(), -3) });
  await lead(a, 'A6', 40, { stage: 'lost', lostReason: 'not_selling' });
  const b = bob.agent.id;
  await lead(b, 'B1', 1, { stage: 'pursuing', contactAfter: 300, lastDaysAgo: 1 });
  await lead(b, 'B2', 3);
  await lead(b, 'B3', 4, { stage: 'listed', contactAfter: 1200, lastDaysAgo: 2 });
  await lead(b, 'B4', 13, { stage: 'contract', contactAfter: 10_800, lastDaysAgo: 8 });
  await lead(b, 'B5', 30, { stage: 'on_hold', holdUntil: shiftDate(today(), 60) });
  await lead(b, 'B6', 60, { stage: 'closed', closingDate: shiftDate(today(), -14) });
  await lead(carol.agent.id, 'C1', 2, { contactAfter: 100 });
  await lead(dan.agent.id, 'D1', 2, { stage: 'pursuing', contactAfter: 5, lastDaysAgo: 20 });
  return { office, other, west: west!, east: east!, alice, bob, carol, dan };
}

const stages = (counts: Partial<Record<string, number>>) => ({
  new: 0,
  pursuing: 0,
  scheduled: 0,
  valuation: 0,
  listed: 0,
  contract: 0,
  closed: 0,
  lost: 0,
  on_hold: 0,
  ...counts,
});

const ALICE = {
  name: 'Alice Agent',
  agent_uri: 'alice-agent',
  stages: stages({ new: 1, pursuing: 1, scheduled: 1, valuation: 1, closed: 1, lost: 1 }),
  stale: 2,
  received: { current: 2, previous: 2 },
  speed_to_contact_seconds: { current: 4500, previous: 600 },
  contacted_within_hour: { current: 1, previous: 1 },
  contacted_within_hour_share: { current: 0.5, previous: 0.5 },
  closings: { current: 1, previous: 0 },
};
const BOB = {
  name: 'Bob Agent',
  agent_uri: 'bob-agent',
  stages: stages({ new: 1, pursuing: 1, listed: 1, contract: 1, closed: 1, on_hold: 1 }),
  stale: 1,
  received: { current: 3, previous: 1 },
  speed_to_contact_seconds: { current: 750, previous: 10_800 },
  contacted_within_hour: { current: 2, previous: 0 },
  contacted_within_hour_share: { current: 2 / 3, previous: 0 },
  closings: { current: 0, previous: 1 },
};
/** Alice and Bob together: the median is of all their leads, not of their medians. */
const WEST_TOTALS = {
  stages: stages({
    new: 2,
    pursuing: 2,
    scheduled: 1,
    valuation: 1,
    listed: 1,
    contract: 1,
    closed: 2,
    lost: 1,
    on_hold: 1,
  }),
  stale: 3,
  received: { current: 5, previous: 3 },
  speed_to_contact_seconds: { current: 1500, previous: 5700 },
  contacted_within_hour: { current: 3, previous: 1 },
  contacted_within_hour_share: { current: 0.6, previous: 1 / 3 },
  closings: { current: 1, previous: 1 },
};

describe('the pipeline of an office', () => {
  it("gives each agent of a group exact figures for the range and the period before, and the group's totals", async () => {
    const w = await world();
    const headers = await signIn(w.office);
    const response = await get(
      `/api/portal/corporate-pipeline?group_id=${w.west.id}&${rangeQuery()}`,
      headers,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      from: range().from,
      to: range().to,
      previous_from: shiftDate(today(), -19),
      previous_to: shiftDate(today(), -10),
      time_zone: ctx.deps.config.onboardingCalls.officeTimezone,
      today: today(),
      stale_after_days: 7,
    });
    // Dan sits in West but belongs to another office: never shown, never counted.
    expect(body.agents).toEqual([
      { agent_id: w.alice.agent.id, ...ALICE },
      { agent_id: w.bob.agent.id, ...BOB },
    ]);
    expect(body.totals).toEqual(WEST_TOTALS);
  });

  it('covers every linked agent without a group, one agent with its filter, and 404 for another office', async () => {
    const w = await world();
    const headers = await signIn(w.office);
    const all = (await get(`/api/portal/corporate-pipeline?${rangeQuery()}`, headers)).json();
    expect(all.agents.map((agent: { name: string }) => agent.name)).toEqual([
      'Alice Agent',
      'Bob Agent',
      'Carol Agent',
    ]);
    expect(all.totals.received).toEqual({ current: 6, previous: 3 });
    expect(all.totals.speed_to_contact_seconds.current).toBe(1200);

    const bob = (
      await get(
        `/api/portal/corporate-pipeline?group_id=${w.west.id}&filter_agent_uri=bob-agent&${rangeQuery()}`,
        headers,
      )
    ).json();
    expect(bob.agents).toEqual([{ agent_id: w.bob.agent.id, ...BOB }]);
    const { name: _name, agent_uri: _uri, ...bobFigures } = BOB;
    expect(bob.totals).toEqual(bobFigures);

    const dan = (
      await get(`/api/portal/corporate-pipeline?group_id=${w.west.id}&filter_agent_uri=dan-agent`, headers)
    ).json();
    expect(dan.agents).toEqual([]);
    expect(dan.totals.received.current).toBe(0);
    expect(dan.totals.speed_to_contact_seconds).toEqual({ current: null, previous: null });
    expect(dan.totals.contacted_within_hour_share).toEqual({ current: null, previous: null });

    for (const url of [
      `/api/portal/corporate-pipeline?group_id=${w.other.groups[0]!.id}`,
      `/api/portal/corporate-pipeline/stale-leads?group_id=${w.other.groups[0]!.id}`,
      `/api/portal/corporate-pipeline/agents.csv?group_id=${w.other.groups[0]!.id}`,
      `/api/portal/corporate-pipeline/leads.csv?group_id=${w.other.groups[0]!.id}`,
    ]) {
      const foreign = await get(url, headers);
      expect(foreign.statusCode, url).toBe(404);
      expect(foreign.json()).toEqual({ detail: 'Group not found' });
    }
    // The other office sees Dan alone, in its own group.
    const theirs = (await get('/api/portal/corporate-pipeline', await signIn(w.other))).json();
    expect(theirs.agents.map((agent: { name: string }) => agent.name)).toEqual(['Dan Agent']);
  });

  it('takes the last 30 days of the office calendar by default, with the 30 before', async () => {
    const w = await world();
    const body = (await get('/api/portal/corporate-pipeline', await signIn(w.office))).json();
    expect([body.from, body.to, body.previous_from, body.previous_to]).toEqual([
      shiftDate(today(), -29),
      today(),
      shiftDate(today(), -59),
      shiftDate(today(), -30),
    ]);
    const alice = body.agents.find((agent: { name: string }) => agent.name === 'Alice Agent');
    // A1-A5 arrived in the last 30 days; A6 40 days ago.
    expect(alice.received).toEqual({ current: 5, previous: 1 });
    // Only `to`: the 30 days up to it. Only `from`: up to today.
    const upTo = (
      await get(`/api/portal/corporate-pipeline?to=${shiftDate(today(), -5)}`, await signIn(w.office))
    ).json();
    expect([upTo.from, upTo.to]).toEqual([shiftDate(today(), -34), shiftDate(today(), -5)]);
    const since = (
      await get(`/api/portal/corporate-pipeline?from=${shiftDate(today(), -6)}`, await signIn(w.office))
    ).json();
    expect([since.from, since.to, since.previous_from]).toEqual([
      shiftDate(today(), -6),
      today(),
      shiftDate(today(), -13),
    ]);
  });

  it('refuses bad, reversed and over-long ranges with a 400 that says what to change', async () => {
    const w = await world();
    const headers = await signIn(w.office);
    const cases: [string, string][] = [
      ['from=2026-02-30', 'from must be a date (YYYY-MM-DD)'],
      ['to=yesterday', 'to must be a date (YYYY-MM-DD)'],
      ['from=2026-03-10&to=2026-03-01', 'choose a from date on or before the to date'],
      ['from=2025-01-01&to=2026-01-05', 'The range is 370 days long: choose at most 366 days'],
      [`from=${shiftDate(today(), -400)}`, 'The range is 401 days long'],
      ['group_id=west', 'group_id must be the id of one of your groups'],
    ];
    for (const [query, message] of cases) {
      for (const path of [
        'corporate-pipeline',
        'corporate-pipeline/agents.csv',
        'corporate-pipeline/leads.csv',
      ]) {
        const response = await get(`/api/portal/${path}?${query}`, headers);
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.json().detail).toContain(message);
      }
    }
    // A leap year's 366 days are allowed.
    expect(
      (await get('/api/portal/corporate-pipeline?from=2024-01-01&to=2024-12-31', headers)).statusCode,
    ).toBe(200);
  });

  it('lists the stale leads, longest untouched first, a page at a time', async () => {
    const w = await world();
    const headers = await signIn(w.office);
    const names = (body: { items: { first_name: string }[] }) => body.items.map((l) => l.first_name);
    const west = (
      await get(`/api/portal/corporate-pipeline/stale-leads?group_id=${w.west.id}`, headers)
    ).json();
    // A4: never worked, arrived 15 days ago; A3: last worked 10 days ago; B4: 8 days ago.
    expect(names(west)).toEqual(['A4', 'A3', 'B4']);
    expect(west.total).toBe(3);
    expect(west.items[0]).toMatchObject({
      agent_name: 'Alice Agent',
      agent_uri: 'alice-agent',
      stage: 'new',
    });
    const page = (
      await get(`/api/portal/corporate-pipeline/stale-leads?group_id=${w.west.id}&skip=2&limit=1`, headers)
    ).json();
    expect(page).toMatchObject({ total: 3 });
    expect(names(page)).toEqual(['B4']);
    const bobs = (
      await get(`/api/portal/corporate-pipeline/stale-leads?filter_agent_uri=bob-agent`, headers)
    ).json();
    expect(names(bobs)).toEqual(['B4']);
    // Worked today, a stale lead is no longer stale.
    await db().update(leads).set({ lastActivityAt: new Date() }).where(eq(leads.firstName, 'A4'));
    const after = (await get(`/api/portal/corporate-pipeline/stale-leads`, headers)).json();
    expect(names(after)).toEqual(['A3', 'B4']);
    const bad = await get('/api/portal/corporate-pipeline/stale-leads?limit=101', headers);
    expect(bad.statusCode).toBe(400);
  });

  it('is refused to agents and managers with "User is not a corporate user"', async () => {
    const w = await world();
    for (const who of [w.alice, w.bob]) {
      const headers = await signIn(who);
      for (const path of ['', '/stale-leads', '/agents.csv', '/leads.csv']) {
        const response = await get(`/api/portal/corporate-pipeline${path}`, headers);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ detail: 'User is not a corporate user' });
      }
    }
  });
});

describe('the pipeline of a group manager', () => {
  it('covers every member who is an agent, or one member; 404 outside the group, 400 for a non-agent', async () => {
    const w = await world();
    const headers = await signIn(w.alice);
    const response = await get(`/api/portal/managed-groups/${w.west.id}/pipeline?${rangeQuery()}`, headers);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    // A manager sees every member of its group, Dan of the other office too.
    expect(body.agents.map((agent: { name: string }) => agent.name)).toEqual([
      'Alice Agent',
      'Bob Agent',
      'Dan Agent',
    ]);
    expect(body.agents[0]).toEqual({ agent_id: w.alice.agent.id, ...ALICE });
    expect(body.totals.received).toEqual({ current: 6, previous: 3 });
    expect(body.totals.stale).toBe(4);

    const bob = (
      await get(
        `/api/portal/managed-groups/${w.west.id}/pipeline?member_id=${w.bob.agent.id}&${rangeQuery()}`,
        headers,
      )
    ).json();
    expect(bob.agents).toEqual([{ agent_id: w.bob.agent.id, ...BOB }]);

    const stale = (await get(`/api/portal/managed-groups/${w.west.id}/stale-leads`, headers)).json();
    expect(stale.items.map((l: { first_name: string }) => l.first_name)).toEqual(['D1', 'A4', 'A3', 'B4']);

    const outsider = await get(
      `/api/portal/managed-groups/${w.west.id}/pipeline?member_id=${w.carol.agent.id}`,
      headers,
    );
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ detail: 'Member not found' });

    await db().update(users).set({ isAgent: false }).where(eq(users.id, w.bob.user.id));
    const notAgent = await get(
      `/api/portal/managed-groups/${w.west.id}/pipeline?member_id=${w.bob.agent.id}`,
      headers,
    );
    expect(notAgent.statusCode).toBe(400);
    const withoutBob = (await get(`/api/portal/managed-groups/${w.west.id}/pipeline`, headers)).json();
    expect(withoutBob.agents.map((agent: { name: string }) => agent.name)).toEqual([
      'Alice Agent',
      'Dan Agent',
    ]);
  });

  it('is refused, with "User is not a group manager", to members, managers of other groups and offices', async () => {
    const w = await world();
    const cases = [
      [w.bob, w.west.id],
      [w.alice, w.east.id],
      [w.office, w.west.id],
    ] as const;
    for (const [who, groupId] of cases) {
      const headers = await signIn(who);
      for (const path of ['pipeline', 'stale-leads', 'pipeline/agents.csv', 'pipeline/leads.csv']) {
        const response = await get(`/api/portal/managed-groups/${groupId}/${path}`, headers);
        expect(response.statusCode, path).toBe(403);
        expect(response.json()).toEqual({ detail: 'User is not a group manager' });
      }
    }
  });
});

describe('the CSV files', () => {
  it('write the agents with their figures and the totals, as a download', async () => {
    const w = await world();
    const headers = await signIn(w.office);
    const response = await get(
      `/api/portal/corporate-pipeline/agents.csv?group_id=${w.west.id}&${rangeQuery()}`,
      headers,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="pipeline-agents-${range().from}-to-${range().to}.csv"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body.startsWith('\ufeff')).toBe(true);
    const [header, alice, bob, totals, ...rest] = await parseCsv(response.body);
    expect(rest).toEqual([]);
    expect(header).toEqual([
      'Agent',
      'Agent URI',
      'New',
      'Pursuing',
      'Appointment set',
      'Price opinion given',
      'Listed',
      'Under contract',
      'Closed',
      'Lost',
      'On hold',
      'Stale',
      'Leads received',
      'Leads received (previous period)',
      'Median minutes to first contact',
      'Median minutes to first contact (previous period)',
      'Contacted within 1 hour (%)',
      'Contacted within 1 hour (%) (previous period)',
      'Closings',
      'Closings (previous period)',
    ]);
    expect(alice).toEqual([
      'Alice Agent',
      'alice-agent',
      '1',
      '1',
      '1',
      '1',
      '0',
      '0',
      '1',
      '1',
      '0',
      '2',
      '2',
      '2',
      '75',
      '10',
      '50',
      '50',
      '1',
      '0',
    ]);
    expect(bob).toEqual([
      'Bob Agent',
      'bob-agent',
      '1',
      '1',
      '0',
      '0',
      '1',
      '1',
      '1',
      '0',
      '1',
      '1',
      '3',
      '1',
      '12.5',
      '180',
      '67',
      '0',
      '0',
      '1',
    ]);
    expect(totals!.slice(0, 2)).toEqual(['All agents', '']);
    expect(totals!.slice(11)).toEqual(['3', '5', '3', '25', '95', '60', '33', '1', '1']);
  });

  it("write the range's leads newest first, safe to open in a spreadsheet, for an office and a manager", async () => {
    const w = await world();
    await lead(w.bob.agent.id, '=HYPERLINK("http://evil.example","Click")', 0.5, {
      lastName: '+1 "Seller", Jr',
    });
    const office = await signIn(w.office);
    const response = await get(
      `/api/portal/corporate-pipeline/leads.csv?group_id=${w.west.id}&${rangeQuery()}`,
      office,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="pipeline-leads-${range().from}-to-${range().to}.csv"`,
    );
    const zone = ctx.deps.config.onboardingCalls.officeTimezone;
    const [header, ...rows] = await parseCsv(response.body);
    expect(header).toEqual([
      'First name',
      'Last name',
      'Stage',
      'Status',
      'Agent',
      `Created (${zone})`,
      `First contact (${zone})`,
      `Last activity (${zone})`,
      'ZIP',
      'Type',
      'Closing date',
      'Sale price',
    ]);
    // Leads that arrived in the range, newest first; no contact details in the file.
    expect(rows.map((row) => row[0])).toEqual([
      `'=HYPERLINK("http://evil.example","Click")`,
      'B1',
      'A1',
      'B2',
      'B3',
      'A2',
    ]);
    expect(rows[0]![1]).toBe(`'+1 "Seller", Jr`);
    expect(rows[1]!.slice(0, 5)).toEqual(['B1', 'Seller', 'Pursuing', 'Active', 'Bob Agent']);
    // B1 arrived a day ago and was first called 5 minutes later, in the office's time.
    const [created, firstContact] = [rows[1]![5]!, rows[1]![6]!];
    expect(created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(Date.parse(`${firstContact}Z`) - Date.parse(`${created}Z`)).toBeGreaterThanOrEqual(4 * 60_000);
    expect(Date.parse(`${firstContact}Z`) - Date.parse(`${created}Z`)).toBeLessThanOrEqual(5 * 60_000);
    expect(rows[1]!.slice(8, 10)).toEqual(['85004', 'FSBO']);
    expect(rows[3]![6]).toBe('');
    expect(response.body).not.toContain('+16025550100');
    // The raw text: a formula never starts a cell.
    expect(response.body).not.toMatch(/(^|,)"?=/m);

    // Closed leads carry the closing date and the sale price, which an office and a manager see.
    const wide = `from=${shiftDate(today(), -29)}&to=${today()}`;
    const closed = await parseCsv(
      (
        await get(
          `/api/portal/managed-groups/${w.west.id}/pipeline/leads.csv?member_id=${w.alice.agent.id}&${wide}`,
          await signIn(w.alice),
        )
      ).body,
    );
    const a5 = closed.find((row) => row[0] === 'A5')!;
    expect(a5.slice(2, 5)).toEqual(['Closed', 'Closed', 'Alice Agent']);
    expect(a5.slice(10)).toEqual([shiftDate(today(), -3), '410000']);
    expect(closed.slice(1).map((row) => row[4])).toEqual(closed.slice(1).map(() => 'Alice Agent'));
  });

  it('stream a large export whole, in order, with no lead twice even when many arrived at the same moment', async () => {
    const w = await world();
    const base = ago(3).getTime();
    // 1,203 leads, three to each instant: the file is read in batches that end between equal times.
    await db()
      .insert(leads)
      .values(
        Array.from({ length: 1203 }, (_, i) => ({
          agentId: w.carol.agent.id,
          leadType: 'fsbo',
          firstName: `Bulk ${String(i).padStart(4, '0')}`,
          zip: '85004',
          source: 'test',
          createdAt: new Date(base + Math.floor(i / 3) * 1000),
        })),
      );
    const response = await get(
      `/api/portal/corporate-pipeline/leads.csv?group_id=${w.east.id}&${rangeQuery()}`,
      await signIn(w.office),
    );
    expect(response.statusCode).toBe(200);
    const rows = (await parseCsv(response.body)).slice(1);
    expect(rows).toHaveLength(1204);
    const bulk = rows.map((row) => row[0]).filter((name) => name!.startsWith('Bulk'));
    expect(new Set(bulk).size).toBe(1203);
    const created = rows.map((row) => row[5]!);
    expect([...created].sort().reverse()).toEqual(created);
  });
});

describe('pipelineSummary', () => {
  it('answers the same figures to a caller outside HTTP (the weekly digest)', async () => {
    const w = await world();
    const summary = await pipelineSummary(
      db(),
      { kind: 'corporate', corporateUserId: w.office.user.id, groupId: w.west.id },
      { ...range(), timeZone: ctx.deps.config.onboardingCalls.officeTimezone },
    );
    expect(summary.totals).toEqual(WEST_TOTALS);
    expect(summary.agents.map((agent) => agent.name)).toEqual(['Alice Agent', 'Bob Agent']);
  });
});
