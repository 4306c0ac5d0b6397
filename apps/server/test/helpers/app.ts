import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import type { AppDeps } from '../../src/app-context';
import { loadConfig } from '../../src/config';
import type { Dispatcher } from '../../src/jobs/dispatcher';
import { createQueue } from '../../src/jobs/queue';
import { startWorkers } from '../../src/jobs/workers';
import { createProviders, type Providers } from '../../src/providers';
import { openTestDatabase, resetTables, type TestDatabase } from './database';

export interface TestContext {
  app: FastifyInstance;
  deps: AppDeps;
  testDb: TestDatabase;
  /** The delivery dispatcher, when the context runs workers (pause it to deliver by hand). */
  dispatcher?: Dispatcher;
  /** Empties the tables between tests. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export const TEST_PUBLIC_URL = 'http://portal.test';

export function testConfig(overrides: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'portal-test-')),
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-0123456789',
    TOKEN_SECRET: 'test-token-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: TEST_PUBLIC_URL,
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

export async function createTestContext(
  options: { env?: Record<string, string>; providers?: Partial<Providers>; workers?: boolean } = {},
): Promise<TestContext> {
  const config = testConfig(options.env);
  const testDb = await openTestDatabase();
  const queue = await createQueue(testDb.database);
  const deps: AppDeps = {
    config,
    database: testDb.database,
    providers: { ...createProviders(config), ...options.providers },
    queue,
  };
  const workers = options.workers
    ? await startWorkers(queue, deps, { pollingIntervalSeconds: 0.5, delivery: { idleMs: 100 } })
    : undefined;
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    testDb,
    dispatcher: workers?.dispatcher,
    reset: () => resetTables(testDb.database),
    close: async () => {
      // A test that kills the database's connections can leave one of these waiting on a socket
      // that will never answer: each step gets a bound so the file ends; the database is dropped
      // by force anyway.
      await bounded('app.close', app.close());
      await bounded('queue.stop', queue.stop());
      await bounded('database drop', testDb.drop());
    },
  };
}

async function bounded(what: string, work: Promise<unknown>, ms = 15_000) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`[test] ${what} did not finish in ${ms} ms; going on`);
      resolve();
    }, ms);
  });
  try {
    await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The refresh cookie a response set, as a Cookie header value. */
export function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === 'refresh_token');
  return cookie ? `refresh_token=${cookie.value}` : undefined;
}

export async function login(app: FastifyInstance, email: string, password: string, ip = '10.0.0.1') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: email, password }).toString(),
  });
  return {
    response,
    accessToken: response.json().access_token as string | undefined,
    cookie: refreshCookieOf(response),
  };
}

export const bearer = (token: string | undefined) => ({ authorization: `Bearer ${token}` });

/** Waits until `check` returns a value (for work done by background jobs). */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until background work has finished: no job left in the queue and no message due or being
 * sent in the outbox (a message waiting out a backoff is not due).
 */
export async function drainJobs(ctx: TestContext, timeoutMs = 15_000): Promise<void> {
  await eventually(async () => {
    const { rows } = await ctx.deps.database.executeSql(
      `select (select count(*) from pgboss.job where state in ('created', 'retry', 'active'))
            + (select count(*) from outbox_messages
                where status = 'sending' or (status = 'queued' and next_attempt_at <= now())) as n`,
      [],
    );
    return Number((rows[0] as { n: number | string }).n) === 0;
  }, timeoutMs);
}
