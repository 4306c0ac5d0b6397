import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LEAD_TYPES, type LeadsList, NO_FLOORS } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/client';
import { forgetSettings, writeSettings } from '../src/lib/settings';
import { hashPassword } from '../src/modules/auth/passwords';
import { createApiKey } from '../src/modules/leads/api-keys';
import { decideRouting } from '../src/modules/leads/routing';
import { refreshAgentStats } from '../src/modules/leads/stats';
import { closeRuntime, openRuntime } from '../src/runtime';
import {
  BENCH_EMAIL_DOMAIN,
  BENCH_INTAKE_SOURCE,
  BENCH_PASSWORD,
  type BenchZip,
  benchZips,
  FULL_SIZE,
  generateLeadsData,
  random,
  removeIntakeLeads,
  scaledSize,
} from './leads-data';
import {
  type BenchServer,
  benchEnv,
  cannonOptions,
  ensureBenchDatabase,
  expectOk,
  type Figure,
  figureOf,
  load,
  login,
  paced,
  printTable,
  printVerdicts,
  startServer,
  stopServer,
  type Target,
  type Verdict,
} from './measure';

/**
 * `npm run bench:leads` (and part of `npm run bench`): the hot paths on generated data (1,000
 * agents, 40,000 ZIPs, 200,000 leads; bench/leads-data.ts), next to a bare Fastify handler and
 * `GET /api/health` (one database round trip) served by the same process in the same run. It
 * ends with the targets (docs/performance.md), each with its figure and PASS or FAIL: /api/me >= 0.6 x and
 * /api/portal/me >= 0.5 x health's throughput, the leads pages >= 0.3 x health and p95 < 20 ms at
 * a steady 200 req/s (the work queue, written afresh for every request: ADR 60, the p95 alone), the
 * intake at a steady 500 leads/s with p95 < 100 ms, and the routing decision p95 < 1 ms (with
 * agents paused, capped and below a floor: ensureRoutingCapacity). Also a corporate user's page of
 * the leads of a group of 200 agents at a steady 50 req/s.
 *
 * Two tables. At saturation, each connection sends its next request as soon as the last is
 * answered: req/s is the ceiling, and latency is mostly waiting in line (about connections / req/s);
 * `cpu ms/req` is the server process's own CPU per request, the figure least moved by whatever else
 * the machine runs. At a steady rate, BENCH_RATE req/s (50; the intake BENCH_INTAKE_RATE, 10)
 * started on a schedule over up to as many connections (an open loop, latency counted from when
 * each request was due): what a client sees under that load.
 *
 * PostgreSQL when DATABASE_URL is set: give it a database of its own (the data stays for the next
 * run); `--recreate` or BENCH_RECREATE=1 drops and creates it first (only a database whose name
 * contains "bench"). Without DATABASE_URL: an embedded PGlite in a temporary folder with a tenth of
 * the data (BENCH_LEADS_SCALE); PGlite runs one query at a time, its figures are not the target.
 * BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (2), BENCH_RATE (0: no steady
 * table), BENCH_INTAKE_RATE and BENCH_ROUTING_SAMPLES (2000) change the load; BENCH_ONLY=<pattern>
 * measures only the targets whose name matches (with the two references), e.g. BENCH_ONLY=v1/leads
 * for the intake alone.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const GROUP_RATE = Number(process.env.BENCH_GROUP_RATE ?? 50);
const INTAKE_RATE = Number(process.env.BENCH_INTAKE_RATE ?? 500);
const ROUTING_SAMPLES = Number(process.env.BENCH_ROUTING_SAMPLES ?? 2000);
/** BENCH_ONLY=<pattern>: only the targets whose name matches, beside the two references. */
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;

/** The targets (docs/performance.md), each judged on this run's own figures. */
export const TARGETS = {
  meRatio: 0.6,
  portalMeRatio: 0.5,
  leadsRatio: 0.3,
  leadsP95Ms: 20,
  intakeRate: 500,
  intakeP95Ms: 100,
  routingP95Ms: 1,
};

/** The intake's target met: the rate sustained (within 2%), p95 under its bound, no error. */
export const intakeMet = (intake: Figure) =>
  intake.rps >= TARGETS.intakeRate * 0.98 && intake.p95 < TARGETS.intakeP95Ms && intake.errors === 0;

/** One endpoint at saturation (closed loop, after a warm-up) or at a steady rate (open loop). */
async function measure(server: BenchServer, target: Target, rate?: number): Promise<Figure> {
  if (!rate && WARMUP > 0) {
    await load({ ...cannonOptions(target), connections: Math.min(10, CONNECTIONS), duration: WARMUP });
  }
  const cpuBefore = await server.cpu();
  const run = rate
    ? await paced(target, { rate, seconds: DURATION, connections: CONNECTIONS })
    : await load({ ...cannonOptions(target), connections: CONNECTIONS, duration: DURATION }).then(
        ({ result, times }) => ({
          times,
          errors: result.errors + result.non2xx,
          rps: result.requests.average,
        }),
      );
  // At a steady rate the process's idle work (timers, pg-boss) would weigh on each request.
  const cpuMs = rate ? null : ((await server.cpu()) - cpuBefore) / Math.max(run.times.length, 1);
  return figureOf(target.name, run.times, { rps: run.rps, errors: run.errors, cpuMs, http: !rate });
}

/** The routing decision alone, one at a time, for random ZIPs of the data. */
export async function measureRouting(db: Db, zips: BenchZip[], samples: number) {
  const rnd = random(8);
  const times: number[] = [];
  let assigned = 0;
  let candidates = 0;
  /** Decisions that left an agent out for a pause, a cap or a floor, or gave a lead below one. */
  let held = 0;
  for (let i = 0; i < samples + 100; i++) {
    const place = rnd.pick(zips);
    const started = performance.now();
    const decision = await decideRouting(db, {
      zip: place.zip,
      city: place.city,
      lead_type: rnd.pick(LEAD_TYPES),
    });
    const ms = performance.now() - started;
    if (i < 100) continue; // warm-up
    times.push(ms);
    if (decision.agentId) assigned += 1;
    candidates += decision.candidates;
    if (/left out|paused until|monthly cap|meets every floor/.test(decision.reason)) held += 1;
  }
  const seconds = times.reduce((a, b) => a + b, 0) / 1000;
  const figure = figureOf('routing decision (decideRouting, 1 at a time)', times, {
    rps: samples / seconds,
    errors: 0,
    cpuMs: null,
    http: false,
  });
  return { figure, assigned: assigned / samples, candidates: candidates / samples, held: held / samples };
}

/**
 * Pause, caps and floors on the bench agents (ADR 62), so that the routing figure covers them:
 * every tenth agent paused for 30 days, every third capped (every sixth at a cap of 0, always
 * full; the others at 1,000, counted but not reached), every seventh with a lower cap of its own,
 * every fifth below the floor of "contacted within 1 hour", which the settings set. Leads have
 * `assigned_at` as the intake writes it. The same on every run, whatever ran before.
 */
export async function ensureRoutingCapacity(db: Db) {
  await db.execute(
    sql`update leads set assigned_at = created_at where agent_id is not null and assigned_at is null`,
  );
  await db.execute(sql`
    with bench as (
      select id, row_number() over (order by agent_uri) as n from agents where agent_uri like 'bench-agent-%')
    update agents a set
      paused_until = case when b.n % 10 = 0 then current_date + 30 end,
      monthly_lead_cap = case when b.n % 6 = 0 then 0 when b.n % 3 = 0 then 1000 end,
      own_monthly_lead_cap = case when b.n % 7 = 0 then 500 end
    from bench b where a.id = b.id`);
  await db.execute(sql`
    insert into agent_scorecards (agent_id, card, below_floors)
      select id, '{}'::jsonb,
        case when row_number() over (order by agent_uri) % 5 = 0
          then '{contacted_within_hour}'::text[] else '{}'::text[] end
      from agents where agent_uri like 'bench-agent-%'
    on conflict (agent_id) do update set below_floors = excluded.below_floors`);
  await writeSettings(
    db,
    { routing: { acceptance_minutes: 0, floors: { ...NO_FLOORS, contacted_within_hour: 50 } } },
    'bench',
  );
  forgetSettings();
}

export const BENCH_OFFICE_EMAIL = `bench.office@${BENCH_EMAIL_DOMAIN}`;
export const GROUP_AGENTS = Number(process.env.BENCH_GROUP_AGENTS ?? 200);

/**
 * A corporate user whose group holds the first GROUP_AGENTS bench agents (a group of
 * 200 agents), linked to it; made once, kept with the data.
 */
export async function ensureBenchGroup(db: Db): Promise<string> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  return db.transaction(async (tx) => {
    const found = (
      (await tx.execute(sql`select g.id from groups g join users u on u.id = g.corporate_user_id
        where u.email = ${BENCH_OFFICE_EMAIL} limit 1`)) as unknown as { rows: { id: string }[] }
    ).rows[0];
    if (found) return found.id;
    const office = (
      (await tx.execute(sql`insert into users (email, name, password_hash, is_verified, user_role)
        values (${BENCH_OFFICE_EMAIL}, 'Bench Office', ${passwordHash}, true, 'corporate') returning id`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows[0]!;
    const group = (
      (await tx.execute(sql`insert into groups (name, corporate_user_id) values ('Bench group', ${office.id})
        returning id`)) as unknown as { rows: { id: string }[] }
    ).rows[0]!;
    await tx.execute(sql`with chosen as (
        select id from agents where agent_uri like 'bench-agent-%' order by agent_uri limit ${GROUP_AGENTS})
      update agents set corporate_user_id = ${office.id} where id in (select id from chosen)`);
    await tx.execute(sql`insert into group_memberships (group_id, agent_id)
      select ${group.id}, id from agents where corporate_user_id = ${office.id}`);
    return group.id;
  });
}

/** The bench agent with the number of leads nearest 200, and the surname most of its leads share. */
export async function benchAgent(db: Db) {
  const [agent] = (
    (await db.execute(sql`
      with counts as (select agent_id, sum(n)::int as leads from lead_counts group by agent_id)
      select u.email, a.agent_uri, c.leads,
        (select lower(l.last_name) from leads l where l.agent_id = a.id
          group by 1 order by count(*) desc, 1 limit 1) as common_name
      from counts c join agents a on a.id = c.agent_id join users u on u.id = a.user_id
      where a.agent_uri like 'bench-agent-%' and c.leads > 0
      order by abs(c.leads - 200), a.agent_uri limit 1`)) as unknown as {
      rows: { email: string; agent_uri: string; leads: number; common_name: string }[];
    }
  ).rows;
  if (!agent) throw new Error('no bench agent with leads: the data was not generated');
  return agent;
}

/** Bodies of the intake, a new lead each time, in random ZIPs of the data (the same on every run). */
export function intakeBodies(zips: BenchZip[]): () => string {
  const rnd = random(9);
  return () => {
    const place = rnd.pick(zips);
    const phone = `(${rnd.pick([205, 303, 480, 512, 602, 713, 919])}) 555-${String(rnd.int(0, 9999)).padStart(4, '0')}`;
    return JSON.stringify({
      lead_type: rnd.pick(LEAD_TYPES),
      first_name: rnd.pick(['Ana', 'Ben', 'Carla', 'Dev', 'Eli', 'Fay']),
      last_name: rnd.pick(['Ortiz', 'Brooks', 'Nakamura', 'Reed', 'Shah']),
      phone,
      email: `seller${rnd.int(1, 999_999)}@example.com`,
      street: `${rnd.int(100, 9899)} Bench St`,
      city: place.city,
      state: place.state,
      zip: place.zip,
      county: place.county,
    });
  };
}

async function main() {
  const postgres = Boolean(process.env.DATABASE_URL);
  const scale = Number(process.env.BENCH_LEADS_SCALE ?? (postgres ? 1 : 0.1));
  const size = scale === 1 ? FULL_SIZE : scaledSize(scale);
  const recreate = process.argv.includes('--recreate') || process.env.BENCH_RECREATE === '1';
  if (postgres && recreate) await ensureBenchDatabase(process.env.DATABASE_URL!, { recreate });
  const dataDir = postgres
    ? process.env.DATA_DIR
    : mkdtempSync(path.join(os.tmpdir(), 'portal-leads-bench-'));
  const env = benchEnv({ postgres, dataDir });

  // Data, the routing figure and the API key, then this process lets go of the database (a
  // PGlite folder has one user at a time) and the server process takes it.
  const deps = await openRuntime(loadConfig(env));
  const db = deps.database.db;
  await removeIntakeLeads(db);
  await generateLeadsData(db, size);
  await ensureRoutingCapacity(db);
  // Every run starts from the same state: what earlier runs wrote and removed vacuumed (the
  // GIN indexes' pending lists merged), as autovacuum would have done by then. Every table the
  // intake writes: a server with autovacuum off (as some test machines' are) otherwise makes each
  // run slower than the last, with the dead rows of the ones before.
  await db.execute(
    sql`vacuum analyze agents, leads, lead_events, lead_offers, lead_counts, lead_versions, outbox_messages, api_keys, rate_limits, agent_scorecards`,
  );
  const zips = await benchZips(size.zips);
  const groupId = await ensureBenchGroup(db);
  const agent = await benchAgent(db);
  const routing = await measureRouting(db, zips, ROUTING_SAMPLES);
  const { key } = await createApiKey(db, { name: BENCH_INTAKE_SOURCE });
  await closeRuntime(deps);

  const server = await startServer(env);
  const saturated: Figure[] = [];
  const paced: Figure[] = [];
  try {
    const auth = await login(server.app, agent.email, BENCH_PASSWORD);
    const pages = {
      first: '/api/portal/me/leads?skip=0&limit=100',
      search: `/api/portal/me/leads?skip=0&limit=100&q=${encodeURIComponent(agent.common_name)}`,
      later: '/api/portal/me/leads?skip=100&limit=100',
      archived: '/api/portal/me/leads?skip=0&limit=100&archived=true',
      queue: '/api/portal/me/leads?view=queue&skip=0&limit=100',
    };
    // Each figure is of a real answer: a full page, a search that finds leads, a second page.
    const check = async (url: string) =>
      (await expectOk(await fetch(`${server.app}${url}`, { headers: auth }), url)) as LeadsList;
    const [first, found, later] = [
      await check(pages.first),
      await check(pages.search),
      await check(pages.later),
    ];
    console.log(
      `leads of ${agent.agent_uri}: ${first.total} (page 1: ${first.items.length}, page 2: ${later.items.length}); ` +
        `q=${agent.common_name} finds ${found.total}`,
    );
    if (first.items.length !== 100 || found.total === 0 || later.items.length === 0) {
      throw new Error('the leads pages do not answer what the bench expects');
    }
    const queue = await check(pages.queue);
    const buckets = new Map<string, number>();
    for (const item of queue.items)
      buckets.set(item.queue_bucket!, (buckets.get(item.queue_bucket!) ?? 0) + 1);
    console.log(
      `work queue of ${agent.agent_uri}: ${queue.total} active leads; page 1: ${[...buckets].map(([b, n]) => `${n} ${b}`).join(', ')}`,
    );
    if (queue.items.length === 0 || !buckets.has('overdue')) {
      throw new Error('the work queue does not answer what the bench expects');
    }

    // The office's view of its group: a page of the newest leads of its 200 agents, one agent's.
    const officeAuth = await login(server.app, BENCH_OFFICE_EMAIL, BENCH_PASSWORD);
    const groupPages = {
      first: `/api/portal/groups/${groupId}/leads?skip=0&limit=100`,
      active: `/api/portal/groups/${groupId}/leads?skip=0&limit=100&active=true`,
      later: `/api/portal/groups/${groupId}/leads?skip=100&limit=100`,
    };
    const groupFirst = (await expectOk(
      await fetch(`${server.app}${groupPages.first}`, { headers: officeAuth }),
      'group leads',
    )) as LeadsList;
    console.log(
      `group of ${GROUP_AGENTS} agents: ${groupFirst.total} leads (page 1: ${groupFirst.items.length})`,
    );
    if (groupFirst.items.length !== 100)
      throw new Error('the group leads page does not answer what the bench expects');

    const intakeBody = intakeBodies(zips);
    const intakeHeaders = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const posted = await expectOk(
      await fetch(`${server.app}/api/v1/leads`, {
        method: 'POST',
        headers: intakeHeaders,
        body: intakeBody(),
      }),
      'intake',
    );
    if (!(posted as { routing?: unknown }).routing) throw new Error('the intake answered without a decision');

    const get = (name: string, url: string): Target => ({ name, url: `${server.app}${url}`, headers: auth });
    // A search of three random letters each time: pages written afresh, not kept ones.
    const letters = random(11);
    const fresh: Target = {
      ...get('GET leads, q=3 random letters (written each time)', pages.first),
      query: () =>
        `q=${Array.from({ length: 3 }, () => String.fromCharCode(97 + letters.int(0, 25))).join('')}`,
    };
    const targets: Target[] = [
      { name: 'bare Fastify handler', url: server.bare },
      { name: 'GET /api/health (one database round trip)', url: `${server.app}/api/health` },
      get('GET /api/me', '/api/me'),
      get('GET /api/portal/me', '/api/portal/me'),
      get(`GET leads, page 1 (limit 100, ${first.total} leads)`, pages.first),
      get(`GET leads, q=${agent.common_name} (${found.total} found)`, pages.search),
      get('GET leads, page 2 (skip 100)', pages.later),
      get('GET leads, archived tab', pages.archived),
      // Written afresh for every request: its order moves with the clock.
      get(`GET leads, work queue (view=queue, ${queue.total} active)`, pages.queue),
      fresh,
      ...(
        [
          [`GET group leads, page 1 (${GROUP_AGENTS} agents, ${groupFirst.total} leads)`, groupPages.first],
          ['GET group leads, active only', groupPages.active],
          ['GET group leads, page 2 (skip 100)', groupPages.later],
        ] as const
      ).map(([name, url]) => ({ name, url: `${server.app}${url}`, headers: officeAuth })),
      {
        name: 'POST /api/v1/leads (a new lead each, routed)',
        url: `${server.app}/api/v1/leads`,
        method: 'POST',
        headers: intakeHeaders,
        body: intakeBody,
      },
    ];
    const chosen = targets.filter(
      (target) => !only || /^bare|^GET \/api\/health/.test(target.name) || only.test(target.name),
    );
    for (const target of chosen) saturated.push(await measure(server, target));
    if (RATE > 0) {
      for (const target of chosen) {
        if (/^bare|random letters/.test(target.name)) continue;
        const rate =
          target.method === 'POST' ? INTAKE_RATE : target.name.startsWith('GET group') ? GROUP_RATE : RATE;
        if (rate > 0) paced.push(await measure(server, target, rate));
      }
    }
  } finally {
    await stopServer(server);
  }

  // The routing decision again, now that the intake has written leads and agent statistics.
  const after = await openRuntime(loadConfig(env));
  const routingAfter = await measureRouting(after.database.db, zips, ROUTING_SAMPLES);
  routingAfter.figure.name = 'routing decision, after the intake runs';
  const removed = await removeIntakeLeads(after.database.db);
  await refreshAgentStats(after.database.db);
  await closeRuntime(after);
  if (!postgres && dataDir) rmSync(dataDir, { recursive: true, force: true });

  const database = postgres ? 'PostgreSQL' : 'PGlite (embedded, one query at a time: not the target)';
  printTable(
    `${database}; at saturation: ${CONNECTIONS} connections, each sending its next request as soon as ` +
      `the last is answered, ${DURATION} s each (latency is about connections / req/s)`,
    [...saturated, routing.figure, routingAfter.figure],
  );
  if (paced.length > 0) {
    printTable(
      `${database}; at a steady ${RATE} req/s, the group pages ${GROUP_RATE} req/s, the intake ${INTAKE_RATE} req/s (open loop, up to ${CONNECTIONS} connections), ${DURATION} s each`,
      paced,
    );
  }
  console.log(
    `\nrouting: ${(routing.assigned * 100).toFixed(1)}% of random ZIPs assigned, ` +
      `${routing.candidates.toFixed(1)} eligible agents on average, ` +
      `${(routing.held * 100).toFixed(1)}% with an agent paused, capped or below a floor; ` +
      `${removed} bench intake leads removed`,
  );
  printVerdicts(leadsVerdicts(saturated, paced, routing.figure));
}

/** The targets with this run's figures. */
function leadsVerdicts(saturated: Figure[], paced: Figure[], routing: Figure): Verdict[] {
  const find = (figures: Figure[], start: string) => figures.find((f) => f.name.startsWith(start));
  const health = find(saturated, 'GET /api/health');
  const rows: Verdict[] = [];
  const ratio = (name: string, start: string, aim: number) => {
    const f = find(saturated, start);
    if (!f || !health) return;
    const x = f.rps / Math.max(health.rps, 1);
    rows.push({
      target: `${name} >= ${aim} x health (${health.rps} req/s)`,
      figure: `${f.rps} req/s = ${x.toFixed(2)} x`,
      ok: x >= aim,
    });
  };
  ratio('GET /api/me', 'GET /api/me', TARGETS.meRatio);
  ratio('GET /api/portal/me', 'GET /api/portal/me', TARGETS.portalMeRatio);
  // Pages written afresh for every request (a search nobody repeats, the work queue) have no
  // throughput target; the queue has its latency at a steady rate.
  const written = (name: string) => name.includes('random') || name.includes('work queue');
  for (const f of saturated.filter((f) => f.name.startsWith('GET leads,') && !written(f.name))) {
    ratio(f.name, f.name, TARGETS.leadsRatio);
  }
  for (const f of paced.filter((f) => f.name.startsWith('GET leads,'))) {
    rows.push({
      target: `${f.name}: p95 < ${TARGETS.leadsP95Ms} ms at ${RATE} req/s`,
      figure: `p95 ${f.p95.toFixed(1)} ms, ${f.errors} errors`,
      ok: f.p95 < TARGETS.leadsP95Ms && f.errors === 0,
    });
  }
  const intake = find(paced, 'POST /api/v1/leads');
  if (intake) {
    rows.push({
      target: `intake: ${TARGETS.intakeRate} leads/s sustained, p95 < ${TARGETS.intakeP95Ms} ms`,
      figure: `${Math.round(intake.rps)} leads/s, p95 ${intake.p95.toFixed(1)} ms, ${intake.errors} errors`,
      ok: intakeMet(intake),
    });
  }
  rows.push({
    target: `routing decision p95 < ${TARGETS.routingP95Ms} ms`,
    figure: `p95 ${routing.p95.toFixed(2)} ms`,
    ok: routing.p95 < TARGETS.routingP95Ms,
  });
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main()
    .then(() => process.exit(0))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
