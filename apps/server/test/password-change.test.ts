import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestContext, login, refreshCookieOf, type TestContext } from './helpers/app';
import { lastMessageTo, seedUser } from './helpers/factories';

/** Changing the password from the account menu. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '3' } });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const change = (token: string | undefined, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/me/password', headers: bearer(token), payload });

async function twoSessions() {
  const { user, password } = await seedUser(ctx.deps.database.db);
  const here = await login(ctx.app, user.email, password, '10.60.0.1');
  const elsewhere = await login(ctx.app, user.email, password, '10.60.0.2');
  return { user, password, here, elsewhere };
}

describe('password change', () => {
  it('needs the current password and the usual rules, and changes nothing otherwise', async () => {
    const { user, password, here } = await twoSessions();
    const wrong = await change(here.accessToken, {
      current_password: 'not-it-at-all',
      new_password: 'a-new-password-9',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('Your current password is not correct.');
    const short = await change(here.accessToken, { current_password: password, new_password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toBe('new_password: Password must be at least 8 characters');
    const common = await change(here.accessToken, {
      current_password: password,
      new_password: 'password123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().detail).toMatch(/most common passwords/);
    const same = await change(here.accessToken, { current_password: password, new_password: password });
    expect(same.json().detail).toBe('Choose a new password that is different from your current one.');
    expect((await login(ctx.app, user.email, password, '10.60.0.3')).response.statusCode).toBe(200);
    expect(await lastMessageTo(ctx.deps.database.db, user.email)).toBeNull();
    expect(
      (await change(undefined, { current_password: password, new_password: 'x-new-password-1' })).statusCode,
    ).toBe(401);
  });

  it('keeps this session, ends every other one, and tells the owner by e-mail', async () => {
    const { user, password, here, elsewhere } = await twoSessions();
    const changed = await change(here.accessToken, {
      current_password: password,
      new_password: 'a-brand-new-password-7',
    });
    expect(changed.statusCode).toBe(204);

    expect((await ctx.app.inject({ url: '/api/me', headers: bearer(here.accessToken) })).statusCode).toBe(
      200,
    );
    expect(
      (await ctx.app.inject({ url: '/api/me', headers: bearer(elsewhere.accessToken) })).statusCode,
    ).toBe(401);
    const staleRefresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/refresh',
      headers: { cookie: elsewhere.cookie! },
    });
    expect(staleRefresh.statusCode).toBe(401);
    const ownRefresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/refresh',
      headers: { cookie: here.cookie! },
    });
    expect(ownRefresh.statusCode).toBe(200);
    expect(refreshCookieOf(ownRefresh)).toBeTruthy();

    expect((await login(ctx.app, user.email, password, '10.60.0.4')).response.statusCode).toBe(400);
    expect(
      (await login(ctx.app, user.email, 'a-brand-new-password-7', '10.60.0.4')).response.statusCode,
    ).toBe(200);

    const mail = await lastMessageTo(ctx.deps.database.db, user.email);
    expect(mail).toMatchObject({ subject: 'Your password was changed', template: 'password_changed' });
    expect(mail!.textBody).toContain('/recovery');
  });

  it('is limited per account: the current password cannot be guessed here', async () => {
    const { password, here } = await twoSessions();
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await change(here.accessToken, {
            current_password: `guess-${i}-xyz`,
            new_password: 'x-new-password-1',
          })
        ).statusCode,
      ).toBe(400);
    }
    const limited = await change(here.accessToken, {
      current_password: password,
      new_password: 'x-new-password-1',
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
