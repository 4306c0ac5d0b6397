import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accessCodes, agents, groupMemberships, groups, outboxMessages, users } from '../src/db/schema';
import { PRIORITY } from '../src/lib/outbox';
import { bearer, createTestContext, refreshCookieOf, type TestContext } from './helpers/app';
import { lastMessageTo, seedAccessCode, seedAgent, seedUser } from './helpers/factories';

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

describe('POST /api/portal/register', () => {
  it('creates the user and the agent record at signup_status mailingAddress and signs in', async () => {
    const corporate = await seedUser(ctx.deps.database.db, { userRole: 'corporate' });
    const [group] = await ctx.deps.database.db.insert(groups).values({ name: 'West' }).returning();
    const code = await seedAccessCode(ctx.deps.database.db, {
      code: 'JOIN-NOW',
      maxUses: 5,
      corporateUserId: corporate.user.id,
      groupId: group!.id,
    });
    const response = await post('/api/portal/register', {
      email: 'Fresh.Agent@Example.com',
      access_code: 'join-now',
      password: 'a-long-and-quiet-river',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      token_type: 'bearer',
      user: { email: 'fresh.agent@example.com', is_agent: true, user_role: 'agent' },
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

    const [used] = await ctx.deps.database.db.select().from(accessCodes).where(eq(accessCodes.id, code.id));
    expect(used!.usedCount).toBe(1);
    const verify = await lastMessageTo(ctx.deps.database.db, 'fresh.agent@example.com');
    expect(verify?.subject).toBe('Confirm your e-mail address');
  });

  it('accepts a 128-character password and refuses 129, short and common ones', async () => {
    await seedAccessCode(ctx.deps.database.db, { code: 'PW-CODE' });
    const attempt = (email: string, password: string) =>
      post('/api/portal/register', { email, access_code: 'PW-CODE', password });
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
    const created = await ctx.deps.database.db.select({ email: users.email }).from(users);
    expect(created.map((u) => u.email).sort()).toEqual(['long@example.com', 'phrase@example.com']);
  });

  it('stores passwords with argon2id (m=19 MiB, t=2, p=1)', async () => {
    await seedAccessCode(ctx.deps.database.db, { code: 'HASH-CODE' });
    await post('/api/portal/register', {
      email: 'hash@example.com',
      access_code: 'HASH-CODE',
      password: 'hash-me-gently-please',
    });
    const [user] = await ctx.deps.database.db.select().from(users).where(eq(users.email, 'hash@example.com'));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('reveals nothing about an existing account and tells its owner instead', async () => {
    const { user } = await seedAgent(ctx.deps.database.db, { user: { email: 'taken@example.com' } });
    await seedAccessCode(ctx.deps.database.db, { code: 'DUP-CODE' });
    const response = await post('/api/portal/register', {
      email: 'Taken@Example.com',
      access_code: 'DUP-CODE',
      password: 'some-other-password-1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Registration failed' });
    expect(response.body).not.toContain(user.id);
    expect(refreshCookieOf(response)).toBeUndefined();
    const notice = await lastMessageTo(ctx.deps.database.db, 'taken@example.com');
    expect(notice?.subject).toBe('You already have an account');
    // The existing account and the code's count are untouched.
    const [code] = await ctx.deps.database.db
      .select()
      .from(accessCodes)
      .where(eq(accessCodes.code, 'DUP-CODE'));
    expect(code!.usedCount).toBe(0);
    expect(await ctx.deps.database.db.select().from(agents)).toHaveLength(1);
  });

  it('ignores fields a new agent may not set (is_superuser, user_role, agent_status)', async () => {
    await seedAccessCode(ctx.deps.database.db, { code: 'MASS-CODE' });
    const response = await post('/api/portal/register', {
      email: 'sneaky@example.com',
      access_code: 'MASS-CODE',
      password: 'sneaky-but-long-enough',
      is_superuser: true,
      user_role: 'superuser',
      agent_status: 'active',
      signup_status: 'complete',
    });
    expect(response.statusCode).toBe(201);
    const [user] = await ctx.deps.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'sneaky@example.com'));
    expect(user).toMatchObject({ isSuperuser: false, userRole: 'agent' });
    const [agent] = await ctx.deps.database.db.select().from(agents).where(eq(agents.userId, user!.id));
    expect(agent).toMatchObject({ agentStatus: 'onboarding', signupStatus: 'mailingAddress' });
  });

  it('respects the code’s use limit even under concurrent registrations', async () => {
    await seedAccessCode(ctx.deps.database.db, { code: 'ONE-SEAT', maxUses: 1 });
    const results = await Promise.all(
      ['seat1@example.com', 'seat2@example.com'].map((email) =>
        post('/api/portal/register', { email, access_code: 'ONE-SEAT', password: 'racing-for-the-seat' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(await ctx.deps.database.db.select().from(users)).toHaveLength(1);
  });

  it('leaves nothing half-written when the database fails part-way', async () => {
    await seedAccessCode(ctx.deps.database.db, { code: 'CLEAN-CODE', maxUses: 1 });
    // The agent record cannot be written: the user row before it must not stay either.
    await ctx.deps.database.executeSql(`
      create or replace function refuse_agent() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$;
      create trigger refuse_agent before insert on agents for each row execute function refuse_agent();
    `);
    try {
      const response = await post('/api/portal/register', {
        email: 'clean@example.com',
        access_code: 'CLEAN-CODE',
        password: 'clean-and-long-pass',
      });
      expect(response.statusCode).toBe(500);
      expect(response.json().detail).toMatch(/Internal server error \(request /);
      expect(response.body).not.toContain('disk full');
    } finally {
      await ctx.deps.database.executeSql(
        'drop trigger refuse_agent on agents; drop function refuse_agent();',
      );
    }
    expect(await ctx.deps.database.db.select().from(users)).toHaveLength(0);
    expect(await ctx.deps.database.db.select().from(outboxMessages)).toHaveLength(0);
    const [code] = await ctx.deps.database.db
      .select()
      .from(accessCodes)
      .where(eq(accessCodes.code, 'CLEAN-CODE'));
    expect(code!.usedCount).toBe(0);
    // The one-use code still works once the fault is gone.
    const retry = await post('/api/portal/register', {
      email: 'clean@example.com',
      access_code: 'CLEAN-CODE',
      password: 'clean-and-long-pass',
    });
    expect(retry.statusCode).toBe(201);
  });

  it('writes the verification e-mail with the account, due at once and ahead of lead traffic', async () => {
    await seedAccessCode(ctx.deps.database.db, { code: 'FIRST-IN-LINE' });
    const response = await post('/api/portal/register', {
      email: 'patient@example.com',
      access_code: 'FIRST-IN-LINE',
      password: 'waiting-is-fine-1',
    });
    expect(response.statusCode).toBe(201);
    const message = await lastMessageTo(ctx.deps.database.db, 'patient@example.com');
    expect(message).toMatchObject({
      status: 'queued',
      subject: 'Confirm your e-mail address',
      priority: PRIORITY.account,
    });
    expect(message!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('treats two registrations of one address at once as one account', async () => {
    await seedAccessCode(ctx.deps.database.db, { code: 'TWIN-1' });
    await seedAccessCode(ctx.deps.database.db, { code: 'TWIN-2' });
    const results = await Promise.all(
      ['TWIN-1', 'TWIN-2'].map((code) =>
        post('/api/portal/register', {
          email: 'twin@example.com',
          access_code: code,
          password: 'twins-are-fun-22',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(await ctx.deps.database.db.select().from(users)).toHaveLength(1);
  });

  it('treats access codes that differ only in case as one code', async () => {
    await seedAccessCode(ctx.deps.database.db, { code: 'CASE-CODE' });
    await expect(seedAccessCode(ctx.deps.database.db, { code: 'case-code' })).rejects.toThrow();
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
