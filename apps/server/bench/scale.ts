import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { createApiKey } from '../src/modules/leads/api-keys';
import { refreshAgentStats } from '../src/modules/leads/stats';
import { closeRuntime, openRuntime } from '../src/runtime';
import {
  BENCH_OFFICE_EMAIL,
  benchAgent,
  ensureBenchGroup,
  ensureRoutingCapacity,
  GROUP_AGENTS,
  intakeBodies,
  intakeMet,
  measureRouting,
  TARGETS,
} from './leads';
import { BENCH_INTAKE_SOURCE, BENCH_PASSWORD, benchZips, random, removeIntakeLeads } from './leads-data';
import {
  type BenchServer,
  benchDatabaseUrl,
  benchEnv,
  ensureBenchDatabase,
  expectOk,
  type Figure,
  figureOf,
  login,
  paced,
  printTable,
  printVerdicts,
  startProcess,
  startServer,
  stopServer,
  type Target,
  type Verdict,
} from './measure';
import { ensureScaleData, SCALE_ADMIN_EMAIL, SCALE_SIZE } from './scale-data';
import type { JobRuns } from './scale-jobs';

/**
 * `npm run bench -- scale` (only when named: the first run generates for a long time): the portal
 * at a hundred times the network of today, on PostgreSQL only. The data (bench/scale-data.ts):
 * 10,000 active agents whose service areas overlap over 40,000 real ZIPs, their recipients, an
 * office with a group of 200 of them, a superuser, 2,000,000 leads with their activities, the
 * new-lead e-mail and text of each lead of the last 30 days and their attempts, audit entries, and
 * spent links, ended sessions and old rate-limit rows for the clean-up job. It is generated once
 * and kept: a later run counts it and goes on in seconds.
 *
 * Measured at steady rates (an open loop, latency counted from when each request was due), each
 * rate's group beside `GET /api/health` at the same rate in the same run, each endpoint first
 * checked to answer 200 with real content; the targets end the output, PASS or FAIL:
 * - the intake (`POST /api/v1/leads`) at 500 leads/s, p95 < 100 ms, while every scheduled job
 *   (SCHEDULED_JOBS of src/jobs/workers.ts) runs: a job process of their own (bench/scale-jobs.ts)
 *   starts them all at once, as when every schedule falls due on the same tick, and the intake goes
 *   on until the last has ended (at least BENCH_SECONDS); each job's time is printed, and the same
 *   intake with no job running just before, to compare with;
 * - an agent's work queue and searches (a common surname, 3 random letters) at 200 req/s, as an
 *   agent with about 200 leads, p95 < 20 ms;
 * - the office's group leads (all, active only) at 50 req/s, p95 < 20 ms;
 * - the console's lists of leads, agents, messages and the audit log at 20 req/s, p95 < 50 ms;
 * - the routing decision (decideRouting, one at a time, with pauses, caps and floors), p95 < 1 ms.
 *
 * The database: SCALE_BENCH_DATABASE_URL, else DATABASE_URL's with "_scale" added to its name,
 * else postgres://postgres@127.0.0.1:5432/portal_scale_bench; created if missing, its name must
 * contain "bench". BENCH_RECREATE=1 (or --recreate) drops it first and generates everything again.
 * BENCH_SECONDS (20) is each measure's length, after BENCH_WARMUP_SECONDS (2) at the same rate.
 * BENCH_API_PROCESSES (1) server processes answer the API, each request sent to the next in turn
 * (a load balancer's round robin); BENCH_CONNECTIONS (50) is shared among them.
 * PostgreSQL's shared_buffers is printed: with Debian's 128 MB the intake reads its indexes' pages
 * from the kernel's cache (p95 0.2-2.6 s at 500 leads/s); the figures of docs/performance.md are
 * with 1 GB, a quarter of the database. So are max_wal_size, checkpoint_timeout and
 * wal_compression: with Debian's 1 GB, 5 minutes and no compression, the intake's log brings a
 * checkpoint every minute or so, after which every index page it touches is written whole to the
 * log; the figures are with 4 GB, 15 minutes and lz4 (ADR 71).
 * BENCH_ONLY=<pattern>
 * measures only the endpoints whose name matches, beside the health checks (BENCH_ONLY=v1/leads: the
 * intake alone and with the jobs).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUTING_SAMPLES = Number(process.env.BENCH_ROUTING_SAMPLES ?? 2000);
const API_PROCESSES = Math.max(1, Math.floor(Number(process.env.BENCH_API_PROCESSES ?? 1) || 1));
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/portal_scale_bench';
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const HEALTH = 'GET /api/health (one database round trip)';

/** An endpoint to measure, and what a real answer of it holds. */
interface Endpoint extends Target {
  /** `items`: a list with at least one item; `found`: a list, maybe empty; `routed`: a lead routed. */
  answer: 'items' | 'found' | 'routed' | 'ok';
}

/** Endpoints measured at one rate, beside the health check, against one p95 bound. */
interface RateGroup {
  title: string;
  rate: number;
  p95Ms: number;
  endpoints: Endpoint[];
  /** Measured to compare with, no target of its own. */
  reference?: boolean;
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Answers 200 with real content, or throws; the endpoint's name gains what it found. */
async function check(endpoint: Endpoint): Promise<void> {
  const url = endpoint.query
    ? `${endpoint.url}${endpoint.url.includes('?') ? '&' : '?'}${endpoint.query()}`
    : endpoint.url;
  const body = (await expectOk(
    await fetch(url, {
      method: endpoint.method ?? 'GET',
      headers: endpoint.headers,
      body: endpoint.body?.(),
    }),
    endpoint.name,
  )) as { items?: unknown[]; total?: number; total_exact?: boolean; routing?: unknown };
  const found = body.items?.length ?? 0;
  const bad =
    (endpoint.answer === 'items' && found === 0) ||
    (endpoint.answer === 'found' && !Array.isArray(body.items)) ||
    (endpoint.answer === 'routed' && !body.routing);
  if (bad)
    throw new Error(
      `${endpoint.name} does not answer what the bench expects: ${JSON.stringify(body).slice(0, 300)}`,
    );
  if (endpoint.answer === 'items' && body.total !== undefined)
    endpoint.name += ` [${body.total}${body.total_exact === false ? '+' : ''}]`;
}

/** Each endpoint of the group in turn, at the group's rate, after a warm-up at that rate. */
async function measure(group: RateGroup): Promise<{ group: RateGroup; figures: Figure[] }> {
  const options = { rate: group.rate, connections: CONNECTIONS };
  const figures: Figure[] = [];
  for (const endpoint of group.endpoints) {
    if (WARMUP > 0) await paced(endpoint, { ...options, seconds: WARMUP });
    const run = await paced(endpoint, { ...options, seconds: SECONDS });
    figures.push(
      figureOf(endpoint.name, run.times, { rps: run.rps, errors: run.errors, cpuMs: null, http: false }),
    );
  }
  return { group, figures };
}

/**
 * The intake at its rate while every scheduled job runs (bench/scale-jobs.ts): after the warm-up
 * the job process starts them all at once, and the intake goes on, 5 s at a time, until the last
 * has ended and for at least BENCH_SECONDS; its figure is of the whole window.
 */
async function intakeWithEveryJob(
  env: NodeJS.ProcessEnv,
  intake: Endpoint,
  rate: number,
): Promise<{ figure: Figure; jobs: Record<string, JobRuns> }> {
  const worker = await startProcess('scale-jobs.ts', env);
  let jobs: Record<string, JobRuns> | null = null;
  worker.lines.on('line', (line) => {
    if (line.startsWith('jobs ')) jobs = JSON.parse(line.slice('jobs '.length));
  });
  const times: number[] = [];
  let errors = 0;
  let seconds = 0;
  try {
    if (worker.first !== 'ready')
      throw new Error(`the job process said "${worker.first}" before it was ready`);
    const options = { rate, connections: CONNECTIONS };
    if (WARMUP > 0) await paced(intake, { ...options, seconds: WARMUP });
    worker.child.kill('SIGUSR2');
    while (!jobs || seconds < SECONDS) {
      const run = await paced(intake, { ...options, seconds: 5 });
      times.push(...run.times);
      errors += run.errors;
      seconds += run.times.length > 0 ? run.times.length / run.rps : 5;
      if (seconds > 600) throw new Error('the scheduled jobs ran for more than 10 minutes');
    }
  } finally {
    await stopServer(worker);
  }
  const figure = figureOf(intake.name, times, {
    rps: times.length / seconds,
    errors,
    cpuMs: null,
    http: false,
  });
  return { figure, jobs: jobs! };
}

function printJobs(jobs: Record<string, JobRuns>): void {
  console.log('\nscheduled jobs, all started at once while the intake ran\n');
  console.log('job'.padEnd(20), ...['ms', 'errors'].map((c) => c.padStart(12)));
  for (const [name, job] of Object.entries(jobs)) {
    const cells = [Math.round(job.totalMs), job.errors];
    console.log(name.padEnd(20), ...cells.map((c) => String(c).padStart(12)));
    if (job.lastError) console.log(`  ${name} failed: ${job.lastError}`);
  }
}

async function main() {
  const url = benchDatabaseUrl(process.env.SCALE_BENCH_DATABASE_URL, '_scale') ?? DEFAULT_URL;
  const recreate = process.argv.includes('--recreate') || process.env.BENCH_RECREATE === '1';
  await ensureBenchDatabase(url, { recreate });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-scale-bench-'));
  const env = { ...benchEnv({ postgres: true, dataDir }), DATABASE_URL: url };

  // Data, the routing figure and the API key, in this process; then the server takes over.
  const deps = await openRuntime(loadConfig(env));
  const db = deps.database.db;
  const started = performance.now();
  await removeIntakeLeads(db);
  if (!(await ensureScaleData(deps))) {
    console.log(
      `scale data already there: counted in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  await ensureRoutingCapacity(db);
  // What the last run's intake, jobs and clean-up left, vacuumed as autovacuum would have by now.
  const vacuum = performance.now();
  await db.execute(sql`vacuum analyze agents, leads, lead_events, lead_offers, lead_counts, lead_versions, outbox_messages,
    message_attempts, api_keys, rate_limits, agent_scorecards, one_time_tokens, session_families, refresh_tokens`);
  // The setup's writes (the removal, the vacuum) go to disk before anything is measured, as a
  // checkpoint would have taken them by now; it needs a superuser or pg_checkpoint.
  await db.execute(sql`checkpoint`).catch((error: Error) => {
    console.log(
      `no checkpoint before measuring (${error.message}): the first figures pay for the setup's writes`,
    );
  });
  const [size] = rows<{ size: string; buffers: string; wal: string; every: string; compression: string }>(
    await db.execute(sql`select pg_size_pretty(pg_database_size(current_database())) as size,
      current_setting('shared_buffers') as buffers, current_setting('max_wal_size') as wal,
      current_setting('checkpoint_timeout') as every, current_setting('wal_compression') as compression`),
  );
  console.log(
    `ready in ${((performance.now() - started) / 1000).toFixed(1)} s (vacuum ${((performance.now() - vacuum) / 1000).toFixed(1)} s); ` +
      `database ${size!.size}; PostgreSQL's shared_buffers ${size!.buffers}, ` +
      `max_wal_size ${size!.wal}, checkpoint_timeout ${size!.every}, wal_compression ${size!.compression}`,
  );
  const zips = await benchZips(SCALE_SIZE.zips);
  const groupId = await ensureBenchGroup(db);
  const agent = await benchAgent(db);
  const [served] = rows<{ zip: string }>(
    await db.execute(sql`select zipcodes[1] as zip from agents where agent_uri = 'bench-agent-5000'`),
  );
  const routing = await measureRouting(db, zips, ROUTING_SAMPLES);
  const { key } = await createApiKey(db, { name: BENCH_INTAKE_SOURCE });
  await closeRuntime(deps);

  // The API as ARCHITECTURE.md deploys it: API_PROCESSES server processes behind a load balancer
  // (the load generator sends each request to the next one), the jobs in a process of their own.
  const servers: BenchServer[] = [];
  const groups: { group: RateGroup; figures: Figure[] }[] = [];
  let jobs: Record<string, JobRuns> = {};
  try {
    for (let i = 0; i < API_PROCESSES; i++) servers.push(await startServer(env));
    const server = servers[0]!;
    const origins = servers.map((one) => one.app);
    const app = (url: string) => `${server.app}${url}`;
    const [agentAuth, officeAuth, adminAuth] = [
      await login(server.app, agent.email, BENCH_PASSWORD),
      await login(server.app, BENCH_OFFICE_EMAIL, BENCH_PASSWORD),
      await login(server.app, SCALE_ADMIN_EMAIL, BENCH_PASSWORD),
    ];
    const health = (): Endpoint => ({ name: HEALTH, url: app('/api/health'), origins, answer: 'ok' });
    const as =
      (headers: Record<string, string>) =>
      (name: string, url: string): Endpoint => ({
        name,
        url: app(url),
        headers,
        origins,
        answer: 'items',
      });
    const [asAgent, asOffice, asAdmin] = [as(agentAuth), as(officeAuth), as(adminAuth)];
    const letters = random(11);
    const plan: RateGroup[] = [
      {
        title: `an agent with ${agent.leads} leads, at a steady 200 req/s`,
        rate: 200,
        p95Ms: TARGETS.leadsP95Ms,
        endpoints: [
          health(),
          asAgent(
            'GET work queue (view=queue, limit 100)',
            '/api/portal/me/leads?view=queue&skip=0&limit=100',
          ),
          asAgent(
            `GET leads, q=${agent.common_name}`,
            `/api/portal/me/leads?skip=0&limit=100&q=${encodeURIComponent(agent.common_name)}`,
          ),
          {
            ...asAgent('GET leads, q=3 random letters', '/api/portal/me/leads?skip=0&limit=100'),
            answer: 'found',
            query: () =>
              `q=${Array.from({ length: 3 }, () => String.fromCharCode(97 + letters.int(0, 25))).join('')}`,
          },
        ],
      },
      {
        title: `the office, its group of ${GROUP_AGENTS} agents, at a steady 50 req/s`,
        rate: 50,
        p95Ms: TARGETS.leadsP95Ms,
        endpoints: [
          health(),
          asOffice('GET group leads, page 1', `/api/portal/groups/${groupId}/leads?skip=0&limit=100`),
          asOffice(
            'GET group leads, active only',
            `/api/portal/groups/${groupId}/leads?skip=0&limit=100&active=true`,
          ),
        ],
      },
      {
        title: 'the console, as the superuser, at a steady 20 req/s',
        rate: 20,
        p95Ms: 50,
        endpoints: [
          health(),
          asAdmin('GET admin leads, page 1', '/api/admin/leads'),
          asAdmin('GET admin leads, unassigned', '/api/admin/leads?unassigned=true'),
          asAdmin('GET admin leads, q=kowalski', '/api/admin/leads?q=kowalski'),
          asAdmin('GET admin agents, page 1', '/api/admin/agents'),
          asAdmin('GET admin agents, q=garc', '/api/admin/agents?q=garc'),
          asAdmin(`GET admin agents, q=${served!.zip} (a ZIP)`, `/api/admin/agents?q=${served!.zip}`),
          asAdmin('GET admin outbox, page 1', '/api/admin/outbox'),
          asAdmin('GET admin outbox, failed', '/api/admin/outbox?status=failed'),
          asAdmin('GET admin audit, page 1', '/api/admin/audit'),
        ],
      },
    ];
    const intake: RateGroup = {
      title: `the intake at a steady ${TARGETS.intakeRate} leads/s, every scheduled job running`,
      rate: TARGETS.intakeRate,
      p95Ms: TARGETS.intakeP95Ms,
      endpoints: [
        health(),
        {
          name: 'POST /api/v1/leads (a new lead each, routed)',
          url: app('/api/v1/leads'),
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: intakeBodies(zips),
          origins,
          answer: 'routed',
        },
      ],
    };
    // The same intake with no job running: what the jobs cost it.
    const alone: RateGroup = {
      ...intake,
      title: `the intake alone at a steady ${TARGETS.intakeRate} leads/s, no job running (a reference)`,
      reference: true,
    };
    // BENCH_ONLY: the matching endpoints, each group's health check beside them.
    const chosen = (group: RateGroup) =>
      !only || group.endpoints.some((endpoint) => endpoint.name !== HEALTH && only.test(endpoint.name));
    const kept = (group: RateGroup): RateGroup => ({
      ...group,
      endpoints: group.endpoints.filter((e) => !only || e.name === HEALTH || only.test(e.name)),
    });
    const groupsToMeasure = [...plan, alone].filter(chosen).map(kept);
    for (const group of [...groupsToMeasure, intake])
      for (const endpoint of group.endpoints) await check(endpoint);

    for (const group of groupsToMeasure) groups.push(await measure(group));
    if (chosen(intake)) {
      const during = await intakeWithEveryJob(env, intake.endpoints[1]!, intake.rate);
      groups.push({ group: intake, figures: [during.figure] });
      jobs = during.jobs;
    }
  } finally {
    await Promise.all(servers.map(stopServer));
  }

  // The intake's leads go, and the statistics it moved are counted again.
  const after = await openRuntime(loadConfig(env));
  const removed = await removeIntakeLeads(after.database.db);
  await refreshAgentStats(after.database.db);
  await closeRuntime(after);
  rmSync(dataDir, { recursive: true, force: true });

  const scale = `PostgreSQL, ${SCALE_SIZE.agents} agents, ${SCALE_SIZE.leads} leads`;
  const open = `open loop, up to ${CONNECTIONS} connections, ${API_PROCESSES} API processes, ${SECONDS} s each`;
  for (const { group, figures } of groups) printTable(`${scale}; ${group.title} (${open})`, figures);
  printTable(`${scale}; the routing decision, ${ROUTING_SAMPLES} samples`, [routing.figure]);
  if (Object.keys(jobs).length > 0) printJobs(jobs);
  console.log(
    `\nrouting: ${(routing.assigned * 100).toFixed(1)}% of random ZIPs assigned, ` +
      `${routing.candidates.toFixed(1)} eligible agents on average, ` +
      `${(routing.held * 100).toFixed(1)}% with an agent paused, capped or below a floor; ` +
      `${removed} bench intake leads removed`,
  );
  printVerdicts(scaleVerdicts(groups, jobs, routing.figure));
}

/** The targets with this run's figures (the health checks are references, not targets). */
function scaleVerdicts(
  groups: { group: RateGroup; figures: Figure[] }[],
  jobs: Record<string, JobRuns>,
  routing: Figure,
): Verdict[] {
  const verdicts: Verdict[] = [];
  for (const { group, figures } of groups.filter(({ group }) => !group.reference)) {
    for (const f of figures.filter((f) => !f.name.startsWith('GET /api/health'))) {
      const intake = f.name.startsWith('POST /api/v1/leads');
      verdicts.push({
        target: intake
          ? `intake: ${group.rate} leads/s sustained, p95 < ${group.p95Ms} ms, every job running`
          : `${f.name}: p95 < ${group.p95Ms} ms at ${group.rate} req/s`,
        figure: `${intake ? `${f.rps} leads/s, ` : ''}p95 ${f.p95.toFixed(1)} ms, ${f.errors} errors`,
        ok: intake ? intakeMet(f) : f.p95 < group.p95Ms && f.errors === 0,
      });
    }
  }
  const all = Object.values(jobs);
  if (all.length > 0)
    verdicts.push({
      target: 'scheduled jobs: each ran during the intake, none failed',
      figure: `${all.length} jobs, ${all.reduce((n, job) => n + job.runs, 0)} runs, ${all.reduce((n, job) => n + job.errors, 0)} failed`,
      ok: all.every((job) => job.runs > 0 && job.errors === 0),
    });
  verdicts.push({
    target: `routing decision p95 < ${TARGETS.routingP95Ms} ms`,
    figure: `p95 ${routing.p95.toFixed(2)} ms`,
    ok: routing.p95 < TARGETS.routingP95Ms,
  });
  return verdicts;
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
