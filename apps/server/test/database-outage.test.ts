import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../src/db/schema';
import { createTestContext, login, refreshCookieOf, type TestContext } from './helpers/app';
import { seedUser } from './helpers/factories';

/**
 * SECURITY.md item 22: the database dropping every connection under load (what a restart does
 * to a client). Only PostgreSQL has connections to lose; PGlite lives inside the process.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('when PostgreSQL drops every connection', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function dropConnections() {
    const url = new URL(ctx.testDb.url!);
    const name = url.pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await admin.end();
  }

  it('fails requests cleanly, recovers without a restart, and leaves no family half-rotated', async () => {
    const { user, password } = await seedUser(ctx.deps.database.db);
    const { cookie } = await login(ctx.app, user.email, password);
    // Warm the pool so there are connections to lose.
    await Promise.all(Array.from({ length: 5 }, () => ctx.app.inject({ url: '/api/health' })));

    const load = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? ctx.app.inject({ method: 'POST', url: '/api/refresh', headers: { cookie: cookie! } })
        : ctx.app.inject({ url: '/api/health' }),
    );
    await dropConnections();
    const responses = await Promise.all(load);
    for (const response of responses) {
      expect([200, 401, 500, 503]).toContain(response.statusCode);
      if (response.statusCode >= 500) expect(response.json().detail).not.toMatch(/terminat|ECONN|pg_/i);
    }

    // Recovery: the pool reconnects on its own.
    let healthy = false;
    for (let i = 0; i < 20 && !healthy; i++) {
      healthy = (await ctx.app.inject({ url: '/api/health' })).statusCode === 200;
      if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(healthy).toBe(true);
    expect((await login(ctx.app, user.email, password, '10.30.0.9')).response.statusCode).toBe(200);

    // Each family has at most one live token: a rotation either happened whole or not at all.
    const tokens = await ctx.deps.database.db.select().from(refreshTokens);
    const liveByFamily = new Map<string, number>();
    for (const token of tokens) {
      if (token.rotatedAt === null)
        liveByFamily.set(token.familyId, (liveByFamily.get(token.familyId) ?? 0) + 1);
    }
    for (const live of liveByFamily.values()) expect(live).toBeLessThanOrEqual(1);
    const winners = responses.filter((r) => r.statusCode === 200 && refreshCookieOf(r));
    expect(winners.length).toBeLessThanOrEqual(1);
  });
});
