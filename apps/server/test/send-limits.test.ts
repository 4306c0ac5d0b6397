import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages } from '../src/db/schema';
import { agentSession } from './helpers/agent-session';
import { bearer, createTestContext, login, type TestContext } from './helpers/app';
import { seedAgent, seedCorporate, seedLead, seedUser } from './helpers/factories';

/**
 * Routes a person can use to make the portal send, not covered by their own files' limit tests
 * (sign-in links, signup test messages, signing e-mails and the composer are): each is limited
 * per account and per target address (ADR 18).
 */
let ctx: TestContext;
const db = () => ctx.deps.database.db;
beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      RATE_LIMIT_CALL_BOOKING: '3',
      RATE_LIMIT_CONSOLE_SEND_PER_TARGET: '2',
      RATE_LIMIT_CONSOLE_SEND_PER_ACCOUNT: '5',
    },
  });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

async function superuser(email = 'olivia@office.test') {
  const admin = await seedUser(db(), { userRole: 'superuser', isSuperuser: true, name: 'Olivia', email });
  return (await login(ctx.app, admin.user.email, admin.password, '10.9.0.1')).accessToken as string;
}

const post = (url: string, token: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });

describe('sending routes are rate limited', () => {
  it('booking the onboarding call: a fourth booking in the hour is refused and sends nothing', async () => {
    const { headers, user } = await agentSession(ctx, {
      agent: { timezone: 'America/New_York', signupStatus: 'zoom' },
    });
    const slots = (await ctx.app.inject({ url: '/api/portal/me/onboarding-call/slots', headers })).json()
      .slots;
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof ctx.app.inject>> | undefined;
    for (const slot of slots.slice(0, 4)) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/api/portal/me/onboarding-call',
        headers,
        payload: { starts_at: slot.starts_at },
      });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) refused = answer;
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused!.json().detail).toBeTruthy();
    const mails = await db().select().from(outboxMessages).where(eq(outboxMessages.toAddress, user.email));
    expect(mails).toHaveLength(3);
  });

  it("the console's sign-in links: per corporate user, then per superuser", async () => {
    const token = await superuser();
    const office = await seedCorporate(db());
    const again = () => post(`/api/admin/corporate-users/${office.user.id}/login-link`, token);
    expect([(await again()).statusCode, (await again()).statusCode, (await again()).statusCode]).toEqual([
      200, 200, 429,
    ]);
    // Another target still works until the superuser's own allowance (5) is spent.
    const others = [];
    for (let i = 0; i < 4; i++) {
      const other = await seedCorporate(db());
      others.push((await post(`/api/admin/corporate-users/${other.user.id}/login-link`, token)).statusCode);
    }
    expect(others).toEqual([200, 200, 429, 429]);
  });

  it('hand assignment: per agent receiving the leads', async () => {
    const token = await superuser();
    const { agent } = await seedAgent(db(), { agent: { agentStatus: 'active' } });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const lead = await seedLead(db(), null);
      statuses.push(
        (await post(`/api/admin/leads/${lead.id}/assign`, token, { agent_id: agent.id })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('retrying a failed message: per message', async () => {
    const token = await superuser();
    const [message] = await db()
      .insert(outboxMessages)
      .values({
        channel: 'email',
        toAddress: 'x@example.com',
        fromAddress: 'portal@x',
        textBody: 't',
        status: 'failed',
      })
      .returning();
    const retry = async () => {
      await db()
        .update(outboxMessages)
        .set({ status: 'failed' })
        .where(and(eq(outboxMessages.id, message!.id)));
      return (await post(`/api/admin/outbox/${message!.id}/retry`, token)).statusCode;
    };
    expect([await retry(), await retry(), await retry()]).toEqual([200, 200, 429]);
  });
});
