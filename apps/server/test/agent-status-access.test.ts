import { STATUS_MESSAGES, signInRefusal } from '@portal/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agents, auditLog, sessionFamilies } from '../src/db/schema';
import { sendAccountEmail } from '../src/modules/auth/links';
import { issueLinkToken } from '../src/modules/auth/one-time-tokens';
import { bearer, createTestContext, login, refreshCookieOf, type TestContext } from './helpers/app';
import { lastMessageTo, seedAgent, seedLead, seedUser } from './helpers/factories';

/**
 * What an agent's status lets the agent do with their own account (ADR 28, SECURITY.md item 25),
 * set the way the office sets it: through the console. The access matrix checks every route for
 * every status; this file checks the journeys around a change.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

async function superuserToken() {
  const admin = await seedUser(ctx.deps.database.db, { userRole: 'superuser', isSuperuser: true });
  const { accessToken } = await login(ctx.app, admin.user.email, admin.password, '10.9.0.1');
  return accessToken!;
}

/** An active agent with a lead, signed in (a bearer token and a refresh cookie). */
async function workingAgent() {
  const seeded = await seedAgent(ctx.deps.database.db, {
    user: { name: 'Tess Agent' },
    agent: { signupStatus: 'complete', agentStatus: 'active' },
  });
  const lead = await seedLead(ctx.deps.database.db, seeded.agent.id, { email: 'seller@example.com' });
  const signedIn = await login(ctx.app, seeded.user.email, seeded.password, '10.9.0.2');
  expect(signedIn.response.statusCode).toBe(200);
  return { ...seeded, lead, headers: bearer(signedIn.accessToken), cookie: signedIn.cookie! };
}

async function setStatus(agentId: string, status: string) {
  const response = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/agents/${agentId}`,
    headers: bearer(await superuserToken()),
    payload: { agent_status: status, reason: `set to ${status} by the office` },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const refresh = (cookie: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/refresh',
    headers: { cookie, 'sec-fetch-site': 'same-origin' },
  });

describe.each(['suspended', 'terminated'] as const)('an agent who is %s', (status) => {
  it('loses every session at the change, and the token and cookie they hold stop working', async () => {
    const agent = await workingAgent();
    expect((await ctx.app.inject({ url: '/api/portal/me/leads', headers: agent.headers })).statusCode).toBe(
      200,
    );

    await setStatus(agent.agent.id, status);

    const open = await ctx.deps.database.db
      .select()
      .from(sessionFamilies)
      .where(and(eq(sessionFamilies.userId, agent.user.id), isNull(sessionFamilies.revokedAt)));
    expect(open).toEqual([]);
    for (const request of [
      { method: 'GET' as const, url: '/api/portal/me/leads' },
      { method: 'GET' as const, url: `/api/portal/me/leads/${agent.lead.id}` },
      {
        method: 'PATCH' as const,
        url: `/api/portal/me/leads/${agent.lead.id}`,
        payload: { notes: 'still here' },
      },
      { method: 'GET' as const, url: '/api/me' },
      { method: 'GET' as const, url: '/api/portal/me' },
    ]) {
      const response = await ctx.app.inject({ ...request, headers: agent.headers });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(401);
    }
    const email = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/agents/send-email',
      headers: agent.headers,
      payload: {
        from_email: agent.user.email,
        to: 'seller@example.com',
        subject: 'Hi',
        message: '<p>Hi</p>',
      },
    });
    expect(email.statusCode).toBe(401);

    // The refresh cookie's session ended too.
    const refreshed = await refresh(agent.cookie);
    expect(refreshed.statusCode).toBe(401);
    const [row] = await ctx.deps.database.db.select().from(agents).where(eq(agents.id, agent.agent.id));
    expect(row!.agentStatus).toBe(status);
  });

  it('is told at sign-in to contact the office, and given no session or cookie', async () => {
    const agent = await workingAgent();
    await setStatus(agent.agent.id, status);

    const right = await login(ctx.app, agent.user.email, agent.password, '10.9.0.3');
    expect(right.response.statusCode).toBe(403);
    expect(right.response.json()).toEqual({ detail: signInRefusal(status) });
    expect(right.response.json().detail).toMatch(/contact your office/i);
    expect(right.cookie).toBeUndefined();
    expect(right.accessToken).toBeUndefined();

    // A wrong password says nothing about the status.
    const wrong = await login(ctx.app, agent.user.email, 'not-the-password-at-all', '10.9.0.3');
    expect(wrong.response.statusCode).toBe(400);
    expect(wrong.response.json().detail).toBe('LOGIN_BAD_CREDENTIALS');

    const refused = await ctx.deps.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login_refused'), eq(auditLog.actorId, agent.user.id)));
    expect(refused).toHaveLength(1);
  });

  it('cannot sign in with a magic link either: none is sent, and one sent before is refused', async () => {
    const agent = await workingAgent();
    const earlier = await ctx.deps.database.db.transaction((tx) =>
      issueLinkToken(tx, {
        secret: ctx.deps.config.tokenSecret,
        type: 'default_login',
        subject: agent.user.id,
        userId: agent.user.id,
        ttlSeconds: 600,
      }),
    );
    await setStatus(agent.agent.id, status);

    expect(await sendAccountEmail(ctx.deps, 'magic', agent.user.email)).toBe(false);
    expect(await lastMessageTo(ctx.deps.database.db, agent.user.email)).toBeNull();

    const used = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/validate-magic-token',
      payload: { token: earlier, expected_type: 'user_login' },
    });
    expect(used.statusCode).toBe(403);
    expect(used.json().detail).toBe(signInRefusal(status));
    expect(refreshCookieOf(used)).toBeUndefined();
  });

  it('is refused on every request when the status was set without ending the sessions', async () => {
    const agent = await workingAgent();
    await ctx.deps.database.db
      .update(agents)
      .set({ agentStatus: status })
      .where(eq(agents.id, agent.agent.id));
    for (const url of [
      '/api/portal/me/leads',
      '/api/me',
      '/api/portal/me',
      `/api/portal/me/leads/${agent.lead.id}`,
    ]) {
      const response = await ctx.app.inject({ url, headers: agent.headers });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().detail).toBe(signInRefusal(status));
    }
    const refreshed = await refresh(agent.cookie);
    expect(refreshed.statusCode).toBe(403);
    expect(refreshed.json().detail).toBe(signInRefusal(status));
    expect(refreshed.cookies.find((c) => c.name === 'refresh_token')?.value).toBe('');
  });
});

describe('a suspended agent made active again', () => {
  it('signs in as before', async () => {
    const agent = await workingAgent();
    await setStatus(agent.agent.id, 'suspended');
    expect((await login(ctx.app, agent.user.email, agent.password, '10.9.0.4')).response.statusCode).toBe(
      403,
    );
    await setStatus(agent.agent.id, 'active');
    const back = await login(ctx.app, agent.user.email, agent.password, '10.9.0.4');
    expect(back.response.statusCode).toBe(200);
    const leads = await ctx.app.inject({ url: '/api/portal/me/leads', headers: bearer(back.accessToken) });
    expect(leads.statusCode).toBe(200);
    expect(leads.json().items.map((l: { id: string }) => l.id)).toEqual([agent.lead.id]);
  });
});

describe('an inactive agent', () => {
  it('keeps their session, reads and works their leads, but sends no e-mail and cannot change routing', async () => {
    const agent = await workingAgent();
    await setStatus(agent.agent.id, 'inactive');

    const me = await ctx.app.inject({ url: '/api/portal/me', headers: agent.headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().agent_profile.agent_status).toBe('inactive');
    const leads = await ctx.app.inject({ url: '/api/portal/me/leads', headers: agent.headers });
    expect(leads.statusCode).toBe(200);
    const note = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/portal/me/leads/${agent.lead.id}`,
      headers: agent.headers,
      payload: { notes: 'Called back; still deciding' },
    });
    expect(note.statusCode).toBe(200);
    expect((await refresh(agent.cookie)).statusCode).toBe(200);
    const again = await login(ctx.app, agent.user.email, agent.password, '10.9.0.5');
    expect(again.response.statusCode).toBe(200);

    const email = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/agents/send-email',
      headers: agent.headers,
      payload: {
        from_email: agent.user.email,
        to: 'seller@example.com',
        subject: 'Hi',
        message: '<p>Hi</p>',
      },
    });
    expect(email.statusCode).toBe(403);
    expect(email.json().detail).toBe(STATUS_MESSAGES.inactiveSendEmail);

    const recipient = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/me/recipients',
      headers: agent.headers,
      payload: { first_name: 'Nia', email: 'nia@example.com', send_email: true },
    });
    expect(recipient.statusCode).toBe(403);
    expect(recipient.json().detail).toBe(STATUS_MESSAGES.inactiveRouting);

    for (const payload of [
      { zipcodes: ['85004', '85003'] },
      { crm_email: 'crm@example.com' },
      { fsbo: false },
    ]) {
      const routing = await ctx.app.inject({
        method: 'PATCH',
        url: '/api/portal/me/agent_profile',
        headers: agent.headers,
        payload,
      });
      expect(routing.statusCode, JSON.stringify(payload)).toBe(403);
      expect(routing.json().detail).toContain(STATUS_MESSAGES.inactiveRouting);
    }
    const name = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/portal/me/agent_profile',
      headers: agent.headers,
      payload: { agent_last_name: 'Renamed' },
    });
    expect(name.statusCode).toBe(200);
  });

  it('may e-mail again once active', async () => {
    const agent = await workingAgent();
    await setStatus(agent.agent.id, 'inactive');
    await setStatus(agent.agent.id, 'active');
    const email = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/agents/send-email',
      headers: agent.headers,
      payload: {
        from_email: agent.user.email,
        to: 'seller@example.com',
        subject: 'Hi',
        message: '<p>Hi</p>',
      },
    });
    expect(email.statusCode, email.body).toBe(202);
  });
});
