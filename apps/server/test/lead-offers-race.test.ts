import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NO_FLOORS } from '@portal/shared';
import { asc, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadEvents, leadOffers, leads } from '../src/db/schema';
import { forgetSettings, writeSettings } from '../src/lib/settings';
import { createApiKey } from '../src/modules/leads/api-keys';
import { bearer, createTestContext, eventually, login, type TestContext } from './helpers/app';
import { seedAgent } from './helpers/factories';

/**
 * ADR 62's one holder: accepts sent at an offer's deadline race the offer sweeper of another
 * process (a worker on the same PostgreSQL database). Whatever wins, each lead ends with one
 * holder, and its offers agree: the first offer is accepted or lapsed, never both.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(postgres)('accepts against the sweeper of another process', () => {
  it.skip('needs PostgreSQL: set TEST_DATABASE_URL (PGlite belongs to one process)', () => {});
});

describe.runIf(postgres)('accepts against the sweeper of another process', () => {
  let ctx: TestContext;
  let worker: ChildProcess;
  const tokens = new Map<string, string>();
  let key = '';

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.deps.database.db;
    await writeSettings(db, { routing: { acceptance_minutes: 15, floors: NO_FLOORS } }, 'test');
    forgetSettings();
    for (const name of ['Dana Reyes', 'Eli Stone', 'Fay Moss']) {
      const seeded = await seedAgent(db, {
        user: { name },
        agent: {
          signupStatus: 'complete',
          agentStatus: 'active',
          agent: name,
          zipcodes: ['85004'],
          agentPhone: '+16025550101',
        },
      });
      tokens.set(seeded.agent.id, (await login(ctx.app, seeded.user.email, seeded.password)).accessToken!);
    }
    key = (await createApiKey(db, { name: 'Seller feed' })).key;

    worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        DATABASE_URL: ctx.testDb.url,
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'portal-offers-worker-')),
        PUBLIC_URL: 'http://portal.test',
        JWT_SECRET: ctx.deps.config.jwtSecret,
        TOKEN_SECRET: ctx.deps.config.tokenSecret,
        // Looking all the time, so its sweeps meet the accepts at the deadline.
        OFFER_SWEEP_SECONDS: '0.05',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the worker did not start')), 30_000);
      worker.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('Worker started')) {
          clearTimeout(timer);
          resolve();
        }
      });
      worker.once('exit', (code) => reject(new Error(`the worker exited (${code})`)));
    });
  }, 60_000);

  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      worker.kill('SIGTERM');
      await new Promise((resolve) => worker.once('exit', resolve));
    }
    await ctx?.close();
  });

  it('leaves each lead one holder, and its offers agreeing, however the race ends', async () => {
    const db = ctx.deps.database.db;
    const posted: { id: string; agent_id: string }[] = [];
    for (let i = 0; i < 50; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/leads',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: JSON.stringify({
          lead_type: 'fsbo',
          first_name: `Seller ${i}`,
          phone: '6025550199',
          zip: '85004',
        }),
      });
      expect(response.statusCode).toBe(201);
      posted.push(response.json());
    }
    const ids = posted.map((lead) => lead.id);
    // Every offer ends at one instant, two seconds from now by the database's clock.
    const [{ deadline }] = (
      (await db.execute(
        sql`select (extract(epoch from now() + interval '2 seconds') * 1000)::float8 as deadline`,
      )) as unknown as {
        rows: { deadline: number }[];
      }
    ).rows as [{ deadline: number }];
    await db
      .update(leads)
      .set({ offerExpiresAt: sql`to_timestamp(${deadline / 1000})` })
      .where(inArray(leads.id, ids));
    await db
      .update(leadOffers)
      .set({ expiresAt: sql`to_timestamp(${deadline / 1000})` })
      .where(inArray(leadOffers.leadId, ids));

    // The holders' accepts are sent from 400 ms before the deadline to 200 ms after it, so that
    // they reach the database on both sides of it while the sweeper is looking.
    const answers = await Promise.all(
      posted.map(async (lead, index) => {
        const at = deadline - 400 + (index % 25) * 25;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
        const response = await ctx.app.inject({
          method: 'POST',
          url: `/api/portal/me/leads/${lead.id}/accept`,
          headers: bearer(tokens.get(lead.agent_id)),
        });
        return response.statusCode;
      }),
    );
    expect(answers.every((status) => status === 200 || status === 409)).toBe(true);

    // The sweeper has handled every offer past its deadline.
    await eventually(async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(leads)
        .where(sql`${leads.id} = any(${`{${ids.join(',')}}`}::uuid[]) and ${leads.offerExpiresAt} <= now()`);
      return Number(row!.n) === 0;
    }, 20_000);

    const rows = new Map(
      (await db.select().from(leads).where(inArray(leads.id, ids))).map((row) => [row.id, row]),
    );
    const offers = await db
      .select()
      .from(leadOffers)
      .where(inArray(leadOffers.leadId, ids))
      .orderBy(asc(leadOffers.offeredAt));
    const events = await db.select().from(leadEvents).where(inArray(leadEvents.leadId, ids));
    posted.forEach((lead, index) => {
      const row = rows.get(lead.id)!;
      const own = offers.filter((offer) => offer.leadId === lead.id);
      const first = own[0]!;
      expect(first.agentId).toBe(lead.agent_id);
      if (answers[index] === 200) {
        // The accept won: the lead stayed, accepted, and the sweeper never touched it.
        expect(row).toMatchObject({ agentId: lead.agent_id, offerExpiresAt: null });
        expect(row.acceptedAt).not.toBeNull();
        expect(own.map((offer) => offer.outcome)).toEqual(['accepted']);
      } else {
        // The lapse won: the lead went on (or to nobody), its first offer lapsed.
        expect(first.outcome).toBe('lapsed');
        expect(row.agentId).not.toBe(lead.agent_id);
        const open = own.filter((offer) => offer.outcome === null);
        expect(open.map((offer) => offer.agentId)).toEqual(row.agentId ? [row.agentId] : []);
      }
      // One answer for the first offer on the timeline, never both.
      const answered = events.filter(
        (event) =>
          event.leadId === lead.id &&
          (event.kind === 'offer_accepted' || event.kind === 'offer_lapsed') &&
          event.details.agent_id === lead.agent_id,
      );
      expect(answered).toHaveLength(1);
    });
    console.info(
      `[offers race] ${answers.filter((s) => s === 200).length} accepted, ${answers.filter((s) => s === 409).length} lapsed`,
    );
  }, 60_000);
});
