import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leads } from '../src/db/schema';
import { agentSession } from './helpers/agent-session';
import { createTestContext, type TestContext } from './helpers/app';
import { seedLead } from './helpers/factories';

/**
 * The agent's work queue (GET /portal/me/leads?view=queue, ADR 60) on a crafted set of leads,
 * the board's `stage` filter, and the workspace's strip (GET /portal/me/lead-stats).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.deps.database.db;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A fixed-offset zone in which it is about noon now, so that "due today" has hours on both
 * sides whenever the test runs (Etc/GMT-5 is five hours ahead of UTC).
 */
function zoneAtNoon(now = new Date()): string {
  const offset = Math.max(-12, Math.min(14, 12 - now.getUTCHours()));
  return offset === 0 ? 'Etc/UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

async function queueWorld() {
  const now = Date.now();
  const at = (ms: number) => new Date(now + ms);
  const dana = await agentSession(ctx, {
    user: { name: 'Dana Reyes' },
    agent: { signupStatus: 'complete', agentStatus: 'active', timezone: zoneAtNoon() },
  });
  const other = await agentSession(ctx, { agent: { signupStatus: 'complete', agentStatus: 'active' } });
  const lead = (firstName: string, values: Partial<typeof leads.$inferInsert>) =>
    seedLead(db(), dana.agent.id, {
      firstName,
      searchText: firstName.toLowerCase(),
      createdAt: at(-40 * DAY),
      ...values,
    });
  // Contacted long ago (last month at the latest), so this month's speed is the strip test's own.
  const contacted = at(-39 * DAY);
  await lead('Overdue1d', { stage: 'pursuing', nextActionAt: at(-DAY), firstContactAt: contacted });
  await lead('Overdue2h', { stage: 'scheduled', nextActionAt: at(-2 * HOUR), firstContactAt: contacted });
  await lead('New3d', { createdAt: at(-3 * DAY) });
  await lead('New1h', { createdAt: at(-HOUR), nextActionAt: at(2 * HOUR) });
  await lead('Today2h', { stage: 'pursuing', nextActionAt: at(2 * HOUR), firstContactAt: contacted });
  await lead('Today1h', { stage: 'valuation', nextActionAt: at(HOUR), firstContactAt: contacted });
  await lead('Later2d', { stage: 'listed', nextActionAt: at(2 * DAY), firstContactAt: contacted });
  await lead('Plan5d', { stage: 'pursuing', createdAt: at(-5 * DAY) });
  // Moved back to `new` after a first contact: no longer a new lead to call.
  await lead('Back40d', { firstContactAt: contacted });
  await lead('Lost', {
    stage: 'lost',
    status: 'archived',
    lostReason: 'unreachable',
    nextActionAt: at(-3 * DAY),
  });
  // Local noon: the agent's day is UTC's day.
  await lead('Closed', { stage: 'closed', status: 'closed', closingDate: at(0).toISOString().slice(0, 10) });
  await seedLead(db(), other.agent.id, { firstName: 'NotHers', nextActionAt: at(-5 * DAY) });
  const get = async (query: string) => {
    const response = await ctx.app.inject({ url: `/api/portal/me/leads${query}`, headers: dana.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      items: { first_name: string; queue_bucket?: string; stage: string }[];
      total: number;
      counts: object;
    };
  };
  return { dana, get };
}

const names = (list: { items: { first_name: string }[] }) => list.items.map((item) => item.first_name);

describe('the work queue', () => {
  it('orders the active leads: overdue, new never contacted, due today, then the rest', async () => {
    const { get } = await queueWorld();
    const queue = await get('?view=queue');
    expect(names(queue)).toEqual([
      'Overdue1d',
      'Overdue2h',
      'New3d',
      // New and never contacted comes before its own next action later today.
      'New1h',
      'Today1h',
      'Today2h',
      'Later2d',
      // No next action: by arrival, oldest first (a new lead already contacted is no longer "new").
      'Back40d',
      'Plan5d',
    ]);
    expect(queue.items.map((item) => item.queue_bucket)).toEqual([
      'overdue',
      'overdue',
      'new',
      'new',
      'today',
      'today',
      'later',
      'later',
      'later',
    ]);
    // Counts as the list has them; the total is the queue's.
    expect(queue.total).toBe(9);
    expect(queue.counts).toEqual({ active: 9, archived: 1, closed: 1 });
    // The list has no buckets and keeps its order.
    const list = await get('');
    expect(list.items[0]).not.toHaveProperty('queue_bucket');
    expect(list.total).toBe(11);
  });

  it('pages, searches and narrows to a stage', async () => {
    const { dana, get } = await queueWorld();
    expect(names(await get('?view=queue&skip=2&limit=3'))).toEqual(['New3d', 'New1h', 'Today1h']);
    const found = await get('?view=queue&q=today2');
    expect(names(found)).toEqual(['Today2h']);
    expect(found.total).toBe(1);
    const fresh = await get('?view=queue&stage=new');
    expect(names(fresh)).toEqual(['New3d', 'New1h', 'Back40d']);
    expect(fresh.total).toBe(3);
    // The board's columns, in the list's order (newest first), with their totals.
    const lost = await get('?stage=lost');
    expect(names(lost)).toEqual(['Lost']);
    expect(lost).toMatchObject({ total: 1, counts: { active: 9, archived: 1, closed: 1 } });
    expect((await get('?stage=pursuing&limit=1')).total).toBe(3);
    expect((await get('?stage=closed&active=true')).total).toBe(0);
    const wrong = await ctx.app.inject({ url: '/api/portal/me/leads?view=board', headers: dana.headers });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toMatch(/view must be list or queue/);
  });

  it('shows a change to a lead at once, even one written outside the API', async () => {
    const { get } = await queueWorld();
    const first = await get('?view=queue');
    expect(await get('?view=queue')).toEqual(first);
    await db()
      .update(leads)
      .set({ nextActionAt: sql`now() - interval '1 hour'` })
      .where(eq(leads.firstName, 'Plan5d'));
    expect(names(await get('?view=queue')).slice(0, 3)).toEqual(['Overdue1d', 'Overdue2h', 'Plan5d']);
  });

  it('moves a lead to overdue when its time passes, with nothing written in between', async () => {
    const { dana, get } = await queueWorld();
    const [soon] = await db()
      .update(leads)
      .set({ nextActionAt: sql`now() + interval '1.5 seconds'` })
      .where(eq(leads.firstName, 'Later2d'))
      .returning();
    expect(soon!.agentId).toBe(dana.agent.id);
    expect((await get('?view=queue')).items.find((item) => item.first_name === 'Later2d')?.queue_bucket).toBe(
      'today',
    );
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const queue = await get('?view=queue');
    expect(names(queue).slice(0, 3)).toEqual(['Overdue1d', 'Overdue2h', 'Later2d']);
  });
});

describe("the workspace's strip", () => {
  it('counts new today, overdue next actions, closings this month and the median speed to contact', async () => {
    const { dana } = await queueWorld();
    // Three leads of today contacted after 300, 600 and 1200 seconds: the median is 600.
    const arrived = Date.now() - 30 * 60_000;
    for (const [n, seconds] of [300, 600, 1200].entries()) {
      await seedLead(db(), dana.agent.id, {
        firstName: `Fast${n}`,
        createdAt: new Date(arrived),
        firstContactAt: new Date(arrived + seconds * 1000),
        stage: 'pursuing',
      });
    }
    const stats = await ctx.app.inject({ url: '/api/portal/me/lead-stats', headers: dana.headers });
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toMatchObject({
      // New1h and the three above.
      new_today: 4,
      // Overdue1d and Overdue2h; the lost lead's and the other agent's are not counted.
      overdue: 2,
      closings_this_month: 1,
      speed_to_contact_seconds_month: 600,
    });
  });
});
