import { readFileSync } from 'node:fs';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { agents, sessionFamilies, users } from '../src/db/schema';
import { signAccessToken } from '../src/lib/jwt';
import { createApiKey } from '../src/modules/leads/api-keys';
import { closeRuntime, openRuntime } from '../src/runtime';
import { benchDatabaseUrl, ensureBenchDatabase, startServer, stopServer } from './measure';

/**
 * `npm run bench -- events` (and part of `npm run bench`): BENCH_EVENTS_STREAMS (1,000) agents,
 * each holding its live event stream (GET /api/portal/me/events, ADR 59) on one server process,
 * while the intake takes BENCH_EVENTS_RATE (100) leads/s for BENCH_SECONDS (10), each lead routed
 * to one of those agents. Targets: the streams add < 200 MB to the server's resident memory (its
 * RSS before they open, after a warm-up of the intake, against its RSS at the end), and each
 * lead's event reaches its agent's stream with p95 < 1 s of the intake's answer (the lead is
 * committed before it; an event there first counts 0). The delay from when the intake request
 * was due is printed too: it adds the intake's own wait when the machine falls behind.
 *
 * PostgreSQL only (EVENTS_BENCH_DATABASE_URL, else DATABASE_URL with its database name suffixed
 * "_events"; its name must contain "bench"), emptied at each run. Without a database URL it says
 * so and stops.
 */
const STREAMS = Number(process.env.BENCH_EVENTS_STREAMS ?? 1000);
const RATE = Number(process.env.BENCH_EVENTS_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const TARGET_MEMORY_MB = 200;
const TARGET_P95_MS = 1000;
const SECRET = 'events-bench-secret-that-is-long-enough-0123456789';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server process's resident memory in MB (Linux: /proc; elsewhere ps). */
async function rssMb(pid: number): Promise<number> {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    const { execFileSync } = await import('node:child_process');
    return (
      Number(
        execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
          .toString()
          .trim(),
      ) / 1024
    );
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.POSITIVE_INFINITY
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** One agent's stream: the arrival time of each lead event, by lead id. */
function openStream(
  base: string,
  token: string,
  arrivals: Map<string, number>,
): Promise<{ close(): void; status: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}/api/portal/me/events`,
      { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (response) => {
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            cut = buffer.indexOf('\n\n');
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (data && block.startsWith('event: lead.')) {
              const id = (JSON.parse(data) as { id: string }).id;
              if (!arrivals.has(id)) arrivals.set(id, performance.now());
            }
          }
        });
        response.on('error', () => {});
        resolve({ close: () => request.destroy(), status: response.statusCode ?? 0 });
      },
    );
    request.on('error', reject);
  });
}

/** Leads at a steady `rate` for `seconds`, each to the ZIP of one agent in turn: id and due time. */
async function intake(base: string, key: string, rate: number, seconds: number, zips: string[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const sent: { id: string | null; due: number; answered: number }[] = [];
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const body = JSON.stringify({
      lead_type: 'fsbo',
      first_name: 'Bench',
      last_name: `Seller ${i}`,
      phone: '(602) 555-0199',
      street: `${i} Palm Ave`,
      city: 'Phoenix',
      state: 'AZ',
      zip: zips[i % zips.length],
      county: 'Maricopa',
    });
    pending.push(
      new Promise<void>((resolve) => {
        const request = http.request(
          `${base}/api/v1/leads`,
          {
            agent,
            method: 'POST',
            headers: {
              authorization: `Bearer ${key}`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              text += chunk;
            });
            response.on('end', () => {
              const id = response.statusCode === 201 ? (JSON.parse(text) as { id: string }).id : null;
              sent.push({ id, due, answered: performance.now() });
              resolve();
            });
          },
        );
        request.on('error', () => {
          sent.push({ id: null, due, answered: performance.now() });
          resolve();
        });
        request.end(body);
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return sent;
}

async function main() {
  const url = benchDatabaseUrl(process.env.EVENTS_BENCH_DATABASE_URL, '_events');
  if (!url) {
    console.log('events bench: set DATABASE_URL (PostgreSQL) to measure 1,000 event streams; skipped');
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
    RUN_WORKERS: 'false',
    RATE_LIMIT_INTAKE_PER_KEY: '1000000',
  };

  // The agents, each serving a ZIP of its own, with a session and an access token.
  const deps = await openRuntime(loadConfig(env));
  const db = deps.database.db;
  const tables = (
    (await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as unknown as {
      rows: { tablename: string }[];
    }
  ).rows.map((row) => `"${row.tablename}"`);
  await db.execute(sql.raw(`truncate ${tables.join(', ')} cascade`));
  const zips = Array.from({ length: STREAMS }, (_, i) => String(10_000 + i));
  const seededUsers = await db
    .insert(users)
    .values(
      zips.map((zip) => ({ email: `agent.${zip}@bench-events.test`, name: `Agent ${zip}`, isAgent: true })),
    )
    .returning({ id: users.id });
  await db.insert(agents).values(
    seededUsers.map((user, i) => ({
      userId: user.id,
      agentUri: `events-bench-${i}`,
      agent: `Agent ${zips[i]}`,
      agentEmail: `agent.${zips[i]}@bench-events.test`,
      agentPhone: '+16025550101',
      signupStatus: 'complete',
      agentStatus: 'active',
      zipcodes: [zips[i]!],
    })),
  );
  const families = await db
    .insert(sessionFamilies)
    .values(seededUsers.map((user) => ({ userId: user.id, expiresAt: sql`now() + interval '1 day'` })))
    .returning({ id: sessionFamilies.id, userId: sessionFamilies.userId });
  const tokens = await Promise.all(
    families.map((family) => signAccessToken(SECRET, { sub: family.userId, sid: family.id }, 3600)),
  );
  const { key } = await createApiKey(db, { name: 'Events bench' });
  await closeRuntime(deps);

  const server = await startServer(env);
  const pid = server.child.pid!;
  const arrivals = new Map<string, number>();
  const streams: { close(): void }[] = [];
  try {
    // The intake warmed up first: what it costs is not counted against the streams.
    await intake(server.app, key, RATE, WARMUP_SECONDS, zips);
    await sleep(1000);
    const before = await rssMb(pid);

    const opening = performance.now();
    for (let i = 0; i < STREAMS; i += 50) {
      const batch = await Promise.all(
        tokens.slice(i, i + 50).map((token) => openStream(server.app, token, arrivals)),
      );
      const refused = batch.find((stream) => stream.status !== 200);
      if (refused) throw new Error(`a stream was refused: ${refused.status}`);
      streams.push(...batch);
    }
    const openSeconds = (performance.now() - opening) / 1000;
    await sleep(1000);
    const opened = await rssMb(pid);
    arrivals.clear();

    let peak = opened;
    const sampler = setInterval(() => {
      void rssMb(pid).then((mb) => {
        peak = Math.max(peak, mb);
      });
    }, 250);
    const sent = await intake(server.app, key, RATE, SECONDS, zips);
    // Events still on their way are waited for (a second past the target at most).
    await sleep(TARGET_P95_MS + 1000);
    clearInterval(sampler);
    const after = await rssMb(pid);

    const posted = sent.filter((lead) => lead.id !== null);
    const arrival = (lead: (typeof posted)[number]) => arrivals.get(lead.id!) ?? Number.POSITIVE_INFINITY;
    const delays = posted.map((lead) => Math.max(0, arrival(lead) - lead.answered)).sort((a, b) => a - b);
    const fromDue = posted.map((lead) => arrival(lead) - lead.due).sort((a, b) => a - b);
    const missing = delays.filter((ms) => !Number.isFinite(ms)).length;
    const intakeMs = sent.map((lead) => lead.answered - lead.due).sort((a, b) => a - b);
    const p = (n: number) => percentile(delays, n);
    const added = after - before;

    console.log(`\nevent streams: ${STREAMS} agents, one stream each, one server process (PostgreSQL)\n`);
    console.log(`streams opened in ${openSeconds.toFixed(1)} s`);
    console.log(
      `server RSS: ${before.toFixed(0)} MB before the streams, ${opened.toFixed(0)} MB with them open, ` +
        `${peak.toFixed(0)} MB at most during the intake, ${after.toFixed(0)} MB at the end`,
    );
    console.log(
      `intake: ${posted.length} of ${sent.length} leads stored at ${RATE}/s, p95 ${percentile(intakeMs, 95).toFixed(0)} ms`,
    );
    console.log(
      `events: ${posted.length - missing} of ${posted.length} delivered; after the intake's answer ` +
        `p50 ${p(50).toFixed(0)} ms, p95 ${p(95).toFixed(0)} ms, p99 ${p(99).toFixed(0)} ms; ` +
        `after the request was due p50 ${percentile(fromDue, 50).toFixed(0)} ms, p95 ${percentile(fromDue, 95).toFixed(0)} ms`,
    );
    console.log('\ntargets\n');
    const verdict = (ok: boolean, target: string, figure: string) =>
      console.log(`${ok ? 'PASS' : 'FAIL'}  ${target.padEnd(72)} ${figure}`);
    verdict(
      added < TARGET_MEMORY_MB,
      `${STREAMS} event streams add < ${TARGET_MEMORY_MB} MB to the server's RSS`,
      `${added.toFixed(0)} MB added`,
    );
    verdict(
      p(95) < TARGET_P95_MS && missing === 0 && posted.length === sent.length,
      `lead events delivered p95 < ${TARGET_P95_MS} ms with intake at ${RATE} leads/s`,
      `p95 ${p(95).toFixed(0)} ms, ${missing} missing, ${sent.length - posted.length} intake errors`,
    );
  } finally {
    for (const stream of streams) stream.close();
    await stopServer(server);
  }
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
