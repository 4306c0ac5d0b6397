import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agents, outboxMessages } from '../src/db/schema';
import { AGENDA_SECTION_LIMIT, sendDueAgendas } from '../src/modules/agenda/agenda';
import { bearer, createTestContext, login, TEST_PUBLIC_URL, type TestContext } from './helpers/app';
import { seedAgent, seedLead } from './helpers/factories';

/**
 * The agent's daily agenda at 7:30 in their time zone (DESIGN.md section 10). The clock is
 * injected: Tuesday March 3, 2026, when New York is UTC-5, Los Angeles UTC-8 and the office
 * (America/Denver by default) UTC-7.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const at = (iso: string) => new Date(iso);
const NY_0729 = at('2026-03-03T12:29:00Z');
const NY_0730 = at('2026-03-03T12:30:00Z');
const LA_0729 = at('2026-03-03T15:29:00Z');
const LA_0730 = at('2026-03-03T15:30:00Z');
const HOUR = 3600_000;

const db = () => ctx.deps.database.db;
const run = (now: Date) => sendDueAgendas(ctx.deps, now);

async function agendasTo(email: string) {
  return db()
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.toAddress, email), eq(outboxMessages.template, 'agenda_email')))
    .orderBy(asc(outboxMessages.createdAt));
}

/** An active agent in `timezone` with one lead to call back today (at `dueAt`). */
async function agentWithWork(timezone: string, dueAt = at('2026-03-03T19:00:00Z')) {
  const seeded = await seedAgent(db(), {
    agent: { agentStatus: 'active', signupStatus: 'complete', timezone },
  });
  const lead = await seedLead(db(), seeded.agent.id, {
    firstName: 'Jane',
    lastName: 'Doe',
    city: 'Phoenix',
    stage: 'pursuing',
    firstContactAt: at('2026-02-20T16:00:00Z'),
    nextAction: 'Call back about the price',
    nextActionAt: dueAt,
    createdAt: at('2026-02-20T15:00:00Z'),
  });
  return { ...seeded, lead };
}

const leadUrl = (id: string) => `${TEST_PUBLIC_URL}/leads?lead=${id}`;

describe('the daily agenda', () => {
  it('goes to agents in two zones at their own 7:30 and not before', async () => {
    const east = await agentWithWork('America/New_York');
    const west = await agentWithWork('America/Los_Angeles', at('2026-03-03T22:00:00Z'));

    expect(await run(NY_0729)).toBe(0);
    expect(await agendasTo(east.user.email)).toHaveLength(0);

    expect(await run(NY_0730)).toBe(1);
    expect(await agendasTo(east.user.email)).toHaveLength(1);
    expect(await agendasTo(west.user.email)).toHaveLength(0);

    expect(await run(LA_0729)).toBe(0);
    expect(await agendasTo(west.user.email)).toHaveLength(0);
    expect(await run(LA_0730)).toBe(1);
    expect(await agendasTo(west.user.email)).toHaveLength(1);
    expect(await agendasTo(east.user.email)).toHaveLength(1);
  });

  it("reads an agent without a zone on the office's clock", async () => {
    const pending = await agentWithWork('Pending');
    // 7:30 in Denver is 14:30 UTC.
    expect(await run(at('2026-03-03T14:29:00Z'))).toBe(0);
    expect(await run(at('2026-03-03T14:30:00Z'))).toBe(1);
    expect(await agendasTo(pending.user.email)).toHaveLength(1);
  });

  it('lists overdue next actions, new leads not yet contacted and what is due today, each with its link', async () => {
    const { user, agent, lead: today } = await agentWithWork('America/New_York');
    const overdue = await seedLead(db(), agent.id, {
      firstName: 'Olga',
      lastName: 'Overdue',
      stage: 'scheduled',
      firstContactAt: at('2026-02-25T16:00:00Z'),
      nextAction: 'Confirm the appointment',
      nextActionAt: at('2026-03-02T20:00:00Z'),
    });
    const fresh = await seedLead(db(), agent.id, {
      firstName: 'Nina',
      lastName: 'New',
      phone: '+16025550155',
      createdAt: at('2026-03-03T11:00:00Z'),
    });
    // Not on today's agenda: a next action tomorrow, a contacted lead without one, an archived
    // lead with an old next action, another agent's lead.
    const tomorrow = await seedLead(db(), agent.id, {
      firstName: 'Tom',
      lastName: 'Tomorrow',
      stage: 'pursuing',
      firstContactAt: at('2026-02-25T16:00:00Z'),
      nextAction: 'Send the price opinion',
      nextActionAt: at('2026-03-04T15:00:00Z'),
    });
    const contacted = await seedLead(db(), agent.id, {
      firstName: 'Carl',
      lastName: 'Contacted',
      firstContactAt: at('2026-03-01T16:00:00Z'),
    });
    const lost = await seedLead(db(), agent.id, {
      firstName: 'Lars',
      lastName: 'Lost',
      stage: 'lost',
      status: 'archived',
      lostReason: 'not_selling',
      nextActionAt: at('2026-03-01T16:00:00Z'),
    });
    const other = await agentWithWork('America/New_York');

    await run(NY_0730);
    const [message] = await agendasTo(user.email);
    expect(message!.subject).toBe('Today: 1 overdue, 1 new lead to call, 1 due today');
    const text = message!.textBody;
    expect(text).toContain('Your leads for Tuesday, March 3');
    for (const [lead, words] of [
      [overdue, 'Olga Overdue'],
      [fresh, 'Nina New'],
      [today, 'Jane Doe'],
    ] as const) {
      expect(text).toContain(words);
      expect(text).toContain(leadUrl(lead.id));
      expect(message!.htmlBody).toContain(`href="${leadUrl(lead.id)}"`);
    }
    // In the work queue's order, each in the agent's time.
    expect(text.indexOf('Overdue (1)')).toBeLessThan(text.indexOf('New leads not yet contacted (1)'));
    expect(text.indexOf('New leads not yet contacted (1)')).toBeLessThan(text.indexOf('Due today (1)'));
    expect(text).toContain('Confirm the appointment, due Mon, Mar 2, 3:00 PM');
    expect(text).toContain('Received Tue, Mar 3, 6:00 AM; call (602) 555-0155');
    expect(text).toContain('2:00 PM: Call back about the price');
    for (const lead of [tomorrow, contacted, lost, other.lead]) {
      expect(text).not.toContain(lead.id);
    }
    expect(message!.htmlBody).toContain('Agent Portal');
    expect(text).toContain(`${TEST_PUBLIC_URL}/profile`);
  });

  it('shows the first leads of a long list and counts the rest', async () => {
    const { user, agent } = await agentWithWork('America/New_York');
    for (let i = 0; i < AGENDA_SECTION_LIMIT + 3; i++) {
      await seedLead(db(), agent.id, {
        firstName: `Seller${i}`,
        createdAt: new Date(at('2026-03-01T12:00:00Z').getTime() + i * HOUR),
      });
    }
    await run(NY_0730);
    const [message] = await agendasTo(user.email);
    expect(message!.textBody).toContain(`New leads not yet contacted (${AGENDA_SECTION_LIMIT + 3})`);
    expect(message!.textBody).toContain('And 3 more leads in the portal.');
    // The longest waiting first.
    expect(message!.textBody).toContain('Seller0 ');
    expect(message!.textBody).not.toContain(`Seller${AGENDA_SECTION_LIMIT} `);
  });

  it('goes once a day, however often and however many runs at once; again the next day', async () => {
    const { user } = await agentWithWork('America/New_York');
    expect(await run(NY_0730)).toBe(1);
    expect(await run(at('2026-03-03T12:35:00Z'))).toBe(0);
    expect(await agendasTo(user.email)).toHaveLength(1);

    // Late on the same local day (UTC has moved on to Wednesday): still today's agenda sent.
    expect(await run(at('2026-03-04T04:00:00Z'))).toBe(0);

    const next = await Promise.all([
      run(at('2026-03-04T12:30:00Z')),
      run(at('2026-03-04T12:30:00Z')),
      run(at('2026-03-04T12:31:00Z')),
    ]);
    expect(next.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await agendasTo(user.email)).toHaveLength(2);
  });

  it('sends nothing when there is nothing to do', async () => {
    const seeded = await seedAgent(db(), {
      agent: { agentStatus: 'active', signupStatus: 'complete', timezone: 'America/New_York' },
    });
    await seedLead(db(), seeded.agent.id, {
      stage: 'pursuing',
      firstContactAt: at('2026-02-25T16:00:00Z'),
      nextActionAt: at('2026-03-05T15:00:00Z'),
    });
    expect(await run(NY_0730)).toBe(0);
    expect(await agendasTo(seeded.user.email)).toHaveLength(0);
  });

  it('is not sent when the agent turned it off, or to an agent who receives no leads', async () => {
    const off = await agentWithWork('America/New_York');
    const { accessToken } = await login(ctx.app, off.user.email, off.password);
    const saved = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/portal/me/preferences',
      headers: bearer(accessToken),
      payload: { agenda_email: false },
    });
    expect(saved.statusCode).toBe(200);
    const inactive = await agentWithWork('America/New_York');
    await db().update(agents).set({ agentStatus: 'inactive' }).where(eq(agents.id, inactive.agent.id));
    const onboarding = await agentWithWork('America/New_York');
    await db().update(agents).set({ agentStatus: 'onboarding' }).where(eq(agents.id, onboarding.agent.id));

    expect(await run(NY_0730)).toBe(0);
    for (const who of [off, inactive, onboarding]) expect(await agendasTo(who.user.email)).toHaveLength(0);

    // Turned back on the same morning: the next run sends it.
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/portal/me/preferences',
      headers: bearer(accessToken),
      payload: { agenda_email: true },
    });
    expect(await run(at('2026-03-03T12:35:00Z'))).toBe(1);
    expect(await agendasTo(off.user.email)).toHaveLength(1);
  });
});
