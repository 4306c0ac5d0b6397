import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { refreshTokens, sessionFamilies } from '../src/db/schema';
import { signAccessToken, signLinkToken, verifyAccessToken } from '../src/lib/jwt';
import { bearer, createTestContext, login, refreshCookieOf, type TestContext } from './helpers/app';
import { seedUser } from './helpers/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const refresh = (cookie: string | undefined, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/refresh',
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });

async function signedIn() {
  const { user, password } = await seedUser(ctx.deps.database.db);
  const session = await login(ctx.app, user.email, password);
  return { user, ...session };
}

describe('refresh tokens', () => {
  it('are opaque and stored only as a hash', async () => {
    const { cookie } = await signedIn();
    const token = cookie!.split('=')[1]!;
    expect(token.split('.')).toHaveLength(1);
    const stored = await ctx.deps.database.db.select().from(refreshTokens);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rotate on every use and give a working access token', async () => {
    const { cookie, user } = await signedIn();
    const first = await refresh(cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ token_type: 'bearer', user: { id: user.id } });
    const next = refreshCookieOf(first);
    expect(next).toBeDefined();
    expect(next).not.toBe(cookie);
    const me = await ctx.app.inject({ url: '/api/me', headers: bearer(first.json().access_token) });
    expect(me.json().id).toBe(user.id);
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('revoke the whole family when a rotated token is used again', async () => {
    const { cookie, accessToken } = await signedIn();
    const rotated = await refresh(cookie);
    const current = refreshCookieOf(rotated);

    const replay = await refresh(cookie);
    expect(replay.statusCode).toBe(401);
    // The thief's replay also ends the legitimate holder's session and its access tokens.
    expect((await refresh(current)).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/me', headers: bearer(accessToken) })).statusCode).toBe(401);
    const [family] = await ctx.deps.database.db.select().from(sessionFamilies);
    expect(family!.revokedReason).toBe('refresh token reused');
  });

  it('leave no family half-rotated when two refreshes race', async () => {
    const { cookie } = await signedIn();
    const results = await Promise.all([refresh(cookie), refresh(cookie)]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    const tokens = await ctx.deps.database.db.select().from(refreshTokens);
    // The original was rotated exactly once: one child, never two live children.
    expect(tokens).toHaveLength(2);
    expect(tokens.filter((t) => t.rotatedAt === null)).toHaveLength(1);
  });

  it('refuses a missing or unknown cookie with 401', async () => {
    expect((await refresh(undefined)).statusCode).toBe(401);
    expect((await refresh('refresh_token=not-a-real-token')).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the session: refresh cookie and access token stop working', async () => {
    const { cookie, accessToken } = await signedIn();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: cookie!, ...bearer(accessToken) },
    });
    expect(response.statusCode).toBe(204);
    const cleared = response.cookies.find((c) => c.name === 'refresh_token');
    expect(cleared?.value).toBe('');
    expect(response.cookies.find((c) => c.name === 'has_session')?.value).toBe('');
    expect((await refresh(cookie)).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/me', headers: bearer(accessToken) })).statusCode).toBe(401);
  });

  it('ends only this session, not the user’s other devices', async () => {
    const { user, password } = await seedUser(ctx.deps.database.db);
    const phone = await login(ctx.app, user.email, password);
    const laptop = await login(ctx.app, user.email, password);
    await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: phone.cookie! } });
    expect((await refresh(laptop.cookie)).statusCode).toBe(200);
  });
});

describe('refresh during a database outage', () => {
  it('answers 5xx and keeps the session cookies', async () => {
    const { cookie } = await signedIn();
    const broken = await buildApp({
      ...ctx.deps,
      database: {
        ...ctx.deps.database,
        db: new Proxy(ctx.deps.database.db, {
          get(target, property, receiver) {
            if (property === 'transaction') {
              return async () => {
                throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
              };
            }
            return Reflect.get(target, property, receiver);
          },
        }),
      },
    });
    const response = await broken.inject({
      method: 'POST',
      url: '/api/refresh',
      headers: { cookie: cookie! },
    });
    expect(response.statusCode).toBe(503);
    expect(response.cookies.find((c) => c.name === 'refresh_token')).toBeUndefined();
    expect(response.cookies.find((c) => c.name === 'has_session')).toBeUndefined();
    await broken.close();
    // The database is back: the same cookie still works.
    expect((await refresh(cookie)).statusCode).toBe(200);
  });
});

describe('cross-site requests to cookie endpoints', () => {
  it('are refused by Sec-Fetch-Site', async () => {
    const { cookie } = await signedIn();
    const response = await refresh(cookie, { 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(403);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: cookie!, 'sec-fetch-site': 'same-site' },
    });
    expect(logout.statusCode).toBe(403);
    // Refused requests changed nothing: the cookie still works from our own pages.
    expect((await refresh(cookie, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('cannot sign a visitor in from another site (login CSRF)', async () => {
    const { user, password } = await seedUser(ctx.deps.database.db);
    const form = new URLSearchParams({ username: user.email, password }).toString();
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: form,
      });
      expect(response.statusCode).toBe(403);
      expect(response.cookies).toHaveLength(0);
    }
    for (const url of ['/api/auth/validate-magic-token', '/api/portal/register']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'sec-fetch-site': 'cross-site' },
        payload: { token: 'a.b.c', email: 'x@example.com', access_code: 'X', password: 'long-enough-pass' },
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('are refused by Origin when the browser sends no Sec-Fetch-Site', async () => {
    const { cookie } = await signedIn();
    expect((await refresh(cookie, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await refresh(cookie, { origin: 'http://portal.test' })).statusCode).toBe(200);
  });
});

describe('forged access tokens are refused', () => {
  const secret = 'test-jwt-secret-that-is-long-enough-0123456789';
  const me = (token: string) => ctx.app.inject({ url: '/api/me', headers: bearer(token) });

  it('alg none', async () => {
    const { user, response } = await signedIn();
    const sid = JSON.parse(
      Buffer.from(response.json().access_token.split('.')[1], 'base64url').toString(),
    ).sid;
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({
        sub: user.id,
        sid,
        typ: 'access',
        iss: 'agent-portal',
        aud: 'portal-api',
        exp: 9999999999,
      }),
    ).toString('base64url');
    expect((await me(`${header}.${payload}.`)).statusCode).toBe(401);
  });

  it('signed with the wrong key', async () => {
    const { user } = await signedIn();
    const token = await signAccessToken(
      'another-secret-of-sufficient-length-000000',
      { sub: user.id, sid: 'x' },
      900,
    );
    expect((await me(token)).statusCode).toBe(401);
  });

  it('expired', async () => {
    const { user, response } = await signedIn();
    const sid = JSON.parse(
      Buffer.from(response.json().access_token.split('.')[1], 'base64url').toString(),
    ).sid;
    const token = await new SignJWT({ sid, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('agent-portal')
      .setAudience('portal-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(secret));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('for another audience', async () => {
    const { user, response } = await signedIn();
    const sid = JSON.parse(
      Buffer.from(response.json().access_token.split('.')[1], 'base64url').toString(),
    ).sid;
    const token = await new SignJWT({ sid, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('agent-portal')
      .setAudience('someone-else')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(secret));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a link token (magic link, reset, verify) used as an access token', async () => {
    const { user } = await signedIn();
    for (const type of ['default_login', 'password_reset', 'verify_email']) {
      const link = await signLinkToken(
        'test-token-secret-that-is-long-enough-0123456789',
        { jti: crypto.randomUUID(), type, sub: user.id },
        600,
      );
      expect((await me(link)).statusCode).toBe(401);
    }
  });

  it('a token of the access audience and key whose type is not "access"', async () => {
    const { user, response } = await signedIn();
    const sid = JSON.parse(
      Buffer.from(response.json().access_token.split('.')[1], 'base64url').toString(),
    ).sid;
    for (const typ of ['default_login', 'refresh', undefined]) {
      const token = await new SignJWT({ sid, ...(typ ? { typ } : {}) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer('agent-portal')
        .setAudience('portal-api')
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(secret));
      expect((await me(token)).statusCode).toBe(401);
    }
    // The same claims with typ "access" are accepted: the type alone made the difference.
    const good = await signAccessToken(secret, { sub: user.id, sid }, 600);
    expect((await me(good)).statusCode).toBe(200);
  });

  it('a token accepted before is refused once it expires, and under another key', async () => {
    const { user, response } = await signedIn();
    const sid = JSON.parse(
      Buffer.from(response.json().access_token.split('.')[1], 'base64url').toString(),
    ).sid;
    const token = await signAccessToken(secret, { sub: user.id, sid }, 60);
    // Accepted twice: verified, then remembered.
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    expect(await verifyAccessToken('another-secret-of-sufficient-length-000000', token)).toBeNull();
    const now = Date.now();
    const later = vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    try {
      const refused = await me(token);
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer');
    } finally {
      later.mockRestore();
    }
  });

  it("another user's claims under a signature copied from a valid token, or HS512 with the right key", async () => {
    const { response } = await signedIn();
    const [header, payload, signature] = response.json().access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: crypto.randomUUID() })).toString('base64url');
    expect((await me(`${header}.${forged}.${signature}`)).statusCode).toBe(401);
    expect((await me(`${header}.${payload}.${signature}`)).statusCode).toBe(200);
    const hs512 = await new SignJWT({ sid: claims.sid, typ: 'access' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(claims.sub)
      .setIssuer('agent-portal')
      .setAudience('portal-api')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(secret));
    expect((await me(hs512)).statusCode).toBe(401);
  });

  it('a well-formed token whose session was never issued', async () => {
    const { user } = await signedIn();
    const token = await signAccessToken(secret, { sub: user.id, sid: crypto.randomUUID() }, 900);
    expect((await me(token)).statusCode).toBe(401);
  });
});
