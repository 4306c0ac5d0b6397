import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { AppDeps } from '../src/app-context';
import { loadConfig } from '../src/config';
import { outboxMessages, users } from '../src/db/schema';
import { startWorkers } from '../src/jobs/workers';
import { PRIORITY } from '../src/lib/outbox';
import { requestAccountEmail } from '../src/modules/auth/links';
import { hashPassword } from '../src/modules/auth/passwords';
import { findUserByEmail } from '../src/modules/auth/users';
import { closeRuntime, openRuntime } from '../src/runtime';
import { FakeTwilio, Sink } from './delivery-fakes';
import { benchDatabaseUrl, ensureBenchDatabase } from './measure';

/**
 * `npm run bench:delivery` (and part of `npm run bench`): the message dispatcher (ADR 18)
 * in one worker process, against a real SMTP server (smtp-server) and a fake Twilio on loopback,
 * next to the raw SMTP send of the same machine. Targets: >= 50 messages/s sustained; 1,000 lead
 * messages delivered in < 30 s; a magic-link e-mail requested behind 5,000 queued lead messages
 * leaves in < 5 s. Provider limits are the settings' defaults (5 SMTP connections, 30 texts/s).
 *
 * PostgreSQL (DELIVERY_BENCH_DATABASE_URL, else DATABASE_URL's database + "_delivery"; its name must
 * contain "bench"); its outbox is emptied at each run. Without a database URL it says so and stops.
 */
const LEAD_HTML = `<!doctype html><html><body>${'<p>A new seller lead for Alicia Agent: Jane Seller, 12 Main St, Phoenix AZ 85004. Call (602) 555-0155.</p>'.repeat(30)}</body></html>`;
const MAGIC_TO = 'bench.hurry@bench.agentportal.local';

/** The raw send: nodemailer's pool straight to the sink, 5 connections, no database. */
async function rawSmtp(port: number, count: number) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    pool: true,
    maxConnections: 5,
  } as never);
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await transport.sendMail({
        from: 'portal@bench.test',
        to: `raw${i}@bench.test`,
        subject: `Raw ${i}`,
        text: 'A lead',
        html: LEAD_HTML,
      });
    }
  };
  await Promise.all(Array.from({ length: 5 }, worker));
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  return { perSecond: count / seconds, msEach: (seconds * 1000) / count };
}

/** Lead messages as intake writes them, in a few multi-row inserts (the bench measures delivery). */
async function queueLeadMessages(deps: AppDeps, emails: number, texts: number) {
  const rows: (typeof outboxMessages.$inferInsert)[] = [];
  for (let i = 0; i < emails; i++) {
    rows.push({
      channel: 'email',
      toAddress: `agent${i}@bench.test`,
      fromAddress: deps.config.mailFrom,
      subject: `New seller lead: Jane Seller ${i} (FSBO) in Phoenix`,
      textBody: 'A new seller lead for Alicia Agent.',
      htmlBody: LEAD_HTML,
      template: 'lead_email',
      priority: PRIORITY.bulk,
    });
  }
  for (let i = 0; i < texts; i++) {
    rows.push({
      channel: 'sms',
      toAddress: `+1602555${String(i % 10000).padStart(4, '0')}`,
      fromAddress: deps.config.smsFrom,
      textBody: `New FSBO lead: Jane Seller ${i}, Phoenix AZ 85004. Call (602) 555-0155.`,
      template: 'lead_sms',
      priority: PRIORITY.bulk,
    });
  }
  for (let i = 0; i < rows.length; i += 1000) {
    await deps.database.db.insert(outboxMessages).values(rows.slice(i, i + 1000));
  }
}

/** Seconds from `started` until `total` messages (of one channel, if given) are sent; null past the timeout. */
async function waitUntilSent(
  deps: AppDeps,
  total: number,
  timeoutMs: number,
  channel?: 'email',
  started = performance.now(),
) {
  const only = channel ? sql`and channel = ${channel}` : sql``;
  for (;;) {
    const [row] = (
      (await deps.database.db.execute(
        sql`select count(*)::int as n from outbox_messages where status = 'sent' ${only}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    if ((row?.n ?? 0) >= total) return (performance.now() - started) / 1000;
    if (performance.now() - started > timeoutMs) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function emptyOutbox(deps: AppDeps) {
  await deps.database.db.execute(sql`truncate outbox_messages, message_attempts, rate_limits`);
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

async function main() {
  const url = benchDatabaseUrl(process.env.DELIVERY_BENCH_DATABASE_URL, '_delivery');
  if (!url) {
    console.log('bench:delivery needs PostgreSQL: set DATABASE_URL (its database + "_delivery" is used).');
    return;
  }
  await ensureBenchDatabase(url);
  const sink = new Sink();
  const twilio = new FakeTwilio();
  await sink.start();
  await twilio.start();

  const raw = await rawSmtp(sink.port, 1000);

  const config = loadConfig({
    ...process.env,
    DATABASE_URL: url,
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAIL_FROM: 'portal@bench.test',
    TWILIO_ACCOUNT_SID: 'ACbench',
    TWILIO_AUTH_TOKEN: 'bench',
    TWILIO_FROM_NUMBER: '+15005550006',
    TWILIO_API_BASE: `http://127.0.0.1:${twilio.port}`,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-jwt-secret-that-is-long-enough-0123456789',
    TOKEN_SECRET: 'bench-token-secret-that-is-long-enough-0123456789',
  });
  const deps = await openRuntime(config);
  await emptyOutbox(deps);
  await deps.database.db.execute(sql`delete from settings where key = 'provider_limits'`);
  await deps.database.db.execute(sql`delete from pgboss.job`);
  const existing = await findUserByEmail(deps.database.db, MAGIC_TO);
  if (!existing) {
    await deps.database.db.insert(users).values({
      email: MAGIC_TO,
      name: 'Bench Hurry',
      passwordHash: await hashPassword('bench-delivery-2026'),
      isVerified: true,
    });
  }
  await startWorkers(deps.queue, deps);

  // 1. 1,000 lead messages (an e-mail and a text for each of 500 leads).
  await queueLeadMessages(deps, 500, 500);
  deps.queue.bell.ring();
  const thousand = await waitUntilSent(deps, 1000, 120_000);

  // 2. Sustained: 4,000 messages (3,000 e-mails and 1,000 texts).
  await emptyOutbox(deps);
  await queueLeadMessages(deps, 3000, 1000);
  const sustainedStart = performance.now();
  deps.queue.bell.ring();
  const emailSeconds = await waitUntilSent(deps, 3000, 300_000, 'email', sustainedStart);
  const sustainedSeconds = await waitUntilSent(deps, 4000, 300_000, undefined, sustainedStart);
  const sustained = sustainedSeconds ? 4000 / sustainedSeconds : 0;

  // 3. A magic link requested behind 5,000 queued lead e-mails, through the route's own path
  //    (rate limit, account-email job, outbox, dispatcher).
  await emptyOutbox(deps);
  await queueLeadMessages(deps, 5000, 0);
  deps.queue.bell.ring();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const requested = performance.now();
  await requestAccountEmail(deps, { purpose: 'magic', email: MAGIC_TO, client: { ip: '127.0.0.1' } });
  let magic: number | null = null;
  while (performance.now() - requested < 30_000) {
    const at = sink.arrivals.get(MAGIC_TO)?.first;
    if (at !== undefined && at > requested) {
      magic = (at - requested) / 1000;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const [behind] = (
    (await deps.database.db.execute(
      sql`select count(*)::int as n from outbox_messages where status <> 'sent' and template = 'lead_email'`,
    )) as unknown as { rows: { n: number }[] }
  ).rows;

  console.log(
    '\nDelivery (one worker process; SMTP sink and fake Twilio on loopback; 5 SMTP connections, 30 texts/s)\n',
  );
  console.log(
    `raw SMTP send (nodemailer pool, 5 connections, no database): ${raw.perSecond.toFixed(0)} messages/s, ${raw.msEach.toFixed(1)} ms each`,
  );
  if (emailSeconds)
    console.log(
      `the e-mail lane alone (3,000 of the sustained run): ${(3000 / emailSeconds).toFixed(0)} messages/s, ${((emailSeconds * 1000) / 3000).toFixed(1)} ms each`,
    );
  const rows: [string, string, string, boolean][] = [
    [
      '1,000 lead messages (500 e-mails + 500 texts)',
      thousand ? `${thousand.toFixed(1)} s` : 'timed out',
      '< 30 s',
      !!thousand && thousand < 30,
    ],
    [
      'sustained (3,000 e-mails + 1,000 texts)',
      `${sustained.toFixed(0)} messages/s`,
      '>= 50 messages/s',
      sustained >= 50,
    ],
    [
      `magic link behind 5,000 lead e-mails (${behind?.n ?? '?'} still queued when it left)`,
      magic === null ? 'not in 30 s' : `${magic.toFixed(2)} s`,
      '< 5 s',
      magic !== null && magic < 5,
    ],
  ];
  for (const [name, figure, target, ok] of rows) {
    console.log(`${name.padEnd(72)} ${figure.padStart(18)}   target ${target.padEnd(18)} ${verdict(ok)}`);
  }

  await waitUntilSent(deps, 5001, 120_000);
  await closeRuntime(deps);
  await sink.stop();
  await twilio.stop();
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
