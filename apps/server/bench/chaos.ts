import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { agents, recipients, users } from '../src/db/schema';
import { CLAIM_SECONDS } from '../src/lib/outbox';
import { createApiKey } from '../src/modules/leads/api-keys';
import { closeRuntime, openRuntime } from '../src/runtime';
import { LoopbackSmtp } from '../test/helpers/smtp';

/**
 * `npm run chaos`: faults on this machine, loopback only, bounded in time (up to about five
 * minutes: a message a killed process had claimed waits for its claim to lapse). A real server process (`src/server.ts`, workers on) takes leads from eight clients
 * that retry a failed request with the same Idempotency-Key, as a careful client does, while:
 * PostgreSQL restarts; the server gets SIGTERM, then kill -9, and starts again; the SMTP server
 * goes away for a while and comes back. Then it counts: requests, errors, seconds from the end of
 * each fault to the next acknowledged lead, leads acknowledged and lost (acknowledged but not stored), and
 * e-mails delivered more than once.
 *
 * Needs PostgreSQL at DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432) and the
 * right to run `pg_ctlcluster 15 main restart` (CHAOS_PG_RESTART overrides the command). It
 * recreates its own database, `portal_chaos`.
 */

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_RESTART = (process.env.CHAOS_PG_RESTART ?? 'pg_ctlcluster 15 main restart').split(' ');
const CLIENTS = 8;
const ZIP = '85004';
const serverDir = path.resolve(import.meta.dirname, '..');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function recreateDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query('drop database if exists portal_chaos with (force)');
  await admin.query('create database portal_chaos');
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = '/portal_chaos';
  return url.toString();
}

interface Fault {
  name: string;
  at: number;
  recoveredAt: number | null;
}

async function main() {
  const started = Date.now();
  const databaseUrl = await recreateDatabase();
  const smtp = new LoopbackSmtp();
  await smtp.start();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-chaos-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    JWT_SECRET: 'chaos-jwt-secret-that-is-long-enough-0123456789',
    TOKEN_SECRET: 'chaos-token-secret-that-is-long-enough-0123456789',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    RATE_LIMIT_INTAKE_PER_KEY: '1000000',
  };

  // The data: one active agent serving the ZIP, its own recipient by e-mail, an API key.
  const deps = await openRuntime(loadConfig(env));
  const db = deps.database.db;
  const [user] = await db
    .insert(users)
    .values({
      email: 'chaos.agent@example.com',
      name: 'Chaos Agent',
      isAgent: true,
      userRole: 'agent',
      isVerified: true,
    })
    .returning();
  const [agent] = await db
    .insert(agents)
    .values({
      userId: user!.id,
      agentUri: 'chaos-agent',
      agentEmail: user!.email,
      agentFirstName: 'Chaos',
      agentLastName: 'Agent',
      agentStatus: 'active',
      signupStatus: 'complete',
      zipcodes: [ZIP],
    })
    .returning();
  await db.insert(recipients).values({
    agentId: agent!.id,
    firstName: 'Chaos',
    email: 'chaos.inbox@example.com',
    sendEmail: true,
    isPrimary: true,
    isAgent: true,
  });
  const { key } = await createApiKey(db, { name: 'Chaos' });
  await closeRuntime(deps);

  let server: ChildProcess | null = null;
  const startServer = async () => {
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env,
      stdio: 'ignore',
    });
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) return;
      } catch {
        // not up yet
      }
      await sleep(100);
    }
    throw new Error('the server did not start within 30 s');
  };
  const stopServer = async (signal: NodeJS.Signals) => {
    const child = server!;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };
  await startServer();

  // The clients: each lead has its own Idempotency-Key and is sent until acknowledged.
  const acknowledged = new Map<string, string>();
  let requests = 0;
  let errors = 0;
  let lastAck = 0;
  let sending = true;
  let next = 0;
  const client = async () => {
    while (sending) {
      const idempotencyKey = `chaos-${next++}`;
      for (let attempt = 0; ; attempt++) {
        requests += 1;
        try {
          const response = await fetch(`${base}/api/v1/leads`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${key}`,
              'content-type': 'application/json',
              'idempotency-key': idempotencyKey,
            },
            body: JSON.stringify({
              lead_type: 'fsbo',
              first_name: 'Seller',
              last_name: idempotencyKey,
              phone: '(602) 555-0100',
              zip: ZIP,
              city: 'Phoenix',
              state: 'AZ',
            }),
            signal: AbortSignal.timeout(10_000),
          });
          if (response.status === 200 || response.status === 201) {
            acknowledged.set(idempotencyKey, ((await response.json()) as { id: string }).id);
            lastAck = Date.now();
            break;
          }
          errors += 1;
          await response.body?.cancel();
        } catch {
          errors += 1;
        }
        // Give up on a lead only once the run is over and it has had a minute of tries.
        if (!sending && attempt > 300) break;
        await sleep(200);
      }
    }
  };
  const clients = Array.from({ length: CLIENTS }, client);

  const faults: Fault[] = [];
  const fault = async (name: string, act: () => Promise<void>) => {
    await sleep(4_000);
    const record: Fault = { name, at: Date.now(), recoveredAt: null };
    faults.push(record);
    await act();
    // Requests already running when the fault began may still be acknowledged (a SIGTERM lets
    // them finish): recovery is the first acknowledgement after the fault is over.
    const over = Date.now();
    while (lastAck <= over && Date.now() - over < 60_000) await sleep(50);
    record.recoveredAt = lastAck > over ? lastAck : null;
    console.log(
      `${name}: recovered in ${record.recoveredAt ? ((record.recoveredAt - record.at) / 1000).toFixed(1) : '-'} s`,
    );
  };

  await fault('PostgreSQL restart under load', async () => {
    execFileSync(PG_RESTART[0]!, PG_RESTART.slice(1), { stdio: 'ignore' });
  });
  await fault('SIGTERM during an intake burst', async () => {
    await stopServer('SIGTERM');
    await startServer();
  });
  await fault('kill -9 during an intake burst', async () => {
    await stopServer('SIGKILL');
    await startServer();
  });
  let smtpBack = 0;
  await fault('SMTP down for 8 s, then back', async () => {
    await smtp.stop();
    await sleep(8_000);
    await smtp.start(smtp.port);
    smtpBack = Date.now();
  });
  await sleep(3_000);
  sending = false;
  await Promise.all(clients);

  // Every acknowledged lead stored? Every delivery sent, and once?
  const check = new pg.Client({ connectionString: databaseUrl });
  await check.connect();
  let drained = false;
  // A message the killed process had claimed is due again when its claim lapses (CLAIM_SECONDS).
  for (let waited = 0; waited < (CLAIM_SECONDS + 60) * 1000 && !drained; waited += 500) {
    const { rows } = await check.query(
      "select count(*)::int as n from outbox_messages where status in ('queued', 'sending')",
    );
    drained = rows[0].n === 0;
    if (!drained) await sleep(500);
  }
  const drainSeconds = (Date.now() - smtpBack) / 1000;
  const ids = [...acknowledged.values()];
  const { rows: stored } = await check.query('select id from leads where id = any($1::uuid[])', [ids]);
  const { rows: failed } = await check.query(
    "select count(*)::int as n from outbox_messages where status = 'failed'",
  );
  await check.end();
  await stopServer('SIGTERM');
  await smtp.stop();
  rmSync(dataDir, { recursive: true, force: true });

  const perLead = new Map<string, number>();
  for (const message of smtp.received) {
    // Quoted-printable: soft line breaks joined, "=3D" read as "=".
    const text = message.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
    const lead = text.match(/lead=([0-9a-f-]{36})/)?.[1];
    if (lead) perLead.set(lead, (perLead.get(lead) ?? 0) + 1);
  }
  const duplicates = [...perLead.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  const delivered = ids.filter((id) => perLead.has(id)).length;

  console.log(
    `\nchaos: ${((Date.now() - started) / 1000).toFixed(0)} s on ${os.cpus().length} cores, ${CLIENTS} clients\n`,
  );
  console.log('fault'.padEnd(36), 'seconds to the next acknowledged lead');
  for (const f of faults) {
    const seconds = f.recoveredAt ? ((f.recoveredAt - f.at) / 1000).toFixed(1) : 'did not recover';
    // The intake does not need SMTP: for that fault what counts is how soon the e-mails go out.
    const note = f.name.startsWith('SMTP')
      ? ` (leads acknowledged throughout; e-mails caught up ${drained ? `${drainSeconds.toFixed(1)} s` : 'not'} after it came back)`
      : '';
    console.log(f.name.padEnd(36), `${seconds}${note}`);
  }
  console.log('');
  console.log(`requests                     ${requests}`);
  console.log(`errors (retried)             ${errors}`);
  console.log(`leads acknowledged           ${acknowledged.size}`);
  console.log(`leads lost                   ${ids.length - stored.length}`);
  console.log(
    `lead e-mails delivered       ${delivered} of ${ids.length} (outbox drained ${drained ? `${drainSeconds.toFixed(1)} s after SMTP came back` : `NOT within ${CLAIM_SECONDS + 60} s`}; ${failed[0].n} failed)`,
  );
  console.log(`duplicate deliveries         ${duplicates}`);
  const ok =
    ids.length === stored.length && duplicates === 0 && drained && faults.every((f) => f.recoveredAt);
  console.log(
    `\n${ok ? 'PASS' : 'FAIL'}: nothing acknowledged lost, nothing delivered twice, every fault recovered`,
  );
  process.exitCode = ok ? 0 : 1;
}

await main();
