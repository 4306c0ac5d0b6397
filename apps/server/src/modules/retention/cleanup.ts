import type { RetentionCounts, Settings } from '@portal/shared';
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Db } from '../../db/client';
import { retentionRuns } from '../../db/schema';
import { pace } from '../../lib/pace';
import { readSettings } from '../../lib/settings';

/**
 * The scheduled clean-up (ADR 67): what the portal no longer needs goes, in bounded batches, each
 * batch one short statement of its own (its own transaction), so sign-ins, the intake and the
 * dispatcher never wait behind it. What a run leaves (its time is up) waits for the next run.
 */

const DAY_MS = 86_400_000;

/**
 * Spent, revoked and expired links, and ended sessions, are kept this long after their end: a link
 * opened again within it is still told apart ("already verified"), and the rows say what happened.
 */
export const GRACE_DAYS = 30;
/** The longest window a limiter counts in: the signing and recipient-invitation daily limits. */
const LONGEST_FIXED_WINDOW_SECONDS = 24 * 60 * 60;
/** RATE_LIMIT_WINDOW_SECONDS when the caller does not say (config.ts's default). */
const DEFAULT_RATE_LIMIT_WINDOW_SECONDS = 15 * 60;
/** The login throttle's longest wait, which a row's configured window starts after. */
const LOGIN_WAIT_SECONDS = 15 * 60;
/** Runs older than this are forgotten: the console reads the last 30 days. */
const RUNS_KEPT_DAYS = 90;
/** A run not finished after this many minutes has died (its process ended): another may start. */
const STALE_RUN_MINUTES = 10;
/** One key for every process: only one run at a time takes its place in retention_runs. */
const RUN_LOCK = sql`hashtext('retention')`;

export interface RetentionOptions {
  /** The clock the cut-offs are counted from. */
  now?: Date;
  /** Rows per statement. */
  batchSize?: number;
  /** How long each kind may go on per run before it leaves the rest to the next run. */
  budgetMs?: number;
  /** RATE_LIMIT_WINDOW_SECONDS: the configured limiters' window. */
  rateLimitWindowSeconds?: number;
}

export type RetentionResult = RetentionCounts & {
  /** Another run was in progress: this one removed nothing. */
  skipped: boolean;
};

const ZERO: RetentionCounts = { tokens: 0, sessions: 0, rate_limits: 0, message_bodies: 0, audit_rows: 0 };

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** How many rows one data-changing statement touched (`statement` has no RETURNING of its own). */
async function affected(db: Db, statement: SQL): Promise<number> {
  const { rows } = (await db.execute(
    sql`with done as (${statement} returning 1) select count(*)::int as n from done`,
  )) as unknown as { rows: { n: number }[] };
  return Number(rows[0]?.n ?? 0);
}

interface Batches {
  batchSize: number;
  budgetMs: number;
}

/**
 * Runs `statement(limit)` until a batch comes back short or the budget of working time is spent,
 * with a pause after each batch (ADR 68); the total.
 */
async function inBatches(batches: Batches, db: Db, statement: (limit: number) => SQL): Promise<number> {
  const steps = pace();
  let total = 0;
  // The budget counts the statements' time, not the pauses between them.
  let working = 0;
  for (;;) {
    const started = performance.now();
    const count = await affected(db, statement(batches.batchSize));
    working += performance.now() - started;
    total += count;
    if (count < batches.batchSize || working >= batches.budgetMs) return total;
    await steps.step();
  }
}

/** Links expired, spent or revoked before the grace; registrations whose link has expired. */
async function removeTokens(db: Db, batches: Batches, now: Date): Promise<number> {
  const cutoff = at(daysBefore(now, GRACE_DAYS));
  const links = await inBatches(
    batches,
    db,
    (limit) => sql`delete from one_time_tokens where id = any(array(
      select id from one_time_tokens
      where expires_at < ${cutoff} or used_at < ${cutoff} or revoked_at < ${cutoff}
      limit ${limit}))`,
  );
  // An expired registration can no longer be confirmed and holds a password hash: it goes at once,
  // as every new registration already removes the expired ones.
  const registrations = await inBatches(
    batches,
    db,
    (limit) => sql`delete from pending_registrations where id = any(array(
      select id from pending_registrations where expires_at < ${at(now)} limit ${limit}))`,
  );
  return links + registrations;
}

/**
 * Sign-in sessions revoked or expired before the grace, and recipient sessions. A family's refresh
 * tokens go first, a batch of tokens at a time (an active family holds one per refresh), then the
 * families left without any: no statement removes more rows than its batch through the cascade.
 */
async function removeSessions(db: Db, batches: Batches, now: Date): Promise<number> {
  const cutoff = at(daysBefore(now, GRACE_DAYS));
  const ended = sql`(f.expires_at < ${cutoff} or f.revoked_at < ${cutoff})`;
  await inBatches(
    batches,
    db,
    (limit) => sql`delete from refresh_tokens where token_hash = any(array(
      select r.token_hash from session_families f join refresh_tokens r on r.family_id = f.id
      where ${ended} limit ${limit}))`,
  );
  const families = await inBatches(
    batches,
    db,
    (limit) => sql`delete from session_families where id = any(array(
      select f.id from session_families f
      where ${ended} and not exists (select 1 from refresh_tokens r where r.family_id = f.id)
      limit ${limit}))`,
  );
  const recipients = await inBatches(
    batches,
    db,
    (limit) => sql`delete from recipient_sessions where token_hash = any(array(
      select token_hash from recipient_sessions
      where expires_at < ${cutoff} or revoked_at < ${cutoff}
      limit ${limit}))`,
  );
  return families + recipients;
}

/**
 * Counters whose window started two of the longest windows ago: such a row counts nothing (the
 * next hit starts a new window), so removing it changes no answer. The condition is repeated on the
 * row deleted: a hit that restarted the window meanwhile keeps it.
 */
async function removeRateLimits(db: Db, batches: Batches, now: Date, windowSeconds: number): Promise<number> {
  const longest = Math.max(LONGEST_FIXED_WINDOW_SECONDS, windowSeconds + LOGIN_WAIT_SECONDS);
  const cutoff = at(new Date(now.getTime() - 2 * longest * 1000));
  return inBatches(
    batches,
    db,
    (limit) => sql`delete from rate_limits where key = any(array(
      select key from rate_limits where window_start < ${cutoff} limit ${limit}))
      and window_start < ${cutoff}`,
  );
}

/**
 * The text, HTML and attachments of messages sent or failed before the retention period; every
 * other column and the attempts stay. The condition is repeated on the row updated: a failed
 * message sent again from the console meanwhile (queued) keeps its body.
 */
async function removeMessageBodies(db: Db, batches: Batches, now: Date, days: number): Promise<number> {
  const cutoff = at(daysBefore(now, days));
  const bodyKept = sql`body_removed_at is null and status in ('sent', 'failed')`;
  return inBatches(
    batches,
    db,
    (limit) => sql`update outbox_messages
      set text_body = '', html_body = null, attachments = '[]'::jsonb, body_removed_at = now()
      where id = any(array(
        select id from outbox_messages where ${bodyKept} and created_at < ${cutoff}
        order by created_at limit ${limit}))
      and ${bodyKept}`,
  );
}

/** Audit entries older than the setting's days; none when it keeps them for good. */
async function removeAuditRows(db: Db, batches: Batches, now: Date, days: number | null): Promise<number> {
  if (days === null) return 0;
  const cutoff = at(daysBefore(now, days));
  return inBatches(
    batches,
    db,
    (limit) => sql`delete from audit_log where id = any(array(
      select id from audit_log where created_at < ${cutoff} order by created_at limit ${limit}))`,
  );
}

/**
 * Takes the run's place: under a transaction-level advisory lock (two processes cannot both pass
 * the check), a new row in retention_runs unless a run is in progress. The row, not the lock, holds
 * the place across the run's many transactions. Null: another run is in progress.
 */
async function startRun(db: Db): Promise<string | null> {
  return db.transaction(async (tx) => {
    const { rows } = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${RUN_LOCK}) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!rows[0]?.locked) return null;
    const [running] = await tx
      .select({ id: retentionRuns.id })
      .from(retentionRuns)
      .where(
        and(
          isNull(retentionRuns.finishedAt),
          gt(retentionRuns.startedAt, sql`now() - make_interval(mins => ${STALE_RUN_MINUTES})`),
        ),
      )
      .limit(1);
    if (running) return null;
    const [run] = await tx.insert(retentionRuns).values({}).returning({ id: retentionRuns.id });
    return run!.id;
  });
}

/**
 * One clean-up: each kind in turn, each within its own time budget. Answers what was removed, also
 * recorded in retention_runs for the console; a run that finds another in progress does nothing.
 */
export async function runRetention(
  db: Db,
  settings: Settings,
  options: RetentionOptions = {},
): Promise<RetentionResult> {
  const now = options.now ?? new Date();
  const batches = { batchSize: options.batchSize ?? 1000, budgetMs: options.budgetMs ?? 2000 };
  const runId = await startRun(db);
  if (!runId) return { ...ZERO, skipped: true };
  const counts = { ...ZERO };
  try {
    counts.tokens = await removeTokens(db, batches, now);
    counts.sessions = await removeSessions(db, batches, now);
    counts.rate_limits = await removeRateLimits(
      db,
      batches,
      now,
      options.rateLimitWindowSeconds ?? DEFAULT_RATE_LIMIT_WINDOW_SECONDS,
    );
    counts.message_bodies = await removeMessageBodies(db, batches, now, settings.retention.message_body_days);
    counts.audit_rows = await removeAuditRows(db, batches, now, settings.retention.audit_days);
    await db
      .delete(retentionRuns)
      .where(sql`${retentionRuns.startedAt} < now() - make_interval(days => ${RUNS_KEPT_DAYS})`);
  } finally {
    // What was removed is recorded even when a later kind failed: it is gone either way.
    await db
      .update(retentionRuns)
      .set({
        finishedAt: sql`now()`,
        tokens: counts.tokens,
        sessions: counts.sessions,
        rateLimits: counts.rate_limits,
        messageBodies: counts.message_bodies,
        auditRows: counts.audit_rows,
      })
      .where(eq(retentionRuns.id, runId));
  }
  return { ...counts, skipped: false };
}

/** The scheduled job: the office's settings as they are now, the configured limiters' window. */
export async function runRetentionJob(deps: AppDeps): Promise<RetentionResult> {
  const { db } = deps.database;
  return runRetention(db, await readSettings(db, { fresh: true }), {
    rateLimitWindowSeconds: deps.config.rateLimits.windowSeconds,
  });
}
