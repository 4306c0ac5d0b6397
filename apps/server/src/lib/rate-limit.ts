import { ERROR } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
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
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= now() - ${window} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= now() - ${window} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfter: sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + ${window} - now())))::int`,
    });
  const count = row?.count ?? 1;
  return {
    allowed: count <= limit,
    count,
    retryAfterSeconds: Math.max(1, Number(row?.retryAfter ?? windowSeconds)),
  };
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
