import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from './helpers/app';
import { seedUser } from './helpers/factories';

/**
 * SECURITY.md item 2: limits hold across two server processes. A second, real server process
 * runs on the same PostgreSQL database (PGlite cannot be shared between processes).
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two server processes on one database', () => {
  let ctx: TestContext;
  let child: ChildProcess;
  let base = '';

  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '3' } });
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        DATABASE_URL: ctx.testDb.url,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: 'http://portal.test',
        JWT_SECRET: ctx.deps.config.jwtSecret,
        TOKEN_SECRET: ctx.deps.config.tokenSecret,
        RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
        SEED_DEMO: 'false',
        RUN_WORKERS: 'false',
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
      },
      stdio: 'ignore',
    });
    for (let i = 0; i < 200; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) return;
      } catch {
        // not up yet
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    throw new Error('second server did not start');
  }, 60_000);

  afterAll(async () => {
    child?.kill('SIGTERM');
    await new Promise((resolve) => child?.once('exit', resolve));
    await ctx.close();
  });

  it('shares the failed-login count of an account and address', async () => {
    await seedUser(ctx.deps.database.db, { email: 'shared@example.com' });
    // The second process sees the test's requests from 127.0.0.1: the same address here.
    const viaChild = () =>
      fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username=shared%40example.com&password=wrong-guess',
      });
    expect((await login(ctx.app, 'shared@example.com', 'wrong-1', '127.0.0.1')).response.statusCode).toBe(
      400,
    );
    expect((await viaChild()).status).toBe(400);
    expect((await login(ctx.app, 'shared@example.com', 'wrong-3', '127.0.0.1')).response.statusCode).toBe(
      400,
    );
    // The wait after the third failure made long, so a slow machine cannot outlast it here.
    await ctx.deps.database.db.execute(
      sql`update rate_limits set window_start = now() + interval '1 hour' where key like 'login:pair:shared@example.com|%'`,
    );
    const fourth = await viaChild();
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBeTruthy();
    // And the other way round.
    expect((await login(ctx.app, 'shared@example.com', 'wrong-5', '127.0.0.1')).response.statusCode).toBe(
      429,
    );
  });
});
