import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { rateLimits, users } from '../src/db/schema';
import { addressGroup } from '../src/modules/auth/login';
import { createTestContext, login, type TestContext, testConfig } from './helpers/app';
import { seedUser } from './helpers/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '3', RATE_LIMIT_LOGIN_PER_IP: '6' } });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

describe('POST /api/login', () => {
  it('signs in with the form fields username and password and sets the refresh cookie', async () => {
    const { user, password } = await seedUser(ctx.deps.database.db, { email: 'Agent@Example.com' });
    const { response } = await login(ctx.app, 'agent@example.com', password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ token_type: 'bearer', user: { id: user.id, email: 'Agent@Example.com' } });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(body)).not.toContain('argon2');

    const cookie = response.cookies.find((c) => c.name === 'refresh_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43);
    // Plain-HTTP dev: not Secure. An https public URL makes it Secure (below).
    expect(cookie?.secure).toBeFalsy();
    // The readable hint holds no secret; it only tells the web app a session exists.
    const hint = response.cookies.find((c) => c.name === 'has_session');
    expect(hint).toMatchObject({ value: '1', path: '/' });
    expect(hint?.httpOnly).toBeFalsy();
  });

  it('marks the refresh cookie Secure when the portal is served over https', async () => {
    const app = await buildApp({
      ...ctx.deps,
      config: testConfig({ PUBLIC_URL: 'https://portal.example.com' }),
    });
    const { password } = await seedUser(ctx.deps.database.db, { email: 'secure@example.com' });
    const { response } = await login(app, 'secure@example.com', password);
    expect(response.cookies.find((c) => c.name === 'refresh_token')?.secure).toBe(true);
    await app.close();
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    await seedUser(ctx.deps.database.db, { email: 'known@example.com' });
    const wrong = await login(ctx.app, 'known@example.com', 'not-the-password');
    const unknown = await login(ctx.app, 'nobody@example.com', 'not-the-password');
    expect(wrong.response.statusCode).toBe(400);
    expect(unknown.response.statusCode).toBe(400);
    expect(wrong.response.json()).toEqual({ detail: 'LOGIN_BAD_CREDENTIALS' });
    expect(unknown.response.body).toBe(wrong.response.body);
    expect(wrong.cookie).toBeUndefined();
  });

  it('spends similar time on unknown e-mails as on wrong passwords (a dummy hash is checked)', async () => {
    await seedUser(ctx.deps.database.db, { email: 'timing@example.com' });
    const time = async (email: string, ip: string) => {
      const started = performance.now();
      await login(ctx.app, email, 'wrong-password-123', ip);
      return performance.now() - started;
    };
    await time('warmup@example.com', '10.9.0.1');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time('timing@example.com', `10.9.1.${i}`));
      unknown.push(await time(`ghost${i}@example.com`, `10.9.2.${i}`));
    }
    // The quickest of each: what the answer costs, where a busy machine only ever adds time.
    // An unknown e-mail without the dummy hash would answer many times faster.
    expect(Math.min(...unknown)).toBeGreaterThan(Math.min(...known) * 0.4);
  });

  it('refuses an inactive user with the same answer as a wrong password', async () => {
    const { password } = await seedUser(ctx.deps.database.db, { email: 'off@example.com', isActive: false });
    const { response } = await login(ctx.app, 'off@example.com', password);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'LOGIN_BAD_CREDENTIALS' });
  });

  it('refuses a request without the fields with a clear detail', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=someone%40example.com',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/password/);
  });
});

describe('login rate limits', () => {
  it('makes one address wait longer after each wrong password beyond the first few, with Retry-After', async () => {
    const { user, password } = await seedUser(ctx.deps.database.db, { email: 'target@example.com' });
    for (let i = 0; i < 3; i++) {
      const { response } = await login(ctx.app, 'target@example.com', 'wrong-guess', '10.1.0.1');
      expect(response.statusCode).toBe(400);
    }
    // Even the right password waits: the address is being slowed down, not the account.
    const blocked = await login(ctx.app, 'target@example.com', password, '10.1.0.1');
    expect(blocked.response.statusCode).toBe(429);
    expect(Number(blocked.response.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.response.headers['retry-after'])).toBeLessThanOrEqual(2);
    expect(blocked.response.json().detail).toMatch(/Too many attempts/);

    // Once the wait is over, one more wrong guess doubles it.
    const key = `login:pair:${user.email}|10.1.0.1`;
    const age = () =>
      ctx.deps.database.db
        .update(rateLimits)
        .set({ windowStart: sql`now() - interval '3 seconds'` })
        .where(eq(rateLimits.key, key));
    await age();
    expect((await login(ctx.app, 'target@example.com', 'wrong-again', '10.1.0.1')).response.statusCode).toBe(
      400,
    );
    const longer = await login(ctx.app, 'target@example.com', password, '10.1.0.1');
    expect(longer.response.statusCode).toBe(429);
    expect(Number(longer.response.headers['retry-after'])).toBeGreaterThan(2);
    expect(Number(longer.response.headers['retry-after'])).toBeLessThanOrEqual(4);
    // After it, the right password gets in and clears the count. (The address's own limit,
    // six attempts in this file, is another test's: its count starts again here.)
    await ctx.deps.database.db.delete(rateLimits).where(eq(rateLimits.key, 'login:ip:10.1.0.1'));
    await ctx.deps.database.db
      .update(rateLimits)
      .set({ windowStart: sql`now() - interval '5 seconds'` })
      .where(eq(rateLimits.key, key));
    expect((await login(ctx.app, 'target@example.com', password, '10.1.0.1')).response.statusCode).toBe(200);
    expect(await ctx.deps.database.db.select().from(rateLimits).where(eq(rateLimits.key, key))).toEqual([]);
  });

  it('never locks the owner out: failures from other addresses do not hold back theirs', async () => {
    const { password } = await seedUser(ctx.deps.database.db, { email: 'owner@example.com' });
    for (let address = 0; address < 4; address++) {
      for (let i = 0; i < 4; i++)
        await login(ctx.app, 'owner@example.com', 'attacker-guess', `10.9.${address}.1`);
    }
    expect(
      (await login(ctx.app, 'owner@example.com', 'attacker-guess', '10.9.0.1')).response.statusCode,
    ).toBe(429);
    expect((await login(ctx.app, 'owner@example.com', password, '192.0.2.10')).response.statusCode).toBe(200);
  });

  it('takes parallel attempts one at a time: a burst gets no more than the free tries', async () => {
    await seedUser(ctx.deps.database.db, { email: 'burst@example.com' });
    const statuses = await Promise.all(
      Array.from(
        { length: 6 },
        async () => (await login(ctx.app, 'burst@example.com', 'guess-it', '10.1.5.1')).response.statusCode,
      ),
    );
    expect(statuses.filter((status) => status === 400)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
  });

  it('counts an IPv6 network (/64) as one address, and an IPv4-mapped address as its IPv4', () => {
    expect(addressGroup('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8:1:2:ffff::9')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressGroup('10.1.2.3')).toBe('10.1.2.3');
  });

  it('knows an IPv4-mapped address however it is spelled, and an IPv6 address with a zone', () => {
    expect(addressGroup('::ffff:a01:203')).toBe('10.1.2.3');
    expect(addressGroup('0:0:0:0:0:FFFF:10.1.2.3')).toBe('10.1.2.3');
    expect(addressGroup('::FFFF:0A01:0203')).toBe('10.1.2.3');
    expect(addressGroup('FE80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressGroup('2001:DB8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    // What is not an address is counted as it is.
    expect(addressGroup('unknown')).toBe('unknown');
  });

  it('limits failed logins per IP across accounts, and a forged X-Forwarded-For does not reset it', async () => {
    for (let i = 0; i < 6; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.2.0.1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `203.0.113.${i}` },
        payload: new URLSearchParams({
          username: `spray${i}@example.com`,
          password: 'guess-123456',
        }).toString(),
      });
      expect(response.statusCode).toBe(400);
    }
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.2.0.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.7' },
      payload: new URLSearchParams({
        username: 'spray-last@example.com',
        password: 'guess-123456',
      }).toString(),
    });
    expect(response.statusCode).toBe(429);
  });

  it('a successful login clears the account count', async () => {
    const { password } = await seedUser(ctx.deps.database.db, { email: 'forgetful@example.com' });
    for (let i = 0; i < 2; i++) await login(ctx.app, 'forgetful@example.com', 'wrong-guess', '10.3.0.1');
    expect((await login(ctx.app, 'forgetful@example.com', password, '10.3.0.1')).response.statusCode).toBe(
      200,
    );
    for (let i = 0; i < 3; i++) {
      expect(
        (await login(ctx.app, 'forgetful@example.com', 'wrong-guess', '10.3.0.1')).response.statusCode,
      ).toBe(400);
    }
  });

  it('a long username is refused with 400, not a server error', async () => {
    const { response } = await login(ctx.app, `${'a'.repeat(3000)}@example.com`, 'whatever-password');
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/too long/);
  });

  it('behind a trusted proxy, counts the address the proxy saw, not one the client forged', async () => {
    const proxied = await createTestContext({
      env: { TRUST_PROXY: '1', RATE_LIMIT_LOGIN_PER_IP: '3', RATE_LIMIT_LOGIN_PER_ACCOUNT: '100' },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await proxied.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '127.0.0.1',
          // The client wrote the first entry; the proxy appended the address it really saw.
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': `203.0.113.${i}, 10.40.0.1`,
          },
          payload: new URLSearchParams({
            username: `p${i}@example.com`,
            password: 'guess-123456',
          }).toString(),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
      // Counted under the address the proxy appended, not the socket's (the proxy) nor the forged one.
      const { rows } = await proxied.deps.database.executeSql(
        `select key from rate_limits where key like 'login:ip:%' order by key`,
        [],
      );
      expect(rows.map((row) => (row as { key: string }).key)).toEqual(['login:ip:10.40.0.1']);
    } finally {
      await proxied.close();
    }
  });

  it('refuses TRUST_PROXY=true, which would trust any forged header', () => {
    expect(() => testConfig({ TRUST_PROXY: 'true' })).toThrow(/forged X-Forwarded-For/);
  });

  it('takes a deactivation into account on the next request', async () => {
    const { user, password } = await seedUser(ctx.deps.database.db, { email: 'soon-off@example.com' });
    const { accessToken } = await login(ctx.app, 'soon-off@example.com', password);
    const me = () => ctx.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${accessToken}` } });
    expect((await me()).statusCode).toBe(200);
    await ctx.deps.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await me()).statusCode).toBe(401);
  });

  it('takes a role change into account on the next request', async () => {
    const { user, password } = await seedUser(ctx.deps.database.db, { email: 'promoted@example.com' });
    const { accessToken } = await login(ctx.app, 'promoted@example.com', password);
    const headers = { authorization: `Bearer ${accessToken}` };
    expect((await ctx.app.inject({ url: '/api/dev/mailbox', headers })).statusCode).toBe(403);
    await ctx.deps.database.db
      .update(users)
      .set({ isSuperuser: true, userRole: 'superuser' })
      .where(eq(users.id, user.id));
    expect((await ctx.app.inject({ url: '/api/dev/mailbox', headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/me', headers })).json().user_role).toBe('superuser');
  });
});
