import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, recipients } from '../src/db/schema';
import { startWorkers } from '../src/jobs/workers';
import { createApiKey } from '../src/modules/leads/api-keys';
import { bearer, createTestContext, eventually, login, type TestContext } from './helpers/app';
import { about, type OpenStream, openEventStream } from './helpers/event-stream';
import { seedAgent } from './helpers/factories';

/**
 * ADR 59 across processes: a lead committed by one server process reaches the event streams
 * held by another, and a message committed by one wakes the other's dispatcher, through
 * PostgreSQL's LISTEN/NOTIFY (PGlite cannot be shared between processes).
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(postgres)('two server processes on one database', () => {
  it.skip('needs PostgreSQL: set TEST_DATABASE_URL (PGlite belongs to one process)', () => {});
});

describe.runIf(postgres)('two server processes on one database', () => {
  let ctx: TestContext;
  let child: ChildProcess;
  /** The test's own server (in this process) and the second process. */
  let here = '';
  let there = '';
  let key = '';
  let headers: Record<string, string> = {};
  let agentId = '';
  const open: OpenStream[] = [];

  const freePort = () =>
    new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });

  const listen = async (base: string) => {
    const stream = await openEventStream(base, headers);
    open.push(stream);
    expect(stream.response.status).toBe(200);
    await stream.next((item) => item.type === 'retry');
    return stream;
  };

  const postLead = async (base: string, name: string) => {
    const response = await fetch(`${base}/api/v1/leads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        lead_type: 'fsbo',
        first_name: name,
        last_name: 'Seller',
        phone: '(602) 555-0199',
        street: '12 Palm Ave',
        city: 'Phoenix',
        state: 'AZ',
        zip: '85004',
        county: 'Maricopa',
      }),
    });
    expect(response.status).toBe(201);
    return { id: ((await response.json()) as { id: string }).id, answered: performance.now() };
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    here = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
    const port = await freePort();
    there = `http://127.0.0.1:${port}`;
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
        SEED_DEMO: 'false',
        // Only this test's process delivers messages: the wake-up it gets comes from the other.
        RUN_WORKERS: 'false',
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
      },
      stdio: 'ignore',
    });

    const db = ctx.deps.database.db;
    const seeded = await seedAgent(db, {
      agent: {
        signupStatus: 'complete',
        agentStatus: 'active',
        agent: 'Dana Reyes',
        zipcodes: ['85004'],
        agentPhone: '+16025550101',
      },
    });
    agentId = seeded.agent.id;
    await db
      .insert(recipients)
      .values({ agentId, firstName: 'Rita', email: 'rita@example.com', sendEmail: true, isPrimary: true });
    headers = bearer((await login(ctx.app, seeded.user.email, seeded.password)).accessToken);
    key = (await createApiKey(db, { name: 'Seller feed' })).key;

    for (let i = 0; i < 200; i++) {
      try {
        if ((await fetch(`${there}/api/health`)).ok) return;
      } catch {
        // not up yet
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    throw new Error('second server did not start');
  }, 60_000);

  afterAll(async () => {
    for (const stream of open) stream.close();
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await ctx?.close();
  });

  it('brings a lead posted to one process to a stream held on the other within a second', async () => {
    const onThere = await listen(there);
    const onHere = await listen(here);

    const first = await postLead(here, 'Jane');
    expect((await onThere.next(about('lead.created', first.id))).at - first.answered).toBeLessThan(1000);
    const second = await postLead(there, 'June');
    expect((await onHere.next(about('lead.created', second.id))).at - second.answered).toBeLessThan(1000);
  });

  it("wakes one process's dispatcher for a message the other committed", async () => {
    // The idle look a minute apart: only the notification can wake it in time.
    await startWorkers(ctx.deps.queue, ctx.deps, {
      pollingIntervalSeconds: 0.5,
      delivery: { idleMs: 60_000 },
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const lead = await postLead(there, 'Joan');
    const sent = await eventually(async () => {
      const [message] = await ctx.deps.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.leadId, lead.id));
      return message?.status === 'sent' && performance.now();
    }, 5000);
    expect(sent - lead.answered).toBeLessThan(2000);
  });

  it('tells open streams to read again after its listening connection dropped, and goes on', async () => {
    const onHere = await listen(here);
    const onThere = await listen(there);
    await ctx.deps.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'portal events' and datname = current_database()`,
    );
    await onHere.next((item) => item.type === 'resync', 5000);
    await onThere.next((item) => item.type === 'resync', 5000);
    const lead = await postLead(here, 'Jill');
    await onThere.next(about('lead.created', lead.id));
  });

  it('tells its streams to reconnect (elsewhere) when a process stops', async () => {
    const onThere = await listen(there);
    child.kill('SIGTERM');
    const reconnect = await onThere.next((item) => item.type === 'reconnect', 10_000);
    expect(JSON.parse(reconnect.data)).toEqual({ reason: 'closing' });
    await onThere.ended;
  });
});
