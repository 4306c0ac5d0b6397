import { NO_FLOORS } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { agents, leadOffers, leads, recipients, users } from '../src/db/schema';
import { writeSettings } from '../src/lib/settings';
import { startOfferSweeper } from '../src/modules/leads/offers';
import { closeRuntime, openRuntime } from '../src/runtime';
import { benchDatabaseUrl, ensureBenchDatabase } from './measure';

/**
 * `npm run bench -- offers` (and part of `npm run bench`): BENCH_OFFERS (10,000) open offers whose
 * deadlines are one instant, over BENCH_OFFER_ZIPS (100) ZIP codes served by four agents each, so
 * that every lapsed lead has agents to go to. One process runs the offer sweeper as every server
 * and worker does (every OFFER_SWEEP_SECONDS, 1 s), and the bench watches the database for the
 * moment no offer with that deadline is left. Target (ADR 62): the last of them is processed
 * (lapsed, routed again, its new offer and deliveries written) within 5 s of the deadline.
 *
 * PostgreSQL only (OFFERS_BENCH_DATABASE_URL, else DATABASE_URL with its database name suffixed
 * "_offers"; its name must contain "bench"), emptied at each run. Without a database URL it says
 * so and stops.
 */
const OFFERS = Number(process.env.BENCH_OFFERS ?? 10_000);
const ZIPS = Number(process.env.BENCH_OFFER_ZIPS ?? 100);
const AGENTS_PER_ZIP = 4;
const TARGET_SECONDS = 5;
const SECRET = 'offers-bench-secret-that-is-long-enough-0123456789';
const CHUNK = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const url = benchDatabaseUrl(process.env.OFFERS_BENCH_DATABASE_URL, '_offers');
  if (!url) {
    console.log('offers bench: set DATABASE_URL (PostgreSQL) to measure 10,000 lapsing offers; skipped');
    return;
  }
  await ensureBenchDatabase(url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url,
    JWT_SECRET: SECRET,
    TOKEN_SECRET: SECRET,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  };
  const config = loadConfig(env);
  const deps = await openRuntime(config);
  const db = deps.database.db;
  const tables = (
    (await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown as {
      rows: { tablename: string }[];
    }
  ).rows.map((row) => `"${row.tablename}"`);
  await db.execute(sql.raw(`truncate ${tables.join(', ')} cascade`));
  await writeSettings(db, { routing: { acceptance_minutes: 15, floors: NO_FLOORS } }, 'bench');

  // The agents, four to a ZIP, each with a recipient who gets the offer by e-mail.
  const zips = Array.from({ length: ZIPS }, (_, i) => String(20_000 + i));
  const count = ZIPS * AGENTS_PER_ZIP;
  const seededUsers = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `agent.${i}@bench-offers.test`,
        name: `Agent ${i}`,
        isAgent: true,
      })),
    )
    .returning({ id: users.id });
  const seededAgents = await db
    .insert(agents)
    .values(
      seededUsers.map((user, i) => ({
        userId: user.id,
        agentUri: `offers-bench-${i}`,
        agent: `Agent ${i}`,
        agentEmail: `agent.${i}@bench-offers.test`,
        agentPhone: '+16025550101',
        signupStatus: 'complete' as const,
        agentStatus: 'active' as const,
        zipcodes: [zips[Math.floor(i / AGENTS_PER_ZIP)]!],
      })),
    )
    .returning({ id: agents.id });
  await db.insert(recipients).values(
    seededAgents.map((agent, i) => ({
      agentId: agent.id,
      firstName: `Agent ${i}`,
      email: `agent.${i}@bench-offers.test`,
      sendEmail: true,
      isAgent: true,
      isPrimary: true,
    })),
  );

  // The offers, every one ending at the same instant, a few seconds after they are written.
  const [{ deadline }] = (
    (await db.execute(
      sql`select (extract(epoch from now() + make_interval(secs => ${10 + OFFERS / 2000})) * 1000)::float8 as deadline`,
    )) as unknown as { rows: { deadline: number }[] }
  ).rows as [{ deadline: number }];
  const expires = sql`to_timestamp(${deadline / 1000})`;
  for (let start = 0; start < OFFERS; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, OFFERS - start) }, (_, k) => {
      const i = start + k;
      const zip = i % ZIPS;
      return {
        agentId: seededAgents[zip * AGENTS_PER_ZIP + (Math.floor(i / ZIPS) % AGENTS_PER_ZIP)]!.id,
        leadType: 'fsbo',
        firstName: 'Bench',
        lastName: `Seller ${i}`,
        phone: '+16025550199',
        city: 'Phoenix',
        state: 'AZ',
        zip: zips[zip]!,
        source: 'Offers bench',
        routing: {
          decision: 'assigned' as const,
          reason: 'bench',
          candidates: AGENTS_PER_ZIP,
          decidedAt: new Date().toISOString(),
        },
        assignedAt: sql`now()`,
        offerExpiresAt: expires,
      };
    });
    const inserted = await db.insert(leads).values(rows).returning({ id: leads.id, agentId: leads.agentId });
    await db
      .insert(leadOffers)
      .values(inserted.map((lead) => ({ leadId: lead.id, agentId: lead.agentId!, expiresAt: expires })));
  }
  const ready = Date.now();
  if (ready >= deadline) throw new Error('the offers took longer to write than their deadline allows');
  console.log(
    `\noffers: ${OFFERS} open offers over ${ZIPS} ZIPs (${count} agents), deadline in ${((deadline - ready) / 1000).toFixed(1)} s`,
  );

  // One process's sweeper, as in a server or a worker.
  const sweeper = startOfferSweeper(deps, config.offerSweepMs);
  let doneAt = 0;
  try {
    for (;;) {
      const [row] = (
        (await db.execute(
          sql`select count(*)::int as n from ${leads} where ${leads.offerExpiresAt} = ${expires}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      const now = Date.now();
      if (Number(row!.n) === 0 && now >= deadline) {
        doneAt = now;
        break;
      }
      if (now > deadline + 60_000) break;
      await sleep(50);
    }
  } finally {
    await sweeper.stop();
  }
  const [outcome] = (
    (await db.execute(sql`
      select count(*) filter (where outcome = 'lapsed')::int as lapsed,
        count(*) filter (where outcome is null)::int as open,
        (select count(*)::int from outbox_messages) as messages,
        (extract(epoch from max(decided_at) filter (where outcome = 'lapsed')) * 1000)::float8 as last
      from ${leadOffers}`)) as unknown as {
      rows: { lapsed: number; open: number; messages: number; last: number | null }[];
    }
  ).rows;
  await closeRuntime(deps);

  const seconds = doneAt ? (doneAt - deadline) / 1000 : Number.POSITIVE_INFINITY;
  console.log(
    `lapsed ${outcome!.lapsed}, open again ${outcome!.open}, ${outcome!.messages} deliveries queued; ` +
      `the last lapse's transaction began ${(((outcome!.last ?? deadline) - deadline) / 1000).toFixed(2)} s after the deadline`,
  );
  console.log('\ntargets\n');
  const ok = seconds < TARGET_SECONDS && outcome!.lapsed === OFFERS;
  console.log(
    `${ok ? 'PASS' : 'FAIL'}  ${`deadlines of ${OFFERS.toLocaleString('en-US')} open offers processed within ${TARGET_SECONDS} s of their time`.padEnd(72)} ` +
      `${Number.isFinite(seconds) ? `${seconds.toFixed(2)} s` : 'not done in 60 s'} (${outcome!.lapsed} lapsed)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
