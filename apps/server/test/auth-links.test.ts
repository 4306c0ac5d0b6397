import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { oneTimeTokens, outboxMessages, users } from '../src/db/schema';
import {
  bearer,
  createTestContext,
  drainJobs,
  eventually,
  login,
  refreshCookieOf,
  type TestContext,
} from './helpers/app';
import { lastMessageTo, linkIn, seedUser } from './helpers/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: { RATE_LIMIT_EMAIL_PER_ADDRESS: '3', RATE_LIMIT_EMAIL_PER_IP: '8' },
    workers: true,
  });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const post = (url: string, payload: object, extra: { ip?: string; headers?: Record<string, string> } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: extra.ip ?? '10.5.0.1',
    headers: extra.headers,
  });

/** The newest message to an address once the background job has written it. */
async function mailTo(email: string, subject: string) {
  return eventually(async () => {
    const message = await lastMessageTo(ctx.deps.database.db, email);
    return message?.subject === subject ? message : null;
  });
}

let resetCount = 0;
async function resetLinkFor(email: string) {
  const before = (await lastMessageTo(ctx.deps.database.db, email))?.id;
  const response = await post(
    '/api/password-reset/request',
    { email },
    { ip: `10.5.1.${++resetCount % 250}` },
  );
  expect(response.statusCode).toBe(202);
  const message = await eventually(async () => {
    const latest = await lastMessageTo(ctx.deps.database.db, email);
    return latest && latest.id !== before && latest.subject === 'Reset your password' ? latest : null;
  });
  return linkIn(message.textBody, '/recovery/');
}

describe('password reset', () => {
  it('e-mails a link built from the configured address, not the Host header', async () => {
    const { user } = await seedUser(ctx.deps.database.db);
    await post('/api/password-reset/request', { email: user.email }, { headers: { host: 'evil.example' } });
    const message = await mailTo(user.email, 'Reset your password');
    expect(message?.subject).toBe('Reset your password');
    const { url } = linkIn(message!.textBody, '/recovery/');
    expect(url.startsWith('http://portal.test/recovery/')).toBe(true);
    expect(message!.textBody).not.toContain('evil.example');
  });

  it('e-mails in Spanish, with a link to the Spanish page, when the request came from /es/recovery', async () => {
    const { user } = await seedUser(ctx.deps.database.db);
    const response = await post('/api/password-reset/request', { email: user.email, lang: 'es' });
    expect(response.statusCode).toBe(202);
    const message = await mailTo(user.email, 'Restablezca su contraseña');
    expect(message!.textBody).toContain('Elegir una contraseña nueva');
    expect(message!.textBody).not.toContain('Choose a new password');
    expect(message!.htmlBody).toContain('lang="es"');
    const { url, token } = linkIn(message!.textBody, '/es/recovery/');
    expect(url.startsWith('http://portal.test/es/recovery/')).toBe(true);
    // The link works like any other: the Spanish page sends the same confirmation.
    const confirm = await post('/api/password-reset/confirm', { token, new_password: 'brand-new-secret-77' });
    expect(confirm.statusCode).toBe(200);
  });

  it('e-mails in English without a prefix when no language or English is asked for', async () => {
    const { user } = await seedUser(ctx.deps.database.db);
    await post('/api/password-reset/request', { email: user.email, lang: 'en' });
    const message = await mailTo(user.email, 'Reset your password');
    expect(message!.htmlBody).toContain('lang="en"');
    expect(linkIn(message!.textBody, '/recovery/').url.startsWith('http://portal.test/recovery/')).toBe(true);
  });

  it('refuses a language the portal does not speak, with a 400 that says so', async () => {
    const { user } = await seedUser(ctx.deps.database.db);
    const response = await post('/api/password-reset/request', { email: user.email, lang: 'fr' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/lang/i);
  });

  it('answers the same whether the e-mail exists or not, and mails only known addresses', async () => {
    const { user } = await seedUser(ctx.deps.database.db);
    const known = await post('/api/password-reset/request', { email: user.email });
    const unknown = await post('/api/password-reset/request', { email: 'stranger@example.com' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    await mailTo(user.email, 'Reset your password');
    await drainJobs(ctx);
    expect(await lastMessageTo(ctx.deps.database.db, 'stranger@example.com')).toBeNull();
  });

  it('does the same work for known and unknown addresses while answering (a job looks them up)', async () => {
    const { user } = await seedUser(ctx.deps.database.db);
    await post('/api/password-reset/request', { email: user.email });
    // Nothing is written while the request is answered: no token and no message yet.
    const { rows } = await ctx.deps.database.executeSql(
      "select count(*)::int as n from pgboss.job where name = 'account-email' and data->>'email' = $1",
      [user.email],
    );
    expect((rows[0] as { n: number }).n).toBe(1);
    await mailTo(user.email, 'Reset your password');
  });

  it('leaves one live link when several requests for the same account race', async () => {
    const { user } = await seedUser(ctx.deps.database.db);
    await Promise.all(
      [0, 1, 2].map((i) => post('/api/password-reset/request', { email: user.email }, { ip: `10.5.9.${i}` })),
    );
    await eventually(async () => (await ctx.deps.database.db.select().from(oneTimeTokens)).length === 3);
    await drainJobs(ctx);
    const live = (await ctx.deps.database.db.select().from(oneTimeTokens)).filter(
      (t) => !t.usedAt && !t.revokedAt,
    );
    expect(live).toHaveLength(1);
  });

  it('changes the password, signs out every session, and works only once', async () => {
    const { user, password } = await seedUser(ctx.deps.database.db);
    const before = await login(ctx.app, user.email, password);
    const { token } = await resetLinkFor(user.email);

    const confirm = await post('/api/password-reset/confirm', { token, new_password: 'brand-new-secret-77' });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.headers['referrer-policy']).toBe('no-referrer');

    expect((await ctx.app.inject({ url: '/api/me', headers: bearer(before.accessToken) })).statusCode).toBe(
      401,
    );
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/refresh', headers: { cookie: before.cookie! } }))
        .statusCode,
    ).toBe(401);
    expect((await login(ctx.app, user.email, password)).response.statusCode).toBe(400);
    expect((await login(ctx.app, user.email, 'brand-new-secret-77')).response.statusCode).toBe(200);

    const again = await post('/api/password-reset/confirm', { token, new_password: 'another-secret-88' });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/invalid or has expired/);
  });

  it('lets exactly one of two concurrent uses of a link succeed', async () => {
    const { user } = await seedUser(ctx.deps.database.db);
    const { token } = await resetLinkFor(user.email);
    const results = await Promise.all([
      post('/api/password-reset/confirm', { token, new_password: 'first-racer-secret-1' }),
      post('/api/password-reset/confirm', { token, new_password: 'second-racer-secret-2' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses an expired link', async () => {
    const { user } = await seedUser(ctx.deps.database.db);
    const { token } = await resetLinkFor(user.email);
    await ctx.deps.database.db.update(oneTimeTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    const response = await post('/api/password-reset/confirm', { token, new_password: 'too-late-secret-99' });
    expect(response.statusCode).toBe(400);
  });

  it('expires links after one hour', async () => {
    const { user } = await seedUser(ctx.deps.database.db);
    await resetLinkFor(user.email);
    const [row] = await ctx.deps.database.db
      .select({
        seconds: sql<number>`extract(epoch from (${oneTimeTokens.expiresAt} - ${oneTimeTokens.createdAt}))::int`,
      })
      .from(oneTimeTokens);
    expect(row!.seconds).toBe(3600);
  });

  it('invalidates the previous link when a new one is requested', async () => {
    const { user } = await seedUser(ctx.deps.database.db);
    const first = await resetLinkFor(user.email);
    const second = await resetLinkFor(user.email);
    expect(
      (await post('/api/password-reset/confirm', { token: first.token, new_password: 'old-link-secret-11' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post('/api/password-reset/confirm', { token: second.token, new_password: 'new-link-secret-22' }))
        .statusCode,
    ).toBe(200);
  });

  it('throttles confirmations per IP and does not hash for a forged link', async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_CODE_PER_IP: '2' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/password-reset/confirm',
          remoteAddress: '10.5.7.7',
          payload: { token: `garbage.${i}.token`, new_password: 'whatever-long-enough' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });

  it('keeps only a hash of the token', async () => {
    const { user } = await seedUser(ctx.deps.database.db);
    const { token } = await resetLinkFor(user.email);
    const rows = await ctx.deps.database.db.select().from(oneTimeTokens);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses a weak new password without spending the link', async () => {
    const { user } = await seedUser(ctx.deps.database.db);
    const { token } = await resetLinkFor(user.email);
    const weak = await post('/api/password-reset/confirm', { token, new_password: 'password123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().detail).toMatch(/most common passwords/);
    const short = await post('/api/password-reset/confirm', { token, new_password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toMatch(/at least 8/);
    expect(
      (await post('/api/password-reset/confirm', { token, new_password: 'a-much-better-secret' })).statusCode,
    ).toBe(200);
  });

  it('throttles requests per address and per IP', async () => {
    const { user } = await seedUser(ctx.deps.database.db);
    for (let i = 0; i < 3; i++) {
      expect(
        (await post('/api/password-reset/request', { email: user.email }, { ip: `10.6.0.${i}` })).statusCode,
      ).toBe(202);
    }
    const limited = await post('/api/password-reset/request', { email: user.email }, { ip: '10.6.0.50' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    await drainJobs(ctx);
    const mails = await ctx.deps.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.toAddress, user.email));
    expect(mails).toHaveLength(3);

    for (let i = 0; i < 8; i++)
      await post('/api/password-reset/request', { email: `p${i}@example.com` }, { ip: '10.6.1.1' });
    expect(
      (await post('/api/password-reset/request', { email: 'p9@example.com' }, { ip: '10.6.1.1' })).statusCode,
    ).toBe(429);
  });
});

describe('e-mail verification', () => {
  it('verifies with the e-mailed link, once', async () => {
    const { user } = await seedUser(ctx.deps.database.db, { isVerified: false });
    expect((await post('/api/auth/request-verify-token', { email: user.email })).statusCode).toBe(202);
    const { token } = linkIn(
      (await mailTo(user.email, 'Confirm your e-mail address')).textBody,
      '/verify-email/',
    );
    const verified = await ctx.app.inject({ url: `/api/verify/${token}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ id: user.id, is_verified: true });
    expect(verified.headers['referrer-policy']).toBe('no-referrer');
    const again = await ctx.app.inject({ url: `/api/verify/${token}` });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('Verification failed');
  });

  it('answers 202 for unknown and already verified addresses without sending anything', async () => {
    const { user } = await seedUser(ctx.deps.database.db, { isVerified: true });
    const a = await post('/api/auth/request-verify-token', { email: user.email });
    const b = await post('/api/auth/request-verify-token', { email: 'unknown@example.com' });
    expect(a.statusCode).toBe(202);
    expect(b.body).toBe(a.body);
    await drainJobs(ctx);
    expect(await ctx.deps.database.db.select().from(outboxMessages)).toHaveLength(0);
  });

  it('says "Invalid token format" for a link that is not one, and "Verification failed" for a forged one, signed in or not', async () => {
    const { user, password } = await seedUser(ctx.deps.database.db, { isVerified: true });
    const { accessToken } = await login(ctx.app, user.email, password);
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJ0eXBlIjoidmVyaWZ5X2VtYWlsIn0.forged';
    for (const [token, detail] of [
      ['garbage', 'Invalid token format'],
      ['a.b.c', 'Invalid token format'],
      [forged, 'Verification failed'],
    ] as const) {
      for (const headers of [undefined, bearer(accessToken)]) {
        const response = await ctx.app.inject({ url: `/api/verify/${token}`, headers });
        expect(response.statusCode, token).toBe(400);
        expect(response.json().detail, token).toBe(detail);
      }
    }
  });

  it('says "already verified" only to the signed-in owner of a real link opened again', async () => {
    const { user, password } = await seedUser(ctx.deps.database.db, { isVerified: false });
    expect((await post('/api/auth/request-verify-token', { email: user.email })).statusCode).toBe(202);
    const { token } = linkIn(
      (await mailTo(user.email, 'Confirm your e-mail address')).textBody,
      '/verify-email/',
    );
    expect((await ctx.app.inject({ url: `/api/verify/${token}` })).statusCode).toBe(200);
    const owner = await login(ctx.app, user.email, password);
    const again = await ctx.app.inject({ url: `/api/verify/${token}`, headers: bearer(owner.accessToken) });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('E-mail address already verified');
    // Anyone else, or no one signed in: the link simply failed.
    const other = await seedUser(ctx.deps.database.db, { isVerified: true });
    const stranger = await login(ctx.app, other.user.email, other.password);
    for (const headers of [undefined, bearer(stranger.accessToken)]) {
      const response = await ctx.app.inject({ url: `/api/verify/${token}`, headers });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('Verification failed');
    }
  });

  it('refuses a reset link used as a verification link', async () => {
    const { user } = await seedUser(ctx.deps.database.db, { isVerified: false });
    const { token } = await resetLinkFor(user.email);
    expect((await ctx.app.inject({ url: `/api/verify/${token}` })).statusCode).toBe(400);
    const [row] = await ctx.deps.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.isVerified).toBe(false);
  });
});

describe('magic link sign-in', () => {
  async function magicTokenFor(email: string) {
    const before = (await lastMessageTo(ctx.deps.database.db, email))?.id;
    expect((await post('/api/auth/request-magic-link', { email })).statusCode).toBe(202);
    const message = await eventually(async () => {
      const latest = await lastMessageTo(ctx.deps.database.db, email);
      return latest && latest.id !== before && latest.subject === 'Your sign-in link' ? latest : null;
    });
    return linkIn(message.textBody, '/login/magic/').token;
  }

  it('signs the user in once with a default_login token', async () => {
    const { user } = await seedUser(ctx.deps.database.db);
    const token = await magicTokenFor(user.email);
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(payload.type).toBe('default_login');

    const response = await post('/api/auth/validate-magic-token', { token, expected_type: 'user_login' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token_type: 'bearer', user: { id: user.id } });
    expect(refreshCookieOf(response)).toBeDefined();
    const me = await ctx.app.inject({ url: '/api/me', headers: bearer(response.json().access_token) });
    expect(me.statusCode).toBe(200);

    const again = await post('/api/auth/validate-magic-token', { token, expected_type: 'user_login' });
    expect(again.statusCode).toBe(400);
  });

  it('expires after 10 minutes', async () => {
    const { user } = await seedUser(ctx.deps.database.db);
    await magicTokenFor(user.email);
    const [row] = await ctx.deps.database.db
      .select({
        seconds: sql<number>`extract(epoch from (${oneTimeTokens.expiresAt} - ${oneTimeTokens.createdAt}))::int`,
      })
      .from(oneTimeTokens);
    expect(row!.seconds).toBe(600);
  });

  it('says "Invalid token format" and "Unsupported token type" as the client expects', async () => {
    const bad = await post('/api/auth/validate-magic-token', { token: 'not-a-token' });
    expect(bad.json()).toEqual({ detail: 'Invalid token format' });
    const { user } = await seedUser(ctx.deps.database.db);
    const { token } = await resetLinkFor(user.email);
    const wrongType = await post('/api/auth/validate-magic-token', { token });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({ detail: 'Unsupported token type' });
    const magic = await magicTokenFor(user.email);
    const mismatch = await post('/api/auth/validate-magic-token', {
      token: magic,
      expected_type: 'recipient_login',
    });
    expect(mismatch.json()).toEqual({ detail: 'Unsupported token type' });
  });

  it('answers the same for unknown addresses', async () => {
    const { user } = await seedUser(ctx.deps.database.db);
    const known = await post('/api/auth/request-magic-link', { email: user.email });
    const unknown = await post('/api/auth/request-magic-link', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
  });
});
