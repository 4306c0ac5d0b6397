import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../src/db/schema';
import { isDatabaseDown } from '../src/lib/errors';
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
      expect([200, 401, 503]).toContain(response.statusCode);
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

/**
 * A query given to a pooled client whose connection broke fails with
 * "Client has encountered a connection error and is not queryable" (a transaction's rollback
 * after its backend was killed does). That is an outage like any other: 503, never 500.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a connection lost inside a transaction', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function killBackend(pid: number) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
  }

  it('is classified as the database being down, on the first and on the next query', async () => {
    const pool = new pg.Pool({ connectionString: ctx.testDb.url! });
    pool.on('error', () => {});
    const client = await pool.connect();
    client.on('error', () => {});
    // The socket's end arrives after the backend's last message: a query sent in between is
    // queued and fails as "terminated"; the next one is the one the client itself refuses.
    const ended = new Promise((resolve) => client.once('end', resolve));
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    await killBackend(rows[0]!.pid);
    const first = await client.query('select 1').catch((error: unknown) => error);
    await ended;
    const next = await client.query('select 1').catch((error: unknown) => error);
    expect((next as Error).message).toMatch(/not queryable/);
    expect(isDatabaseDown(first)).toBe(true);
    expect(isDatabaseDown(next)).toBe(true);
    // Wrapped the way drizzle wraps a failed query.
    expect(isDatabaseDown(Object.assign(new Error('Failed query: select 1'), { cause: next }))).toBe(true);
    client.release(true);
    await pool.end();
  });

  it('is an outage when a transaction loses its connection (drizzle surfaces the rollback error)', async () => {
    const db = ctx.deps.database.db;
    const failure = await db
      .transaction(async (tx) => {
        const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        await killBackend(result.rows[0]!.pid);
        await tx.execute(sql`select 1`);
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(isDatabaseDown(failure)).toBe(true);
    // And an ordinary bug is still a 500.
    expect(isDatabaseDown(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
