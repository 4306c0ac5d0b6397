import { zonedTime } from '@portal/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { leadActivities, outboxMessages, users } from '../src/db/schema';
import { sendDueDigests } from '../src/modules/agenda/digest';
import { localClock, shiftDay } from '../src/modules/agenda/once';
import { createTestContext, TEST_PUBLIC_URL, type TestContext } from './helpers/app';
import { seedAgent, seedCorporate, seedLead } from './helpers/factories';

/**
 * The offices' weekly digest, Monday at 7:30 in the office's zone (America/Denver by default).
 * Staleness is measured from the database's clock, so the injected clock is the last Monday
 * morning before the real now, and the leads are placed around both.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const ZONE = 'America/Denver';
const DAY = 86_400_000;
const MINUTE = 60_000;
const db = () => ctx.deps.database.db;

const local = (date: string, hour: number, minute: number) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return zonedTime(y, m, d, hour, minute, ZONE);
};

/** The last Monday whose 7:31 in the office's zone has passed. */
function lastMonday(now = new Date()): string {
  for (let back = 0; ; back++) {
    const day = localClock(new Date(now.getTime() - back * DAY), ZONE);
    if (day.weekday === 1 && local(day.date, 7, 31) <= now) return day.date;
  }
}

const realNow = new Date();
const monday = lastMonday(realNow);
const lastWeek = shiftDay(monday, -7);
const weekBefore = shiftDay(monday, -14);
const ago = (days: number) => new Date(realNow.getTime() - days * DAY);

async function digestsTo(email: string) {
  return db()
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.toAddress, email), eq(outboxMessages.template, 'weekly_digest')))
    .orderBy(asc(outboxMessages.createdAt));
}

/** The lines of the text part from `title` to the next blank line. */
const block = (text: string, title: string) => {
  const start = text.indexOf(`\n${title}\n`);
  expect(start, `${title} in the digest`).toBeGreaterThan(-1);
  return text.slice(start + 1, text.indexOf('\n\n', start + 1));
};

async function activity(leadId: string, createdAt: Date) {
  await db()
    .insert(leadActivities)
    .values({ leadId, kind: 'call', outcome: 'spoke', actorType: 'user', actorName: 'Agent', createdAt });
}

/** An office with two agents and their weeks, and an agent of another office. */
async function officeWithAgents() {
  const office = await seedCorporate(db());
  const linked = { agentStatus: 'active', signupStatus: 'complete', corporateUserId: office.user.id };
  const ada = await seedAgent(db(), { agent: { ...linked, agent: 'Ada Adams' } });
  const ben = await seedAgent(db(), { agent: { ...linked, agent: 'Ben Brown' } });
  const stranger = await seedAgent(db(), { agent: { agentStatus: 'active', agent: 'Stranger Danger' } });
  const worked = { stage: 'pursuing' as const, lastActivityAt: realNow };

  // Ada's last week: three leads, first contacted after 10, 20 and 30 minutes; one closing.
  for (const [day, minutes] of [
    [1, 10],
    [2, 20],
    [3, 30],
  ] as const) {
    const createdAt = local(shiftDay(lastWeek, day), 10, 0);
    await seedLead(db(), ada.agent.id, {
      ...worked,
      createdAt,
      firstContactAt: new Date(createdAt.getTime() + minutes * MINUTE),
    });
  }
  await seedLead(db(), ada.agent.id, {
    stage: 'closed',
    status: 'closed',
    closingDate: shiftDay(lastWeek, 2),
    salePrice: 400000,
    grossCommission: 12000,
    createdAt: ago(90),
  });
  // The week before: one lead, contacted after two hours, closed since without a closing date.
  const before = local(shiftDay(weekBefore, 3), 9, 0);
  await seedLead(db(), ada.agent.id, {
    stage: 'closed',
    status: 'closed',
    createdAt: before,
    firstContactAt: new Date(before.getTime() + 120 * MINUTE),
  });
  // Stale now and a week ago: never worked.
  await seedLead(db(), ada.agent.id, { createdAt: ago(60) });
  // Stale now only: worked ten days ago.
  const tenDays = await seedLead(db(), ada.agent.id, {
    ...worked,
    createdAt: ago(60),
    lastActivityAt: ago(10),
  });
  await activity(tenDays.id, ago(10));
  // Stale a week ago only: worked in the last two days and never before.
  for (const daysAgo of [1, 2]) {
    const revived = await seedLead(db(), ada.agent.id, {
      ...worked,
      createdAt: ago(60),
      lastActivityAt: ago(daysAgo),
    });
    await activity(revived.id, ago(daysAgo));
  }

  // Ben's last week: one lead nobody has contacted yet.
  await seedLead(db(), ben.agent.id, { ...worked, createdAt: local(shiftDay(lastWeek, 4), 15, 0) });
  // Another office's agent: never in this digest.
  await seedLead(db(), stranger.agent.id, { createdAt: local(shiftDay(lastWeek, 1), 10, 0) });
  return { office, ada, ben, stranger };
}

describe('the weekly digest', () => {
  it("gives each agent's week beside the week before", async () => {
    const { office } = await officeWithAgents();
    expect(await sendDueDigests(ctx.deps, local(monday, 7, 31))).toBe(1);
    const [message] = await digestsTo(office.user.email);
    expect(message!.subject).toBe("Your office's week: 4 leads received, 2 stale");
    const text = message!.textBody;

    expect(block(text, 'All your agents')).toBe(
      [
        'All your agents',
        'Leads received: 4 (week before: 1)',
        'Speed to contact: 20 min (week before: 2 h)',
        'Closings: 1 (week before: 0)',
        'Stale leads: 2 (a week ago: 3)',
      ].join('\n'),
    );
    expect(block(text, 'Ada Adams')).toBe(
      [
        'Ada Adams',
        'Leads received: 3 (week before: 1)',
        'Speed to contact: 20 min (week before: 2 h)',
        'Closings: 1 (week before: 0)',
        'Stale leads: 2 (a week ago: 3)',
      ].join('\n'),
    );
    expect(block(text, 'Ben Brown')).toBe(
      [
        'Ben Brown',
        'Leads received: 1 (week before: 0)',
        'Speed to contact: no lead contacted (week before: no lead contacted)',
        'Closings: 0 (week before: 0)',
        'Stale leads: 0 (a week ago: 0)',
      ].join('\n'),
    );
    // The busiest agent first; nobody of another office.
    expect(text.indexOf('\nAda Adams\n')).toBeLessThan(text.indexOf('\nBen Brown\n'));
    expect(text).not.toContain('Stranger Danger');
    expect(message!.htmlBody).toContain('Ben Brown');
    expect(message!.htmlBody).toContain(`href="${TEST_PUBLIC_URL}/leads"`);
    expect(text).toContain(`${TEST_PUBLIC_URL}/account/password`);
  });

  it('goes on Monday from 7:30 in the office zone, once a week however often it runs', async () => {
    const { office } = await officeWithAgents();
    expect(await sendDueDigests(ctx.deps, local(shiftDay(monday, -1), 12, 0))).toBe(0);
    expect(await sendDueDigests(ctx.deps, local(monday, 7, 29))).toBe(0);
    expect(await digestsTo(office.user.email)).toHaveLength(0);

    const runs = await Promise.all([
      sendDueDigests(ctx.deps, local(monday, 7, 30)),
      sendDueDigests(ctx.deps, local(monday, 7, 31)),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sendDueDigests(ctx.deps, local(monday, 16, 0))).toBe(0);
    // Tuesday is not a digest day, whatever was sent.
    expect(await sendDueDigests(ctx.deps, local(shiftDay(monday, 1), 7, 31))).toBe(0);
    expect(await digestsTo(office.user.email)).toHaveLength(1);

    expect(await sendDueDigests(ctx.deps, local(shiftDay(monday, 7), 7, 31))).toBe(1);
    expect(await digestsTo(office.user.email)).toHaveLength(2);
  });

  it('is not sent to an office that turned it off or sees no agent', async () => {
    const { office } = await officeWithAgents();
    await db()
      .update(users)
      .set({ preferences: { digest_email: false } })
      .where(eq(users.id, office.user.id));
    const empty = await seedCorporate(db());
    expect(await sendDueDigests(ctx.deps, local(monday, 7, 31))).toBe(0);
    expect(await digestsTo(office.user.email)).toHaveLength(0);
    expect(await digestsTo(empty.user.email)).toHaveLength(0);
  });
});
