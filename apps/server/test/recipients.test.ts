import { SILENT_PRIMARY_DETAIL } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agents, outboxMessages, settings, users } from '../src/db/schema';
import { forgetSettings } from '../src/lib/settings';
import { agentSession } from './helpers/agent-session';
import { createTestContext, drainJobs, eventually, type TestContext } from './helpers/app';
import { lastMessageTo, linkIn, type seedAgent, seedUser } from './helpers/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ workers: true });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

/** A signed-in agent past signup, and `call` for its /api/portal/me/recipients endpoints. */
async function recipientsAgent(overrides: Parameters<typeof seedAgent>[1] = {}) {
  const session = await agentSession(ctx, {
    agent: {
      signupStatus: 'complete',
      agentFirstName: 'Dana',
      agentLastName: 'Reyes',
      agentPhone: '+16025550142',
      ...overrides.agent,
    },
    user: overrides.user,
  });
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/portal/me/recipients${url}`, headers: session.headers, payload });
  return { ...session, call };
}

const leadRouting = async (agentId: string) => {
  const [row] = await ctx.deps.database.db.select().from(agents).where(eq(agents.id, agentId));
  return row!.onboardingSteps.lead_routing;
};

describe('recipients', () => {
  it('start with the agent: primary, all channels on, not removable', async () => {
    const { call, agent } = await recipientsAgent();
    const list = await call('GET', '');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        first_name: 'Dana',
        phone_number: '+16025550142',
        is_agent: true,
        is_primary: true,
        is_active: true,
        send_sms: true,
        send_email: true,
        phone_call: true,
      }),
    ]);
    const removal = await call('DELETE', `/${list.json()[0]._id}`);
    expect(removal.statusCode).toBe(400);
    expect(removal.json().detail).toMatch(/cannot be removed/);
    expect(await leadRouting(agent.id)).toBe(false);
  });

  it('adding one turns lead_routing on; removing it turns it off, with the record’s list kept in step', async () => {
    const { call, agent } = await recipientsAgent();
    const added = await call('POST', '', {
      first_name: 'Sam',
      email: 'Sam@Example.com',
      phone_number: '602 555 0177',
      send_sms: true,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      first_name: 'Sam',
      email: 'sam@example.com',
      phone_number: '+16025550177',
      is_primary: false,
      is_agent: false,
    });
    expect(await leadRouting(agent.id)).toBe(true);
    const [row] = await ctx.deps.database.db.select().from(agents).where(eq(agents.id, agent.id));
    expect(row!.recipients.map((r) => r.first_name)).toEqual(['Dana', 'Sam']);

    expect((await call('DELETE', `/${added.json()._id}`)).statusCode).toBe(204);
    expect(await leadRouting(agent.id)).toBe(false);
  });

  it('validates: first name required, e-mail and phone checked, a channel needs its address', async () => {
    const { call } = await recipientsAgent();
    expect((await call('POST', '', { first_name: '' })).json().detail).toMatch(/First name is required/);
    expect((await call('POST', '', { first_name: 'A', email: 'nope' })).json().detail).toMatch(/valid email/);
    expect((await call('POST', '', { first_name: 'A', phone_number: '12' })).json().detail).toMatch(
      /valid phone number/,
    );
    expect((await call('POST', '', { first_name: 'A', send_email: true })).json().detail).toMatch(
      /e-mail address is needed/,
    );
    expect((await call('POST', '', { first_name: 'A', is_agent: true })).statusCode).toBe(400);
  });

  it('keeps exactly one primary, and refuses an inactive one as primary', async () => {
    const { call } = await recipientsAgent();
    const sam = (
      await call('POST', '', { first_name: 'Sam', email: 'sam@example.com', send_email: true })
    ).json();
    const kim = (await call('POST', '', { first_name: 'Kim', is_active: false })).json();

    const refused = await call('PATCH', `/${kim._id}`, { is_primary: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: 'cannot set recipient as primary when inactive' });

    expect((await call('PATCH', `/${sam._id}`, { is_primary: true })).json().is_primary).toBe(true);
    const list = (await call('GET', '')).json();
    expect(
      list
        .filter((r: { is_primary: boolean }) => r.is_primary)
        .map((r: { first_name: string }) => r.first_name),
    ).toEqual(['Sam']);
    expect((await call('PATCH', `/${sam._id}`, { is_active: false })).json().detail).toMatch(
      /another recipient primary/,
    );

    // Removing the primary hands the role back to the agent.
    await call('DELETE', `/${sam._id}`);
    const after = (await call('GET', '')).json();
    expect(after.find((r: { is_agent: boolean }) => r.is_agent).is_primary).toBe(true);
  });

  it('refuses a primary told by no channel: added as primary, made primary, or its last channel turned off', async () => {
    const { call } = await recipientsAgent();
    const silent = await call('POST', '', { first_name: 'Quiet', is_primary: true });
    expect(silent.statusCode).toBe(400);
    expect(silent.json()).toEqual({ detail: SILENT_PRIMARY_DETAIL });
    expect((await call('GET', '')).json().map((r: { first_name: string }) => r.first_name)).not.toContain(
      'Quiet',
    );

    const lee = (await call('POST', '', { first_name: 'Lee' })).json();
    const refused = await call('PATCH', `/${lee._id}`, { is_primary: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ detail: SILENT_PRIMARY_DETAIL });

    const ana = (
      await call('POST', '', {
        first_name: 'Ana',
        email: 'ana@example.com',
        send_email: true,
        is_primary: true,
      })
    ).json();
    expect(ana.is_primary).toBe(true);
    const last = await call('PATCH', `/${ana._id}`, { send_email: false });
    expect(last.statusCode).toBe(400);
    expect(last.json()).toEqual({ detail: SILENT_PRIMARY_DETAIL });
    expect((await call('GET', '')).json().find((r: { _id: string }) => r._id === ana._id).send_email).toBe(
      true,
    );
  });

  it('gives the role back to the agent with e-mail on when the primary leaves and the agent had turned every channel off', async () => {
    const { call } = await recipientsAgent();
    const list = (await call('GET', '')).json();
    const own = list.find((r: { is_agent: boolean }) => r.is_agent);
    const sam = (
      await call('POST', '', { first_name: 'Sam', email: 'sam@example.com', send_email: true })
    ).json();
    expect((await call('PATCH', `/${sam._id}`, { is_primary: true })).statusCode).toBe(200);
    const quiet = await call('PATCH', `/${own._id}`, {
      send_sms: false,
      send_email: false,
      phone_call: false,
    });
    expect(quiet.statusCode).toBe(200);
    expect((await call('DELETE', `/${sam._id}`)).statusCode).toBeLessThan(300);
    const back = (await call('GET', '')).json().find((r: { is_agent: boolean }) => r.is_agent);
    expect(back).toMatchObject({ is_primary: true, send_email: true });
  });

  it('another agent’s recipient is not found (404)', async () => {
    const owner = await recipientsAgent();
    const theirs = (await owner.call('POST', '', { first_name: 'Private' })).json();
    const other = await recipientsAgent();
    expect((await other.call('PATCH', `/${theirs._id}`, { first_name: 'Hijacked' })).statusCode).toBe(404);
    expect((await other.call('DELETE', `/${theirs._id}`)).statusCode).toBe(404);
  });

  it('is refused when the brokerage hides lead routing from the agent', async () => {
    const corporate = await seedUser(ctx.deps.database.db, { userRole: 'corporate' });
    await ctx.deps.database.db
      .update(users)
      .set({ preferences: { can_see_portal_recipients: false } })
      .where(eq(users.id, corporate.user.id));
    const { call } = await recipientsAgent({ agent: { corporateUserId: corporate.user.id } });
    expect((await call('GET', '')).statusCode).toBe(403);
  });
});

describe('recipient sign-in by magic link', () => {
  async function recipientLink(email: string) {
    await ctx.app.inject({ method: 'POST', url: '/api/auth/request-magic-link', payload: { email } });
    // The newest message: a recipient added with an address was sent an invitation before it.
    const message = await eventually(async () => {
      const last = await lastMessageTo(ctx.deps.database.db, email);
      return last?.template === 'magic_link' && last;
    });
    return linkIn(message.textBody, '/login/magic/').token;
  }

  it('opens a limited session for a team member, which stops when the recipient is deactivated', async () => {
    const { call } = await recipientsAgent();
    const sam = (
      await call('POST', '', { first_name: 'Sam', email: 'sam.team@example.com', send_email: true })
    ).json();
    const token = await recipientLink('sam.team@example.com');
    expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).type).toBe(
      'recipient_login',
    );

    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/validate-magic-token',
      payload: { token, expected_type: 'recipient_login' },
    });
    expect(signIn.statusCode).toBe(200);
    const body = signIn.json();
    expect(body).toMatchObject({
      is_recipient_session: true,
      recipient_context: { recipient_id: sam._id, first_name: 'Sam', agent_name: 'Dana Reyes' },
    });
    expect(signIn.cookies).toHaveLength(0);

    const session = { 'x-recipient-session': body.session_token };
    expect((await ctx.app.inject({ url: '/api/recipient/me', headers: session })).statusCode).toBe(200);
    // No bearer: every agent-only route refuses the recipient session.
    for (const url of ['/api/me', '/api/portal/me', '/api/portal/me/recipients', '/api/dev/mailbox']) {
      expect((await ctx.app.inject({ url, headers: session })).statusCode).toBe(401);
    }
    // The link works once.
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/validate-magic-token', payload: { token } }))
        .statusCode,
    ).toBe(400);

    await call('PATCH', `/${sam._id}`, { is_active: false });
    const after = await ctx.app.inject({ url: '/api/recipient/me', headers: session });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Recipient session expired' });
  });

  it('a removed recipient’s session ends at once; a forged session is refused', async () => {
    const { call } = await recipientsAgent();
    const kim = (await call('POST', '', { first_name: 'Kim', email: 'kim.team@example.com' })).json();
    const token = await recipientLink('kim.team@example.com');
    const { session_token } = (
      await ctx.app.inject({ method: 'POST', url: '/api/auth/validate-magic-token', payload: { token } })
    ).json();
    await call('DELETE', `/${kim._id}`);
    expect(
      (await ctx.app.inject({ url: '/api/recipient/me', headers: { 'x-recipient-session': session_token } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await ctx.app.inject({ url: '/api/recipient/me', headers: { 'x-recipient-session': 'x'.repeat(43) } }))
        .statusCode,
    ).toBe(401);
  });

  it('an address with an account gets the normal sign-in link', async () => {
    const { user } = await recipientsAgent();
    const token = await recipientLink(user.email);
    expect(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).type).toBe('default_login');
  });
});

describe('recipients of an agent who stops working with us', () => {
  async function signedInRecipient(email: string) {
    const agent = await recipientsAgent();
    await agent.call('POST', '', { first_name: 'Lee', email, send_email: true });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/request-magic-link', payload: { email } });
    const message = await eventually(async () => {
      const last = await lastMessageTo(ctx.deps.database.db, email);
      return last?.template === 'magic_link' && last;
    });
    const token = linkIn(message.textBody, '/login/magic/').token;
    const { session_token } = (
      await ctx.app.inject({ method: 'POST', url: '/api/auth/validate-magic-token', payload: { token } })
    ).json();
    const session = { 'x-recipient-session': session_token as string };
    expect((await ctx.app.inject({ url: '/api/recipient/me', headers: session })).statusCode).toBe(200);
    return { agent, session };
  }

  const db = () => ctx.deps.database.db;
  const messagesTo = async (email: string) =>
    (await db().select().from(outboxMessages)).filter((m) => m.toAddress === email).length;

  for (const status of ['inactive', 'suspended', 'terminated'] as const) {
    it(`ends the sessions and refuses new links when the agent is ${status}`, async () => {
      const email = `lee.${status}@example.com`;
      const { agent, session } = await signedInRecipient(email);
      await db().update(agents).set({ agentStatus: status }).where(eq(agents.id, agent.agent.id));
      const after = await ctx.app.inject({ url: '/api/recipient/me', headers: session });
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ detail: 'Recipient session expired' });
      expect((await ctx.app.inject({ url: '/api/portal/me/leads', headers: session })).statusCode).toBe(401);

      // No new link is sent; the request still answers as for any address.
      const sent = await messagesTo(email);
      const request = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/request-magic-link',
        payload: { email },
      });
      expect(request.statusCode).toBeLessThan(300);
      await drainJobs(ctx);
      expect(await messagesTo(email)).toBe(sent);
    });
  }

  it('ends the sessions when the agent’s account is deactivated, and refuses a link issued before', async () => {
    const email = 'lee.deactivated@example.com';
    const { agent, session } = await signedInRecipient(email);
    // A link sent while the agent was still active...
    await ctx.app.inject({ method: 'POST', url: '/api/auth/request-magic-link', payload: { email } });
    await drainJobs(ctx);
    const message = await lastMessageTo(db(), email);
    const token = linkIn(message!.textBody, '/login/magic/').token;
    await db().update(users).set({ isActive: false }).where(eq(users.id, agent.user.id));
    expect((await ctx.app.inject({ url: '/api/recipient/me', headers: session })).statusCode).toBe(401);
    // ...no longer opens a session.
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/validate-magic-token',
      payload: { token },
    });
    expect(late.statusCode).toBe(400);
  });
});

describe('the routing list has a ceiling', () => {
  it('refuses one more recipient than the quota allows, saying so, and keeps the list as it was', async () => {
    await ctx.deps.database.db
      .insert(settings)
      .values({ key: 'quotas', value: { recipients_per_agent: 3 }, updatedBy: 'test' })
      .onConflictDoUpdate({ target: settings.key, set: { value: { recipients_per_agent: 3 } } });
    forgetSettings();
    const { call } = await recipientsAgent();
    // The agent is the first of the three.
    expect(
      (await call('POST', '', { first_name: 'Sam', email: 'sam@example.com', send_email: true })).statusCode,
    ).toBe(201);
    expect(
      (await call('POST', '', { first_name: 'Kim', email: 'kim@example.com', send_email: true })).statusCode,
    ).toBe(201);
    const fourth = await call('POST', '', { first_name: 'Lee', email: 'lee@example.com', send_email: true });
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json().detail).toBe(
      'Your routing list already has 3 people, the most an account can have. Remove someone to add someone else.',
    );
    expect((await call('GET', '')).json().map((r: { first_name: string }) => r.first_name)).toEqual([
      'Dana',
      'Sam',
      'Kim',
    ]);
  });
});
