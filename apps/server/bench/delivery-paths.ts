import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { AppDeps } from '../src/app-context';
import { loadConfig } from '../src/config';
import type { Tx } from '../src/db/client';
import type { outboxMessages } from '../src/db/schema';
import { startDispatcher } from '../src/jobs/dispatcher';
import { claimMessage, type DeliveryDeps, deliverClaimed, insertMessages, PRIORITY } from '../src/lib/outbox';
import { closeRuntime, openRuntime } from '../src/runtime';
import { FakeTwilio, Sink } from './delivery-fakes';
import { ensureBenchDatabase } from './measure';

/**
 * `npm run bench:delivery-paths` (ADR 54): the two ways a committed message could reach its
 * provider, side by side against the same SMTP sink and fake Twilio on loopback, each at the
 * settings' default limits (5 SMTP connections, 30 texts a second):
 *
 * - outbox: the dispatcher (jobs/dispatcher.ts) reads `outbox_messages` itself.
 * - pg-boss: the business transaction writes the outbox row (the dev mailbox, the console and a
 *   recipient's leads read it) and a pg-boss job for it, in the same transaction; pg-boss workers
 *   claim the row and deliver it with the same code (5 e-mail workers for the 5 connections, 15
 *   text workers, batches of 10, polling at pg-boss's minimum of 0.5 s, woken at once by a commit in
 *   the same process). It is built here only to be measured.
 *
 * Measured, the SMTP sink and fake Twilio answering at once: a burst of 999 e-mails written 3 to a
 * transaction as fast as one client can and 1,500 at a steady 150 a second, each
 * DELIVERY_PATHS_BURST_ROUNDS times (3), the paths taking turns (throughput, commit-to-provider
 * latency, the writing transaction); single messages with and without a wake-up (a commit in this
 * process, or in another); an account e-mail behind 3,000 lead e-mails; the busiest second of 300
 * texts. Then DELIVERY_PATHS_KILL_ROUNDS times (2) a kill -9 of the sending process mid-burst,
 * against an SMTP server that takes 50 ms a message (a second process finishes; claims and job
 * expiry at DELIVERY_PATHS_CLAIM_SECONDS, 30 by default; pg-boss maintenance as jobs/queue.ts
 * sets it). With a restart command, PostgreSQL is also restarted mid-burst.
 *
 * PGlite always (a fresh folder under the system's temporary directory). PostgreSQL when
 * DELIVERY_PATHS_DATABASE_URL is set (its name must contain "bench"; its outbox and jobs are
 * emptied); DELIVERY_PATHS_PG_RESTART is a shell command that restarts that server (use a server
 * of your own: every connection to it is cut).
 */

type Row = typeof outboxMessages.$inferInsert;
type PathName = 'outbox' | 'pg-boss';
/** The order the paths run in (DELIVERY_PATHS_ORDER=pg-boss,outbox): the machine's load drifts. */
const PATHS = (process.env.DELIVERY_PATHS_ORDER ?? 'outbox,pg-boss').split(',') as PathName[];

const CLAIM_SECONDS = Number(process.env.DELIVERY_PATHS_CLAIM_SECONDS ?? 30);
const JOB_QUEUES = { email: 'bench-deliver-email', sms: 'bench-deliver-sms' } as const;
const JOB_WORKERS = { email: 5, sms: 15 } as const;
const JOB_BATCH = 10;

const LEAD_HTML = `<!doctype html><html><body>${'<p>A new seller lead for Alicia Agent: Jane Seller, 12 Main St, Phoenix AZ 85004. Call (602) 555-0155.</p>'.repeat(30)}</body></html>`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Rejections nobody handled. The server has no handler, so each would end its process; the bench
 * counts them instead, to finish its run.
 */
let unhandled = 0;
process.on('unhandledRejection', (reason) => {
  unhandled++;
  console.error('[unhandled rejection]', (reason as Error)?.message ?? reason);
});

interface Path {
  /** Writes the messages in one transaction, as a business write would, then wakes this process. */
  enqueue(rows: Row[], wake?: boolean): Promise<void>;
  stop(): Promise<void>;
}

const deliveryDeps = (deps: AppDeps): DeliveryDeps => ({
  db: deps.database.db,
  mail: deps.providers.mail,
  sms: deps.providers.sms,
});

function startOutboxPath(deps: AppDeps): Path {
  const dispatcher = startDispatcher(deliveryDeps(deps), deps.queue.bell, { claimSeconds: CLAIM_SECONDS });
  return {
    async enqueue(rows, wake = true) {
      await deps.database.db.transaction((tx) => insertMessages(tx, rows));
      if (wake) deps.queue.bell.ring();
    },
    async stop() {
      await dispatcher.stop();
      // Its SMTP slots come free half a second after it gives them back (ADR 32).
      await sleep(1000);
    },
  };
}

/** pg-boss's statements on an open Drizzle transaction, so that the job commits with the row. */
function onTransaction(tx: Tx): PgBoss.Db {
  const client = (tx as unknown as { session: { client: { query: PgBoss.Db['executeSql'] } } }).session
    .client;
  return { executeSql: (text, values) => client.query(text, values) };
}

async function startJobPath(deps: AppDeps): Promise<Path> {
  const { boss } = deps.queue;
  const delivery = deliveryDeps(deps);
  const workers: Record<keyof typeof JOB_QUEUES, string[]> = { email: [], sms: [] };
  for (const [channel, queue] of Object.entries(JOB_QUEUES) as [keyof typeof JOB_QUEUES, string][]) {
    await boss.createQueue(queue, {
      name: queue,
      retryLimit: 8,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: CLAIM_SECONDS,
    });
    for (let i = 0; i < JOB_WORKERS[channel]; i++) {
      const id = await boss.work<{ id: string }>(
        queue,
        { batchSize: JOB_BATCH, pollingIntervalSeconds: 0.5 },
        async (jobs) => {
          for (const job of jobs) {
            // The row's claim keeps a job that runs twice from sending twice.
            const message = await claimMessage(deps.database.db, job.data.id, CLAIM_SECONDS);
            if (!message) continue;
            const outcome = await deliverClaimed(delivery, message);
            if (outcome.result === 'retry') {
              await boss.send(queue, job.data, {
                startAfter: outcome.retryAt,
                priority: 10 - message.priority,
              });
            }
          }
        },
      );
      workers[channel].push(id);
    }
  }
  return {
    async enqueue(rows, wake = true) {
      await deps.database.db.transaction(async (tx) => {
        const ids = await insertMessages(tx, rows);
        await boss.insert(
          rows.map((row, i) => ({
            name: row.channel === 'email' ? JOB_QUEUES.email : JOB_QUEUES.sms,
            data: { id: ids[i] },
            // pg-boss takes the highest first; the outbox's lowest goes first.
            priority: 10 - (row.priority ?? PRIORITY.bulk),
          })),
          { db: onTransaction(tx) },
        );
      });
      if (!wake) return;
      const channels = new Set(
        rows.map((row): keyof typeof JOB_QUEUES => (row.channel === 'email' ? 'email' : 'sms')),
      );
      for (const channel of channels) for (const id of workers[channel]) boss.notifyWorker(id);
    },
    async stop() {
      for (const queue of Object.values(JOB_QUEUES)) await boss.offWork(queue);
      await sleep(1500);
    },
  };
}

const startPath = (name: PathName, deps: AppDeps) =>
  name === 'outbox' ? Promise.resolve(startOutboxPath(deps)) : startJobPath(deps);

function emails(prefix: string, count: number, priority: keyof typeof PRIORITY = 'bulk'): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    channel: 'email' as const,
    toAddress: `${prefix}${i}@bench.test`,
    fromAddress: 'portal@bench.test',
    subject: `New seller lead: Jane Seller ${i} (FSBO) in Phoenix`,
    textBody: 'A new seller lead for Alicia Agent.',
    htmlBody: LEAD_HTML,
    template: priority === 'account' ? 'magic_link' : 'lead_email',
    priority: PRIORITY[priority],
  }));
}

function texts(series: number, count: number): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    channel: 'sms' as const,
    toAddress: `+1${series}${String(i).padStart(6, '0')}`,
    fromAddress: '+15005550006',
    textBody: `New FSBO lead: Jane Seller ${i}, Phoenix AZ 85004. Call (602) 555-0155.`,
    template: 'lead_sms',
    priority: PRIORITY.bulk,
  }));
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
};

type Arrivals = Map<string, { first: number; count: number }>;

/** Waits until every address has arrived; false past the timeout. */
async function arrived(arrivals: Arrivals, addresses: string[], timeoutMs: number): Promise<boolean> {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    if (addresses.every((a) => arrivals.has(a))) return true;
    await sleep(20);
  }
  return false;
}

const duplicatesOf = (arrivals: Arrivals, addresses: string[]) =>
  addresses.reduce((sum, a) => sum + Math.max(0, (arrivals.get(a)?.count ?? 0) - 1), 0);

async function emptyQueues(deps: AppDeps) {
  await deps.database.db.execute(sql`truncate outbox_messages, message_attempts`);
  await deps.database.db.execute(sql`delete from pgboss.job where name like 'bench-deliver-%'`);
}

function runtimeEnv(target: { databaseUrl?: string; dataDir: string }, sink: Sink, twilio: FakeTwilio) {
  return {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: target.databaseUrl ?? '',
    DATA_DIR: target.dataDir,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAIL_FROM: 'portal@bench.test',
    TWILIO_ACCOUNT_SID: 'ACbench',
    TWILIO_AUTH_TOKEN: 'bench',
    TWILIO_FROM_NUMBER: '+15005550006',
    TWILIO_API_BASE: `http://127.0.0.1:${twilio.port}`,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JWT_SECRET: 'bench-jwt-secret-that-is-long-enough-0123456789',
    TOKEN_SECRET: 'bench-token-secret-that-is-long-enough-0123456789',
  };
}

const openBenchRuntime = (env: NodeJS.ProcessEnv) => {
  if (!env.DATABASE_URL) delete env.DATABASE_URL;
  return openRuntime(loadConfig(env));
};

interface Measured {
  [figure: string]: string;
}

/** 999 e-mails written three to a transaction by one client, as fast as it can, delivery running. */
async function burst(name: PathName, deps: AppDeps, sink: Sink, tag: string) {
  await emptyQueues(deps);
  const path = await startPath(name, deps);
  try {
    const rows = emails(`${tag}-burst-`, 999);
    const commits = new Map<string, number>();
    const txMs: number[] = [];
    const started = performance.now();
    for (let i = 0; i < rows.length; i += 3) {
      const some = rows.slice(i, i + 3);
      const before = performance.now();
      await path.enqueue(some);
      const committed = performance.now();
      txMs.push(committed - before);
      for (const row of some) commits.set(row.toAddress, committed);
    }
    const addresses = rows.map((row) => row.toAddress);
    const all = await arrived(sink.arrivals, addresses, 300_000);
    const last = Math.max(...addresses.map((a) => sink.arrivals.get(a)?.first ?? Number.NaN));
    const latencies = addresses.map((a) => (sink.arrivals.get(a)?.first ?? Number.NaN) - commits.get(a)!);
    return {
      rate: all ? 999 / ((last - started) / 1000) : Number.NaN,
      latency: [percentile(latencies, 0.5), percentile(latencies, 0.95)],
      tx: [percentile(txMs, 0.5), percentile(txMs, 0.95)],
      duplicates: duplicatesOf(sink.arrivals, addresses),
    };
  } finally {
    await path.stop();
  }
}

/** 1,500 e-mails at a steady 150 a second (50 transactions of 3), below what either path sends. */
async function steady(name: PathName, deps: AppDeps, sink: Sink, tag: string) {
  await emptyQueues(deps);
  const path = await startPath(name, deps);
  try {
    const rows = emails(`${tag}-steady-`, 1500);
    const commits = new Map<string, number>();
    const started = performance.now();
    for (let i = 0; i < rows.length; i += 3) {
      const wait = started + (i / 3) * 20 - performance.now();
      if (wait > 0) await sleep(wait);
      const some = rows.slice(i, i + 3);
      await path.enqueue(some);
      const committed = performance.now();
      for (const row of some) commits.set(row.toAddress, committed);
    }
    const addresses = rows.map((row) => row.toAddress);
    await arrived(sink.arrivals, addresses, 120_000);
    const latencies = addresses.map((a) => (sink.arrivals.get(a)?.first ?? Number.NaN) - commits.get(a)!);
    return [percentile(latencies, 0.5), percentile(latencies, 0.95)];
  } finally {
    await path.stop();
  }
}

const BURST_ROUNDS = Number(process.env.DELIVERY_PATHS_BURST_ROUNDS ?? 3);

/**
 * The burst and the steady rate, BURST_ROUNDS times for each path, the paths taking turns (the
 * machine's load drifts).
 */
async function bursts(deps: AppDeps, sink: Sink, label: string) {
  await deps.database.db.execute(sql`delete from settings where key = 'provider_limits'`);
  const runs: Record<PathName, Awaited<ReturnType<typeof burst>>[]> = { outbox: [], 'pg-boss': [] };
  const steadyRuns: Record<PathName, number[][]> = { outbox: [], 'pg-boss': [] };
  for (let round = 1; round <= BURST_ROUNDS; round++) {
    const order = round % 2 === 1 ? PATHS : [...PATHS].reverse();
    for (const name of order) {
      runs[name].push(await burst(name, deps, sink, `${label}-${name}-${round}`));
      steadyRuns[name].push(await steady(name, deps, sink, `${label}-${name}-${round}`));
    }
  }
  const out = {} as Record<PathName, Measured>;
  const median = (values: number[]) => percentile(values, 0.5);
  for (const name of PATHS) {
    const all = runs[name];
    const each = (pick: (run: (typeof all)[number]) => number, digits = 0) =>
      `${all.map((run) => pick(run).toFixed(digits)).join(', ')} (median ${median(all.map(pick)).toFixed(digits)})`;
    out[name] = {
      'burst: 999 e-mails, 3 a transaction, per second': each((run) => run.rate),
      'burst: commit to SMTP, p50, ms': each((run) => run.latency[0]!),
      'burst: commit to SMTP, p95, ms': each((run) => run.latency[1]!),
      'burst: the writing transaction, p50, ms': each((run) => run.tx[0]!, 1),
      'burst: duplicates': String(all.reduce((sum, run) => sum + run.duplicates, 0)),
      'steady 150 e-mails/s, commit to SMTP, p50, ms': `${steadyRuns[name].map((r) => r[0]!.toFixed(0)).join(', ')} (median ${median(steadyRuns[name].map((r) => r[0]!)).toFixed(0)})`,
      'steady 150 e-mails/s, commit to SMTP, p95, ms': `${steadyRuns[name].map((r) => r[1]!.toFixed(0)).join(', ')} (median ${median(steadyRuns[name].map((r) => r[1]!)).toFixed(0)})`,
    };
  }
  return out;
}

/** The in-process scenarios of one path on one engine. */
async function scenarios(name: PathName, deps: AppDeps, sink: Sink, twilio: FakeTwilio, tag: string) {
  const out: Measured = {};
  await emptyQueues(deps);
  await deps.database.db.execute(sql`delete from settings where key = 'provider_limits'`);
  const path = await startPath(name, deps);
  try {
    // Single messages when idle: woken by a commit in this process, or committed elsewhere.
    for (const wake of [true, false]) {
      const single: number[] = [];
      for (let i = 0; i < 20; i++) {
        await sleep(350 + Math.random() * 300);
        const [row] = emails(`${tag}-single-${wake}-${i}-`, 1);
        await path.enqueue([row!], wake);
        const committed = performance.now();
        if (await arrived(sink.arrivals, [row!.toAddress], 30_000)) {
          single.push(sink.arrivals.get(row!.toAddress)!.first - committed);
        }
      }
      out[`one e-mail when idle, ${wake ? 'woken in process' : 'from another process'}, p50 / p95`] =
        `${percentile(single, 0.5).toFixed(0)} / ${percentile(single, 0.95).toFixed(0)} ms`;
    }

    // An account e-mail committed half a second after 3,000 lead e-mails.
    const backlog = emails(`${tag}-backlog-`, 3000);
    for (let i = 0; i < backlog.length; i += 500) await path.enqueue(backlog.slice(i, i + 500));
    await sleep(500);
    const [magic] = emails(`${tag}-magic-`, 1, 'account');
    await path.enqueue([magic!]);
    const requested = performance.now();
    await arrived(sink.arrivals, [magic!.toAddress], 60_000);
    const magicAt = sink.arrivals.get(magic!.toAddress)?.first;
    const waiting = backlog.filter((row) => !sink.arrivals.has(row.toAddress)).length;
    out['account e-mail behind 3,000 lead e-mails'] =
      magicAt === undefined
        ? 'not in 60 s'
        : `${((magicAt - requested) / 1000).toFixed(2)} s (${waiting} behind)`;
    await arrived(
      sink.arrivals,
      backlog.map((row) => row.toAddress),
      300_000,
    );

    // 300 texts, three to a transaction: the account's limit is 30 a second.
    const series = 200 + PATHS.indexOf(name) * 10 + (deps.database.kind === 'postgres' ? 1 : 0);
    const batch = texts(series, 300);
    const textsFrom = Date.now();
    const textsStarted = performance.now();
    for (let i = 0; i < batch.length; i += 3) await path.enqueue(batch.slice(i, i + 3));
    const numbers = batch.map((row) => row.toAddress);
    const textsDone = await arrived(twilio.arrivals, numbers, 120_000);
    const textsLast = Math.max(...numbers.map((n) => twilio.arrivals.get(n)?.first ?? Number.NaN));
    out['300 texts: seconds, busiest second (limit 30)'] = textsDone
      ? `${((textsLast - textsStarted) / 1000).toFixed(1)} s, ${twilio.peakPerSecond(textsFrom)} in one second`
      : 'not all in 120 s';
    out['duplicates in all of the above'] = String(
      duplicatesOf(sink.arrivals, [magic!.toAddress, ...backlog.map((r) => r.toAddress)]) +
        duplicatesOf(twilio.arrivals, numbers),
    );
  } finally {
    await path.stop();
  }
  return out;
}

/** PostgreSQL restarted when 300 of 2,000 e-mails have arrived. */
async function restartScenario(
  name: PathName,
  deps: AppDeps,
  sink: Sink,
  tag: string,
  restart: string,
): Promise<Measured> {
  await emptyQueues(deps);
  const path = await startPath(name, deps);
  try {
    const rows = emails(`${tag}-restart-`, 2000);
    for (let i = 0; i < rows.length; i += 100) await path.enqueue(rows.slice(i, i + 100));
    const addresses = rows.map((row) => row.toAddress);
    while (addresses.filter((a) => sink.arrivals.has(a)).length < 300) await sleep(5);
    const unhandledBefore = unhandled;
    const restartedAt = performance.now();
    execSync(restart, { stdio: 'ignore' });
    const back = performance.now();
    let resumed = Number.NaN;
    const all = await arrived(sink.arrivals, addresses, 400_000);
    for (const a of addresses) {
      const at = sink.arrivals.get(a)?.first ?? Number.NaN;
      if (at > back && !(at >= resumed)) resumed = at;
    }
    const last = Math.max(...addresses.map((a) => sink.arrivals.get(a)?.first ?? Number.NaN));
    return {
      'PostgreSQL restart mid-burst: restart took': `${((back - restartedAt) / 1000).toFixed(1)} s`,
      'first e-mail after it was back': `${((resumed - back) / 1000).toFixed(1)} s`,
      'all 2,000 delivered': all ? `${((last - back) / 1000).toFixed(1)} s after it was back` : 'no (400 s)',
      'duplicates after the restart': String(duplicatesOf(sink.arrivals, addresses)),
      'unhandled rejections (each would end the process)': String(unhandled - unhandledBefore),
    };
  } finally {
    await path.stop();
  }
}

/** One sending process: `--child <path> <count> <prefix>` writes `count` e-mails (if any), then delivers. */
async function child(name: PathName, count: number, prefix: string) {
  const deps = await openBenchRuntime({ ...process.env });
  if (count > 0) {
    await emptyQueues(deps);
    await deps.database.db.execute(sql`delete from settings where key = 'provider_limits'`);
  }
  const path = await startPath(name, deps);
  for (let i = 0; i < count; i += 100) {
    await path.enqueue(emails(prefix, count).slice(i, i + 100), false);
  }
  console.log('delivering');
  process.on('SIGTERM', () => {
    path
      .stop()
      .then(() => closeRuntime(deps))
      .finally(() => process.exit(0));
  });
}

function spawnChild(
  name: PathName,
  count: number,
  prefix: string,
  env: NodeJS.ProcessEnv,
): Promise<ChildProcess> {
  const args = ['--import', 'tsx', import.meta.filename, '--child', name, String(count), prefix];
  const proc = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      if (line === 'delivering') resolve(proc);
    });
    proc.once('exit', (code) => reject(new Error(`the sending process ended (${code}) before it was ready`)));
  });
}

/**
 * kill -9 of the sending process when 200 of 1,000 e-mails have arrived; a second process
 * finishes. The SMTP server takes 50 ms a message here, as a relay does, so that the kill finds
 * messages in the provider's hands.
 */
async function killScenario(
  name: PathName,
  env: NodeJS.ProcessEnv,
  sink: Sink,
  round: number,
): Promise<Measured> {
  const prefix = `kill-${name}-${round}-`;
  sink.delayMs = 50;
  const first = await spawnChild(name, 1000, prefix, env);
  const addresses = emails(prefix, 1000).map((row) => row.toAddress);
  const gone = new Promise((resolve) => first.once('exit', resolve));
  while (addresses.filter((a) => sink.arrivals.has(a)).length < 200) await sleep(2);
  first.kill('SIGKILL');
  const killedAt = performance.now();
  await gone;
  const before = addresses.filter((a) => sink.arrivals.has(a)).length;
  const second = await spawnChild(name, 0, prefix, env);
  const startedAt = performance.now();
  const all = await arrived(sink.arrivals, addresses, 400_000);
  const times = addresses.map((a) => sink.arrivals.get(a)?.first ?? Number.NaN);
  const stopped = new Promise((resolve) => second.once('exit', resolve));
  second.kill('SIGTERM');
  await stopped;
  sink.delayMs = 0;
  const after = (at: number) => `${((at - killedAt) / 1000).toFixed(1)} s`;
  return {
    [`kill -9 (round ${round}): arrived before the kill`]: String(before),
    [`kill -9 (round ${round}): second process ready after`]: after(startedAt),
    [`kill -9 (round ${round}): 95% delivered after`]: after(percentile(times, 0.95)),
    [`kill -9 (round ${round}): all 1,000 delivered after`]: all
      ? after(Math.max(...times))
      : `no: ${addresses.filter((a) => sink.arrivals.has(a)).length} in 400 s`,
    [`kill -9 (round ${round}): duplicates`]: String(duplicatesOf(sink.arrivals, addresses)),
  };
}

function print(title: string, results: Record<PathName, Measured>) {
  console.log(`\n${title}`);
  console.log(`${''.padEnd(62)} ${'outbox dispatcher'.padStart(26)} ${'pg-boss jobs'.padStart(26)}`);
  for (const figure of Object.keys(results.outbox)) {
    console.log(
      `${figure.padEnd(62)} ${(results.outbox[figure] ?? '').padStart(26)} ${(results['pg-boss'][figure] ?? '').padStart(26)}`,
    );
  }
}

async function engine(label: string, target: { databaseUrl?: string; dataDir: string }) {
  const sink = new Sink();
  const twilio = new FakeTwilio();
  await sink.start();
  await twilio.start();
  const env = runtimeEnv(target, sink, twilio);
  const results = {} as Record<PathName, Measured>;
  const deps = await openBenchRuntime({ ...env });
  try {
    const burstResults = await bursts(deps, sink, label);
    for (const name of PATHS) {
      results[name] = {
        ...burstResults[name],
        ...(await scenarios(name, deps, sink, twilio, `${label}-${name}`)),
      };
      const restart = process.env.DELIVERY_PATHS_PG_RESTART;
      if (target.databaseUrl && restart) {
        Object.assign(results[name], await restartScenario(name, deps, sink, `${label}-${name}`, restart));
      }
      console.error(`[${label} ${name}]`, JSON.stringify(results[name]));
    }
  } finally {
    await closeRuntime(deps);
  }
  // The kill: the sending process is a child of this one; PGlite is one process's, so it is free now.
  for (let round = 1; round <= Number(process.env.DELIVERY_PATHS_KILL_ROUNDS ?? 2); round++) {
    for (const name of PATHS) {
      Object.assign(results[name], await killScenario(name, env, sink, round));
      console.error(`[${label} ${name}]`, JSON.stringify(results[name]));
    }
  }
  print(`${label} (claims and job expiry ${CLAIM_SECONDS} s; ${os.cpus().length} cores)`, results);
  await sink.stop();
  await twilio.stop();
}

async function main() {
  if (process.argv[2] === '--child') {
    await child(process.argv[3] as PathName, Number(process.argv[4]), process.argv[5]!);
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'delivery-paths-'));
  try {
    if (process.env.DELIVERY_PATHS_ENGINES !== 'postgres') await engine('PGlite', { dataDir });
    const url = process.env.DELIVERY_PATHS_DATABASE_URL;
    if (url) {
      await ensureBenchDatabase(url);
      await engine('PostgreSQL', { databaseUrl: url, dataDir });
    } else {
      console.log('\nPostgreSQL: set DELIVERY_PATHS_DATABASE_URL (a database whose name contains "bench").');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
