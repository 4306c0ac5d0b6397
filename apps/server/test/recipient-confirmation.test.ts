import { SEND_EMAIL_DETAIL } from '@portal/shared';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agents, outboxMessages, rateLimits, recipients } from '../src/db/schema';
import { sendAccountEmail } from '../src/modules/auth/links';
import { agentSession } from './helpers/agent-session';
import { createTestContext, TEST_PUBLIC_URL, type TestContext } from './helpers/app';
import { linkIn, seedLead } from './helpers/factories';

/**
 * SECURITY.md items 17 and 27: the composer writes to a recipient only once the recipient's
 * owner confirmed the address (the invitation's link, or a recipient sign-in by magic link);
 * a lead's own address needs no confirmation. New agents send less in their first days.
 */
const SEND = '/api/portal/agents/send-email';
const OPTIONS = '/api/portal/agents/send-email/options';
const CONFIRM = '/api/recipient/confirm-email';
const CONFIRM_PATH = '/recipient/confirm/';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.deps.database.db;

/** Dana, a new agent with a lead (Pat) and the composer and recipients endpoints at hand. */
async function dana(context: TestContext = ctx) {
  const session = await agentSession(context, {
    user: { email: `dana-${Math.random().toString(16).slice(2)}@example.com`, name: 'Dana R' },
    agent: {
      agentFirstName: 'Dana',
      agentLastName: 'Reyes',
      signupStatus: 'complete',
      agentStatus: 'active',
    },
  });
  const lead = await seedLead(context.deps.database.db, session.agent.id, {
    firstName: 'Pat',
    lastName: 'Owner',
    email: 'pat@example.com',
  });
  const send = (to: string, extra: Record<string, unknown> = {}) =>
    context.app.inject({
      method: 'POST',
      url: SEND,
      headers: session.headers,
      payload: { from_email: session.user.email, to, subject: 'Hello', message: '<p>Hello</p>', ...extra },
    });
  const recipientsCall = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    context.app.inject({ method, url: `/api/portal/me/recipients${url}`, headers: session.headers, payload });
  const options = async () => (await context.app.inject({ url: OPTIONS, headers: session.headers })).json();
  return { ...session, lead, send, recipientsCall, options };
}

const messagesTo = (email: string) =>
  db()
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.toAddress, email))
    .orderBy(desc(outboxMessages.createdAt));

/** The newest invitation to an address, and its confirm link's token. */
async function invitationTo(email: string) {
  const [message] = await db()
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.toAddress, email), eq(outboxMessages.template, 'recipient_invitation')))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  if (!message) throw new Error(`no invitation to ${email}`);
  return { message, ...linkIn(message.textBody, CONFIRM_PATH) };
}

const confirm = (token: string) => ctx.app.inject({ method: 'POST', url: CONFIRM, payload: { token } });

describe('the invitation and its confirm link', () => {
  it('is sent when a recipient is added; the composer refuses the address until it is opened, once', async () => {
    const agent = await dana();
    const added = await agent.recipientsCall('POST', '', {
      first_name: 'Riley',
      email: 'Riley@Example.com',
      send_email: true,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ email_confirmed: false, email_invited_at: expect.any(String) });

    const invitation = await invitationTo('riley@example.com');
    expect(invitation.url.startsWith(`${TEST_PUBLIC_URL}${CONFIRM_PATH}`)).toBe(true);
    expect(invitation.message.subject).toContain('Dana Reyes');
    expect(invitation.message.textBody).toContain('Dana Reyes added you to receive their leads');
    expect(invitation.message.htmlBody).toContain('confirm');

    // Not yet confirmed: refused with a reason, and not offered by the composer.
    const refused = await agent.send('riley@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(SEND_EMAIL_DETAIL.unconfirmedRecipient);
    expect((await messagesTo('riley@example.com')).map((m) => m.template)).toEqual(['recipient_invitation']);
    const before = await agent.options();
    expect(before.to.map((o: { email: string }) => o.email)).not.toContain('riley@example.com');
    expect(before.awaiting_confirmation).toEqual([
      { email: 'riley@example.com', label: 'Riley (recipient)', kind: 'recipient' },
    ]);

    const opened = await confirm(invitation.token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ email: 'riley@example.com', agent_name: 'Dana Reyes' });
    expect((await agent.send('riley@example.com')).statusCode).toBe(202);
    const after = await agent.options();
    expect(after.to.map((o: { email: string }) => o.email)).toContain('riley@example.com');
    expect(after.awaiting_confirmation).toEqual([]);
    const [listed] = (await agent.recipientsCall('GET', '')).json().filter((r: { email: string }) => {
      return r.email === 'riley@example.com';
    });
    expect(listed).toMatchObject({ email_confirmed: true });

    // The link works once, and says so.
    const again = await confirm(invitation.token);
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/confirmation link/i);
    const forged = await confirm('not-a-token');
    expect(forged.statusCode).toBe(400);
  });

  it('a recipient sign-in by magic link confirms the address too', async () => {
    const agent = await dana();
    await agent.recipientsCall('POST', '', { first_name: 'Sam', email: 'sam@example.com', send_email: true });
    expect((await agent.send('sam@example.com')).statusCode).toBe(403);

    await sendAccountEmail(ctx.deps, 'magic', 'sam@example.com');
    const [magic] = await messagesTo('sam@example.com');
    const { token } = linkIn(magic!.textBody, '/login/magic/');
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/validate-magic-token',
      payload: { token },
    });
    expect(signIn.statusCode).toBe(200);
    expect((await agent.send('sam@example.com')).statusCode).toBe(202);
  });

  it('a new address clears the confirmation, revokes the old link and invites the new address', async () => {
    const agent = await dana();
    const kim = (
      await agent.recipientsCall('POST', '', {
        first_name: 'Kim',
        email: 'kim@example.com',
        send_email: true,
      })
    ).json();
    const first = await invitationTo('kim@example.com');
    expect((await confirm(first.token)).statusCode).toBe(200);
    expect((await agent.send('kim@example.com')).statusCode).toBe(202);

    // A new invitation to the old address, not yet opened, then the address changes.
    expect((await agent.recipientsCall('PATCH', `/${kim._id}`, { last_name: 'Lee' })).json()).toMatchObject({
      email_confirmed: true,
    });
    const changed = await agent.recipientsCall('PATCH', `/${kim._id}`, { email: 'kim.new@example.com' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email_confirmed: false });
    const refused = await agent.send('kim.new@example.com');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(SEND_EMAIL_DETAIL.unconfirmedRecipient);
    // The old address is nobody's any more.
    expect((await agent.send('kim@example.com')).json().detail).toBe(SEND_EMAIL_DETAIL.foreignTarget);

    const second = await invitationTo('kim.new@example.com');
    expect((await confirm(second.token)).statusCode).toBe(200);
    expect((await agent.send('kim.new@example.com')).statusCode).toBe(202);
  });

  it('a link sent to an old address does not confirm the new one', async () => {
    const agent = await dana();
    const lou = (
      await agent.recipientsCall('POST', '', {
        first_name: 'Lou',
        email: 'lou@example.com',
        send_email: true,
      })
    ).json();
    const old = await invitationTo('lou@example.com');
    await agent.recipientsCall('PATCH', `/${lou._id}`, { email: 'lou.new@example.com' });
    expect((await confirm(old.token)).statusCode).toBe(400);
    expect((await agent.send('lou.new@example.com')).statusCode).toBe(403);
  });

  it("the agent's own recipient at the verified account address needs no confirmation", async () => {
    const agent = await dana();
    const [own] = (await agent.recipientsCall('GET', '')).json();
    expect(own).toMatchObject({ is_agent: true, email: agent.user.email, email_confirmed: true });
    expect(await messagesTo(agent.user.email)).toEqual([]);
    expect((await agent.send(agent.user.email)).statusCode).toBe(202);
  });

  it("a lead's own address needs no confirmation", async () => {
    const agent = await dana();
    expect((await agent.send('pat@example.com', { lead_id: agent.lead.id })).statusCode).toBe(202);
    expect((await agent.send('pat@example.com')).statusCode).toBe(202);
  });
});

describe('POST /api/portal/me/recipients/:id/resend-confirmation', () => {
  it('sends a new invitation (the earlier link stops working), is throttled, and refuses when confirmed', async () => {
    const agent = await dana();
    const ada = (
      await agent.recipientsCall('POST', '', {
        first_name: 'Ada',
        email: 'ada@example.com',
        send_email: true,
      })
    ).json();
    const first = await invitationTo('ada@example.com');
    const resend = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/portal/me/recipients/${ada._id}/resend-confirmation`,
        headers: agent.headers,
      });
    const answer = await resend();
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toHaveProperty('detail');
    const second = await invitationTo('ada@example.com');
    expect(second.token).not.toBe(first.token);
    expect((await confirm(first.token)).statusCode).toBe(400);

    // The third invitation of the hour to this address is the last.
    expect((await resend()).statusCode).toBe(202);
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await messagesTo('ada@example.com')).toHaveLength(3);

    const latest = await invitationTo('ada@example.com');
    expect((await confirm(latest.token)).statusCode).toBe(200);
    await db().delete(rateLimits);
    const confirmed = await resend();
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json().detail).toMatch(/already confirmed/i);
  });

  it("an agent sends at most a day's allowance of invitations, across recipients and hours", async () => {
    const agent = await dana();
    // The day's allowance is spent (counted an hour at a time, the hourly counts would allow more).
    await db()
      .insert(rateLimits)
      .values({
        key: `send:recipient-invitation:account-day:${agent.agent.id}`,
        windowStart: new Date(),
        count: 40,
      });
    const added = await agent.recipientsCall('POST', '', {
      first_name: 'Bo',
      email: 'bo@example.com',
      send_email: true,
    });
    // The recipient is saved; the invitation waits, and asking for it now is refused with when.
    expect(added.statusCode).toBe(201);
    expect(await messagesTo('bo@example.com')).toHaveLength(0);
    const resend = await ctx.app.inject({
      method: 'POST',
      url: `/api/portal/me/recipients/${added.json()._id}/resend-confirmation`,
      headers: agent.headers,
    });
    expect(resend.statusCode).toBe(429);
    expect(Number(resend.headers['retry-after'])).toBeGreaterThan(3600);
  });

  it("another agent's recipient is not found", async () => {
    const agent = await dana();
    const other = await dana();
    const ada = (
      await agent.recipientsCall('POST', '', { first_name: 'Ada', email: 'ada@example.com' })
    ).json();
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/portal/me/recipients/${ada._id}/resend-confirmation`,
      headers: other.headers,
    });
    expect(answer.statusCode).toBe(404);
  });
});

describe('lead notifications', () => {
  it('do not wait for the confirmation (the recipient row keeps its channels)', async () => {
    const agent = await dana();
    const added = (
      await agent.recipientsCall('POST', '', { first_name: 'Bo', email: 'bo@example.com', send_email: true })
    ).json();
    const [row] = await db().select().from(recipients).where(eq(recipients.id, added._id));
    expect(row).toMatchObject({ sendEmail: true, isActive: true, emailConfirmedAt: null });
  });
});

describe('new agents send less in their first days', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({
      env: {
        RATE_LIMIT_AGENT_EMAIL_NEW_AGENT_PER_HOUR: '2',
        RATE_LIMIT_AGENT_EMAIL_NEW_AGENT_PER_DAY: '3',
      },
    });
  });
  afterAll(() => limited.close());

  it('refuses past the hourly and the daily allowance, saying when sending works again', async () => {
    const agent = await dana(limited);
    const addresses = ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com', 'e@example.com'];
    for (const email of addresses) await seedLead(limited.deps.database.db, agent.agent.id, { email });
    expect((await agent.send(addresses[0]!)).statusCode).toBe(202);
    expect((await agent.send(addresses[1]!)).statusCode).toBe(202);
    const hourly = await agent.send(addresses[2]!);
    expect(hourly.statusCode).toBe(429);
    expect(Number(hourly.headers['retry-after'])).toBeGreaterThan(0);
    expect(hourly.json().detail).toMatch(/first 7 days/);
    expect(hourly.json().detail).toMatch(/2 e-mails an hour/);
    expect(hourly.json().detail).toMatch(/You can send again in \d+ minutes?/);

    // An hour later the hourly allowance is back, and the day's runs out.
    await limited.deps.database.db
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - 2 * 3600 * 1000) })
      .where(like(rateLimits.key, '%new-agent:hour%'));
    expect((await agent.send(addresses[3]!)).statusCode).toBe(202);
    const daily = await agent.send(addresses[4]!);
    expect(daily.statusCode).toBe(429);
    expect(daily.json().detail).toMatch(/3 a day/);
    expect(daily.json().detail).toMatch(/You can send again in \d+ hours?/);
  });

  it('an agent registered more than 7 days ago has the usual allowance', async () => {
    const agent = await dana(limited);
    await limited.deps.database.db
      .update(agents)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(agents.id, agent.agent.id));
    const addresses = ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com'];
    for (const email of addresses) await seedLead(limited.deps.database.db, agent.agent.id, { email });
    const statuses = [];
    for (const to of addresses) statuses.push((await agent.send(to)).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202]);
  });
});
