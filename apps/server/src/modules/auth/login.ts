import { ERROR } from '@portal/shared';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import { rateLimits, type UserRow, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, badRequest } from '../../lib/errors';
import { enforceRateLimits, resetRateLimit } from '../../lib/rate-limit';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { type IssuedSession, revokeAllSessions, rotateRefreshToken, startSession } from './sessions';
import { type ClientInfo, findUserByEmail } from './users';

/** Failures from one address against one account are counted under this key. */
export const loginPairKey = (email: string, ip: string) => `login:pair:${email.trim().toLowerCase()}|${ip}`;
/** Every address's failures against one account start with this (cleared by a password reset). */
export const loginPairPrefix = (email: string) => `login:pair:${email.trim().toLowerCase()}|`;

/** The longest wait between two attempts of one address on one account. */
const MAX_DELAY_SECONDS = 15 * 60;

/**
 * Seconds this address must still wait before trying this account again: none for its first
 * `free` failures, then 2, 4, 8, ... seconds after each further failure, at most 15 minutes.
 * The count is per account and address, so failures from elsewhere never lock the owner out
 * (issue #17 item 7); it is forgotten after a quiet window.
 */
async function pairWait(deps: AppDeps, key: string): Promise<number> {
  const { loginPerAccount: free, windowSeconds } = deps.config.rateLimits;
  const [row] = await deps.database.db
    .select({
      wait: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.windowStart}
        + make_interval(secs => least(power(2, ${rateLimits.count} - ${free} + 1), ${MAX_DELAY_SECONDS}))
        - now()))))::int`,
    })
    .from(rateLimits)
    .where(
      and(
        eq(rateLimits.key, key),
        gte(rateLimits.count, free),
        sql`${rateLimits.windowStart} > now() - make_interval(secs => ${windowSeconds})`,
      ),
    );
  return Number(row?.wait ?? 0);
}

/** One more failure for this account from this address; the window restarts after a quiet spell. */
async function countPairFailure(deps: AppDeps, key: string): Promise<void> {
  const window = sql`make_interval(secs => ${deps.config.rateLimits.windowSeconds})`;
  await deps.database.db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= now() - ${window} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`now()`,
      },
    });
}

/**
 * POST /login. Unknown e-mail and wrong password look the same, in status, body and time.
 * Each address has its own limit across accounts (SECURITY.md item 2); each account and address
 * pair waits longer after each failure beyond the first few.
 */
export async function login(
  deps: AppDeps,
  options: { email: string; password: string; client: ClientInfo },
): Promise<{ session: IssuedSession; user: UserRow }> {
  const { db } = deps.database;
  const { rateLimits: limits } = deps.config;
  const ipKey = `login:ip:${options.client.ip}`;
  const pairKey = loginPairKey(options.email, options.client.ip);
  await enforceRateLimits(db, [
    { key: ipKey, limit: limits.loginPerIp, windowSeconds: limits.windowSeconds },
  ]);
  const wait = await pairWait(deps, pairKey);
  if (wait > 0) throw new AppError('rate_limited', ERROR.tooManyRequests, { 'Retry-After': String(wait) });

  const user = await findUserByEmail(db, options.email);
  let valid = false;
  if (user?.passwordHash) valid = await verifyPassword(user.passwordHash, options.password);
  else await burnPasswordCheck(options.password);
  if (!user || !valid || !user.isActive) {
    await countPairFailure(deps, pairKey);
    await audit(db, {
      action: 'login_failed',
      actorEmail: options.email.slice(0, 254),
      ip: options.client.ip,
    });
    throw badRequest(ERROR.loginBadCredentials);
  }

  return db.transaction(async (tx) => {
    // A success clears this address's failures on the account and gives back the attempt it
    // took from the address.
    await resetRateLimit(tx, pairKey);
    await tx
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(eq(rateLimits.key, ipKey));
    const session = await startSession(tx, {
      jwtSecret: deps.config.jwtSecret,
      userId: user.id,
      ip: options.client.ip,
      userAgent: options.client.userAgent,
    });
    await audit(tx, { action: 'login', actorId: user.id, actorEmail: user.email, ip: options.client.ip });
    return { session, user };
  });
}

export async function refresh(
  deps: AppDeps,
  refreshToken: string,
): Promise<{ session: IssuedSession; user: UserRow }> {
  const result = await rotateRefreshToken(deps.database, { jwtSecret: deps.config.jwtSecret, refreshToken });
  if (!result.ok) throw new AppError('unauthorized', ERROR.notAuthenticated);
  const [user] = await deps.database.db.select().from(users).where(eq(users.id, result.userId));
  if (!user || !user.isActive) {
    await revokeAllSessions(deps.database.db, result.userId, 'user inactive');
    throw new AppError('unauthorized', ERROR.notAuthenticated);
  }
  return { session: result.session, user };
}
