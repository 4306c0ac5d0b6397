import { ERROR, REGISTRATION_SENT } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accessCodes,
  agents,
  groupMemberships,
  groups,
  outboxMessages,
  pendingRegistrations,
  users,
} from '../src/db/schema';
import { PRIORITY } from '../src/lib/outbox';
import { bearer, createTestContext, login, refreshCookieOf, type TestContext } from './helpers/app';
import { lastMessageTo, linkIn, seedAccessCode, seedAgent, seedUser } from './helpers/factories';
import { confirmRegistration, registerAndConfirm, registrationToken } from './helpers/register';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_CODE_PER_IP: '5' } });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

let ipCounter = 0;
const nextIp = () => `10.7.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const post = (url: string, payload: object, ip = nextIp()) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

describe('POST /api/portal/signup', () => {
  it('accepts a valid access code whatever its case', async () => {
    await seedAccessCode(ctx.deps.database.db, { code: 'SPRING-2026' });
    const response = await post('/api/portal/signup', {
      email: 'New@Example.com',
      access_code: 'spring-2026',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: 'new@example.com', access_code: 'SPRING-2026', valid: true });
  });

  it.each([
    ['unknown', {}],
    ['expired', { expiresAt: sql`now() - interval '1 day'` }],
    ['used up', { maxUses: 2, usedCount: 2 }],
    ['disabled', { disabledAt: sql`now()` }],
  ])('refuses an %s code with a message that says what to do', async (_label, overrides) => {
    if (_label !== 'unknown')
      await seedAccessCode(ctx.deps.database.db, { code: 'TRY-ME', ...(overrides as object) });
    const response = await post('/api/portal/signup', { email: 'a@example.com', access_code: 'TRY-ME' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/access code is not valid/i);
  });

  it('refuses a malformed e-mail with a clear detail', async () => {
    const response = await post('/api/portal/signup', { email: 'not-an-email', access_code: 'X' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/email/i);
  });

  it('throttles guessing of access codes per IP', async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/portal/signup', { email: 'g@example.com', access_code: `GUESS-${i}` }, '10.8.0.1'))
          .statusCode,
      ).toBe(400);
    }
    const blocked = await post(
      '/api/portal/signup',
      { email: 'g@example.com', access_code: 'GUESS-X' },
      '10.8.0.1',
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/portal/register and the e-mailed link', () => {
  const db = () => ctx.deps.database.db;
  const join = (payload: Record<string, unknown> & { email: string }) =>
    registerAndConfirm(ctx, payload, nextIp());

  it('e-mails the link, creates nothing until it is opened, then creates the agent at mailingAddress and signs in', async () => {
    const corporate = await seedUser(db(), { userRole: 'corporate' });
    const [group] = await db().insert(groups).values({ name: 'West' }).returning();
    const code = await seedAccessCode(db(), {
      code: 'JOIN-NOW',
      maxUses: 5,
      corporateUserId: corporate.user.id,
      groupId: group!.id,
    });
    const requested = await post('/api/portal/register', {
      email: 'Fresh.Agent@Example.com',
      access_code: 'join-now',
      password: 'a-long-and-quiet-river',
    });
    expect(requested.statusCode).toBe(202);
    expect(requested.json()).toEqual({ detail: REGISTRATION_SENT });
    expect(refreshCookieOf(requested)).toBeUndefined();
    expect(await db().select().from(users).where(eq(users.email, 'fresh.agent@example.com'))).toHaveLength(0);
    const mail = await lastMessageTo(db(), 'fresh.agent@example.com');
    expect(mail).toMatchObject({ subject: 'Finish creating your account', priority: PRIORITY.account });
    // Due at once, ahead of lead traffic.
    expect(mail!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const { url, token } = linkIn(mail!.textBody, '/signup/confirm/');
    expect(url.startsWith('http://portal.test/signup/confirm/')).toBe(true);

    const response = await confirmRegistration(ctx, token);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      token_type: 'bearer',
      user: { email: 'fresh.agent@example.com', is_agent: true, user_role: 'agent', is_verified: true },
    });
    expect(refreshCookieOf(response)).toBeDefined();

    const me = await ctx.app.inject({ url: '/api/portal/me', headers: bearer(body.access_token) });
    expect(me.statusCode).toBe(200);
    const profile = me.json().agent_profile;
    expect(profile).toMatchObject({
      signup_status: 'mailingAddress',
      agent_status: 'onboarding',
      agent_email: 'fresh.agent@example.com',
      access_code: 'JOIN-NOW',
      corporate_user_id: corporate.user.id,
      timezone: 'Pending',
      mobile_device: 'pending',
      sms_test: 'pending',
      has_real_estate_team: 'no',
      fsbo: true,
      inherited: true,
      google: { lsa: 'pending', ads: 'pending', e_o_to_google: 'pending', homesnap_or_other: 'pending' },
      onboarding_steps: { introduction: false, my_team: false, service_agreement: false },
      group_memberships: [{ group_id: group!.id, group_name: 'West', is_manager: false }],
    });
    expect(profile.corporate_affiliation).toMatchObject({ id: corporate.user.id, user_role: 'corporate' });
    expect(me.json().rating_required).toBe(false);

    const [used] = await db().select().from(accessCodes).where(eq(accessCodes.id, code.id));
    expect(used!.usedCount).toBe(1);
    expect(await db().select().from(pendingRegistrations)).toHaveLength(0);
    // The link works once.
    const again = await confirmRegistration(ctx, token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: ERROR.tokenInvalid });
    // The password chosen at registration is the account's.
    expect(
      (await login(ctx.app, 'fresh.agent@example.com', 'a-long-and-quiet-river')).accessToken,
    ).toBeTruthy();
  });

  it('accepts a 128-character password and refuses 129, short and common ones', async () => {
    await seedAccessCode(db(), { code: 'PW-CODE' });
    const attempt = (email: string, password: string) => join({ email, access_code: 'PW-CODE', password });
    const long = await attempt('long@example.com', `${'x'.repeat(120)}abcdefgh`);
    expect(long.statusCode).toBe(201);
    const tooLong = await attempt('toolong@example.com', 'y'.repeat(129));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().detail).toMatch(/at most 128/);
    const short = await attempt('short@example.com', 'abc123');
    expect(short.json().detail).toMatch(/at least 8/);
    const common = await attempt('common@example.com', 'iloveyou1');
    expect(common.json().detail).toMatch(/most common passwords/);
    // No composition rules: a long lowercase passphrase is fine.
    expect((await attempt('phrase@example.com', 'correct horse battery staple')).statusCode).toBe(201);
    const created = await db().select({ email: users.email }).from(users);
    expect(created.map((u) => u.email).sort()).toEqual(['long@example.com', 'phrase@example.com']);
  });

  it('stores passwords with argon2id (m=19 MiB, t=2, p=1), also while the link waits', async () => {
    await seedAccessCode(db(), { code: 'HASH-CODE' });
    await post('/api/portal/register', {
      email: 'hash@example.com',
      access_code: 'HASH-CODE',
      password: 'hash-me-gently-please',
    });
    const [pending] = await db().select().from(pendingRegistrations);
    expect(pending!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await confirmRegistration(ctx, await registrationToken(ctx, 'hash@example.com'));
    const [user] = await db().select().from(users).where(eq(users.email, 'hash@example.com'));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('gives a known and an unknown address the same answer, and tells only the owners', async () => {
    const { user } = await seedAgent(db(), { user: { email: 'taken@example.com' } });
    await seedAccessCode(db(), { code: 'DUP-CODE' });
    const attempt = (email: string) =>
      post('/api/portal/register', { email, access_code: 'DUP-CODE', password: 'some-other-password-1' });
    const known = await attempt('Taken@Example.com');
    const unknown = await attempt('nobody.yet@example.com');
    for (const response of [known, unknown]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ detail: REGISTRATION_SENT });
      expect(refreshCookieOf(response)).toBeUndefined();
    }
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    expect(known.body).not.toContain(user.id);
    expect((await lastMessageTo(db(), 'taken@example.com'))?.subject).toBe('You already have an account');
    expect((await lastMessageTo(db(), 'nobody.yet@example.com'))?.subject).toBe(
      'Finish creating your account',
    );
    // Signing in with the password just registered tells nothing either: no account exists yet.
    const tryLogin = (username: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username, password: 'some-other-password-1' },
        remoteAddress: nextIp(),
      });
    const [signInKnown, signInNew] = [
      await tryLogin('taken@example.com'),
      await tryLogin('nobody.yet@example.com'),
    ];
    expect(signInNew.statusCode).toBe(signInKnown.statusCode);
    expect(signInNew.json()).toEqual(signInKnown.json());
    // The existing account and the code's count are untouched.
    const [code] = await db().select().from(accessCodes).where(eq(accessCodes.code, 'DUP-CODE'));
    expect(code!.usedCount).toBe(0);
    expect(await db().select().from(agents)).toHaveLength(1);
  });

  it('throttles a known and an unknown address alike, after the same number of tries', async () => {
    await seedAgent(db(), { user: { email: 'owner@example.com' } });
    await seedAccessCode(db(), { code: 'MANY-CODE' });
    const limit = ctx.deps.config.rateLimits.emailPerAddress;
    const answers = async (email: string) => {
      const statuses: number[] = [];
      for (let i = 0; i <= limit; i++)
        statuses.push(
          (
            await post('/api/portal/register', {
              email,
              access_code: 'MANY-CODE',
              password: 'patient-person-22',
            })
          ).statusCode,
        );
      return statuses;
    };
    const known = await answers('owner@example.com');
    const unknown = await answers('fresh.face@example.com');
    expect(known).toEqual(unknown);
    expect(known.at(-1)).toBe(429);
    expect(known.slice(0, -1).every((status) => status === 202)).toBe(true);
  });

  it('ignores fields a new agent may not set (is_superuser, user_role, agent_status)', async () => {
    await seedAccessCode(db(), { code: 'MASS-CODE' });
    const response = await join({
      email: 'sneaky@example.com',
      access_code: 'MASS-CODE',
      password: 'sneaky-but-long-enough',
      is_superuser: true,
      user_role: 'superuser',
      agent_status: 'active',
      signup_status: 'complete',
    });
    expect(response.statusCode).toBe(201);
    const [user] = await db().select().from(users).where(eq(users.email, 'sneaky@example.com'));
    expect(user).toMatchObject({ isSuperuser: false, userRole: 'agent' });
    const [agent] = await db().select().from(agents).where(eq(agents.userId, user!.id));
    expect(agent).toMatchObject({ agentStatus: 'onboarding', signupStatus: 'mailingAddress' });
  });

  it('respects the code’s use limit even when two links are opened at once', async () => {
    await seedAccessCode(db(), { code: 'ONE-SEAT', maxUses: 1 });
    const emails = ['seat1@example.com', 'seat2@example.com'];
    for (const email of emails) {
      const requested = await post('/api/portal/register', {
        email,
        access_code: 'ONE-SEAT',
        password: 'racing-for-the-seat',
      });
      expect(requested.statusCode).toBe(202);
    }
    const tokens = await Promise.all(emails.map((email) => registrationToken(ctx, email)));
    const results = await Promise.all(tokens.map((token) => confirmRegistration(ctx, token, nextIp())));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().detail).toBe(ERROR.invalidAccessCode);
    expect(await db().select().from(users)).toHaveLength(1);
  });

  it('leaves nothing half-written when the database fails part-way, and the link still works after', async () => {
    await seedAccessCode(db(), { code: 'CLEAN-CODE', maxUses: 1 });
    await post('/api/portal/register', {
      email: 'clean@example.com',
      access_code: 'CLEAN-CODE',
      password: 'clean-and-long-pass',
    });
    const token = await registrationToken(ctx, 'clean@example.com');
    // The agent record cannot be written: the user row before it must not stay either.
    await ctx.deps.database.executeSql(`
      create or replace function refuse_agent() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$;
      create trigger refuse_agent before insert on agents for each row execute function refuse_agent();
    `);
    try {
      const response = await confirmRegistration(ctx, token);
      expect(response.statusCode).toBe(500);
      expect(response.json().detail).toMatch(/Internal server error \(request /);
      expect(response.body).not.toContain('disk full');
    } finally {
      await ctx.deps.database.executeSql(
        'drop trigger refuse_agent on agents; drop function refuse_agent();',
      );
    }
    expect(await db().select().from(users)).toHaveLength(0);
    expect(await db().select().from(pendingRegistrations)).toHaveLength(1);
    const [code] = await db().select().from(accessCodes).where(eq(accessCodes.code, 'CLEAN-CODE'));
    expect(code!.usedCount).toBe(0);
    // The link was not spent: once the fault is gone it creates the account.
    expect((await confirmRegistration(ctx, token)).statusCode).toBe(201);
  });

  it('keeps only the newest link of an address, also for two registrations at once', async () => {
    await seedAccessCode(db(), { code: 'TWIN-1' });
    await seedAccessCode(db(), { code: 'TWIN-2' });
    const results = await Promise.all(
      ['TWIN-1', 'TWIN-2'].map((code) =>
        post('/api/portal/register', {
          email: 'twin@example.com',
          access_code: code,
          password: 'twins-are-fun-22',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([202, 202]);
    expect(await db().select().from(pendingRegistrations)).toHaveLength(1);
    const messages = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, 'twin@example.com'));
    const opened = await Promise.all(
      messages.map((m) => confirmRegistration(ctx, linkIn(m.textBody, '/signup/confirm/').token, nextIp())),
    );
    expect(opened.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(await db().select().from(users)).toHaveLength(1);
  });

  it('refuses an expired link, and a link for an address that has an account by now', async () => {
    await seedAccessCode(db(), { code: 'LATE-CODE' });
    const register = (email: string) =>
      post('/api/portal/register', { email, access_code: 'LATE-CODE', password: 'slow-to-read-mail-1' });
    await register('late@example.com');
    await db().update(pendingRegistrations).set({ expiresAt: sql`now() - interval '1 minute'` });
    const late = await confirmRegistration(ctx, await registrationToken(ctx, 'late@example.com'));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ detail: ERROR.tokenInvalid });

    await register('made.meanwhile@example.com');
    await seedUser(db(), { email: 'made.meanwhile@example.com' });
    const taken = await confirmRegistration(ctx, await registrationToken(ctx, 'made.meanwhile@example.com'));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ detail: ERROR.accountExists });
    expect(await db().select().from(agents)).toHaveLength(0);
  });

  it('never fails when the link is opened while the same address registers again', async () => {
    await seedAccessCode(db(), { code: 'RACE-CODE' });
    for (let round = 0; round < 5; round++) {
      const email = `racer${round}@example.com`;
      const payload = { email, access_code: 'RACE-CODE', password: 'racing-the-mailman-1' };
      await post('/api/portal/register', payload);
      const token = await registrationToken(ctx, email);
      const [opened, again] = await Promise.all([
        confirmRegistration(ctx, token, nextIp()),
        post('/api/portal/register', payload),
      ]);
      // Either the link won (account made; the second request mails the owner) or the new request
      // replaced it first (the old link is refused): never a 5xx, never a half-made account.
      expect([201, 400]).toContain(opened.statusCode);
      expect(again.statusCode).toBe(202);
    }
  });

  it('treats access codes that differ only in case as one code', async () => {
    await seedAccessCode(db(), { code: 'CASE-CODE' });
    await expect(seedAccessCode(db(), { code: 'case-code' })).rejects.toThrow();
  });
});

describe('GET /api/portal/me', () => {
  it('needs a signed-in user', async () => {
    const response = await ctx.app.inject({ url: '/api/portal/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Not authenticated' });
  });

  it('answers agent_profile null for a user without an agent record', async () => {
    const { user, password } = await seedUser(ctx.deps.database.db, { userRole: 'corporate' });
    const { login } = await import('./helpers/app');
    const { accessToken } = await login(ctx.app, user.email, password);
    const me = await ctx.app.inject({ url: '/api/portal/me', headers: bearer(accessToken) });
    expect(me.json()).toMatchObject({ user_role: 'corporate', agent_profile: null, zipcodes: [] });
  });

  it('asks an established agent for a rating when 30 days have passed', async () => {
    const { user, password } = await seedAgent(ctx.deps.database.db, {
      agent: {
        signupStatus: 'complete',
        agentStatus: 'active',
        onboardingDate: sql`now() - interval '40 days'` as never,
      },
    });
    const { login } = await import('./helpers/app');
    const { accessToken } = await login(ctx.app, user.email, password);
    const me = await ctx.app.inject({ url: '/api/portal/me', headers: bearer(accessToken) });
    expect(me.json().rating_required).toBe(true);
  });
});
