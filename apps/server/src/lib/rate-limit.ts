import { ERROR } from '@portal/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from './errors';

/**
 * Fixed-window counters kept in the database, so every server process shares them
 * (SECURITY.md item 2). `hit` counts one attempt and says whether it is still allowed.
 */
export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

export async function hitRateLimit(
  db: Executor,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  const { count, retryAfterSeconds } = await addHits(db, key, 1, windowSeconds);
  return { allowed: count <= limit, count, retryAfterSeconds };
}

/** Counts `hits` attempts at once; answers the count after them. */
async function addHits(
  db: Executor,
  key: string,
  hits: number,
  windowSeconds: number,
): Promise<{ count: number; retryAfterSeconds: number }> {
  const { rows } = (await db.execute(rateLimitHits(sql`${key}::text`, hits, windowSeconds))) as unknown as {
    rows: { count: number; retry_after: number }[];
  };
  return readHits(rows[0], hits, windowSeconds);
}

/** An upsert of rate_limits adding `hits` to the key(s) `key` names (for each row of `from`). */
export function rateLimitHits(key: SQL, hits: number, windowSeconds: number, from: SQL = sql``): SQL {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const expired = sql`rate_limits.window_start <= now() - ${window}`;
  return sql`insert into rate_limits (key, window_start, count) select ${key}, now(), ${hits}::int ${from}
    on conflict (key) do update set
      count = case when ${expired} then ${hits}::int else rate_limits.count + ${hits}::int end,
      window_start = case when ${expired} then now() else rate_limits.window_start end
    returning count, ceil(extract(epoch from (window_start + ${window} - now())))::int as retry_after`;
}

/** What a rate_limits upsert answered, as a result for its last hit. */
export function readHits(
  row: { count: number; retry_after: number } | undefined,
  hits: number,
  windowSeconds: number,
): { count: number; retryAfterSeconds: number } {
  return {
    count: Number(row?.count ?? hits),
    retryAfterSeconds: Math.max(1, Number(row?.retry_after ?? windowSeconds)),
  };
}

/** The result of each of `hits` attempts counted together, in their order. */
export function spreadHits(
  total: { count: number; retryAfterSeconds: number },
  hits: number,
  limit: number,
): RateLimitResult[] {
  return Array.from({ length: hits }, (_, index) => {
    const count = total.count - hits + 1 + index;
    return { allowed: count <= limit, count, retryAfterSeconds: total.retryAfterSeconds };
  });
}

export async function resetRateLimit(db: Executor, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Counts an attempt against every key; throws 429 with Retry-After when any is over its limit. */
export async function enforceRateLimits(
  db: Executor,
  checks: { key: string; limit: number; windowSeconds: number }[],
): Promise<void> {
  let retryAfter = 0;
  for (const check of checks) {
    const result = await hitRateLimit(db, check.key, check.limit, check.windowSeconds);
    if (!result.allowed) retryAfter = Math.max(retryAfter, result.retryAfterSeconds);
  }
  if (retryAfter > 0) {
    throw new AppError('rate_limited', ERROR.tooManyRequests, { 'Retry-After': String(retryAfter) });
  }
}

/**
 * Every route a person can use to make the portal send something is limited per account and per
 * target address (ADR 18): one account cannot flood one inbox, nor many inboxes.
 */
export async function throttleSending(
  db: Executor,
  what: string,
  who: { account: string; target: string },
  limits: { perAccount: number; perTarget: number; windowSeconds?: number },
): Promise<void> {
  const windowSeconds = limits.windowSeconds ?? 3600;
  await enforceRateLimits(db, [
    { key: `send:${what}:account:${who.account}`, limit: limits.perAccount, windowSeconds },
    { key: `send:${what}:to:${who.target.toLowerCase()}`, limit: limits.perTarget, windowSeconds },
  ]);
}
