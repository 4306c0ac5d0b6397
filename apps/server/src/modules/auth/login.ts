import { ERROR } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { AppDeps } from '../../app-context';
import { rateLimits, type UserRow, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import { AppError, badRequest, forbidden } from '../../lib/errors';
import { enforceRateLimits, resetRateLimit } from '../../lib/rate-limit';
import { burnPasswordCheck, verifyPassword } from './passwords';
import {
  type IssuedSession,
  revokeAllSessions,
  rotateRefreshToken,
  sessionRefusal,
  startSession,
} from './sessions';
import { findUserByEmail } from './users';

/**
 * The address a sign-in is counted under: IPv4 as it is, IPv6 by its /64 (one subscriber's
 * network hands out billions of addresses, so a single IPv6 address means nothing), an
 * IPv4-mapped IPv6 address (in any of its spellings) as the IPv4 it maps. The /64 is written
 * as its first four groups, without leading zeros, then `::/64`. What is not an address at all
 * is counted as it is.
 */
export function addressGroup(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address instanceof ipaddr.IPv4) return address.toString();
  return `${address.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`;
}

/** Failures from one address (group) against one account are counted under this key. */
export const loginPairKey = (email: string, ip: string) =>
  `login:pair:${email.trim().toLowerCase()}|${addressGroup(ip)}`;
/** Every address's failures against one account start with this (cleared by a password reset). */
export const loginPairPrefix = (email: string) => `login:pair:${email.trim().toLowerCase()}|`;

/** The longest wait between two attempts of one address on one account. */
const MAX_DELAY_SECONDS = 15 * 60;

/**
 * One attempt of this address on this account, counted before the password is checked, in one
 * statement: the waits hold under parallel requests (the row is locked while it is read and
 * written). The first `free` attempts since the last success cost nothing; after that each one
 * waits 2, 4, 8, ... seconds after the previous one, at most 15 minutes. An attempt made during
 * a wait is refused and not counted. The count is forgotten only after a quiet window that
 * starts when the wait is over, so reaching the cap does not hand out free attempts again.
 * Failures from other addresses never lock the owner out (ADR 23). Answers the
 * seconds still to wait (0: go ahead).
 */
async function takePairAttempt(deps: AppDeps, key: string): Promise<number> {
  const free = Math.trunc(deps.config.rateLimits.loginPerAccount);
  const windowSeconds = Math.trunc(deps.config.rateLimits.windowSeconds);
  // The wait a row's count asks for (the exponent capped, so it never overflows).
  const delay = (row: string) =>
    `(case when ${row}.count < ${free} then 0 else least(power(2, least(${row}.count - ${free} + 1, 20)), ${MAX_DELAY_SECONDS}) end)`;
  // A row still counts until a quiet window has passed after its wait.
  const live = (row: string) =>
    `(${row}.window_start + make_interval(secs => ${delay(row)} + ${windowSeconds}) > now())`;
  // The row exists before it is locked, so the first burst of parallel attempts queues on it too.
  await deps.database.db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 0) on conflict (key) do nothing`);
  const result = (await deps.database.db.execute(sql`
    with prev as (
      select p.count, p.window_start, ${sql.raw(live('p'))} as live
      from rate_limits p where p.key = ${key} for update
    ), verdict as (
      select coalesce((select case when prev.live then greatest(0, ceil(extract(epoch from
        prev.window_start + make_interval(secs => ${sql.raw(delay('prev'))}) - now())))::int else 0 end
        from prev), 0) as wait
    ), counted as (
      insert into rate_limits as r (key, window_start, count)
        select ${key}, now(), 1 from verdict where verdict.wait = 0
      on conflict (key) do update set
        count = case when ${sql.raw(live('r'))} then r.count + 1 else 1 end,
        window_start = now()
      returning 1
    )
    select wait from verdict`)) as unknown as { rows: { wait: number }[] };
  return Number(result.rows[0]?.wait ?? 0);
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
  const ipKey = `login:ip:${addressGroup(options.client.ip)}`;
  const pairKey = loginPairKey(options.email, options.client.ip);
  await enforceRateLimits(db, [
    { key: ipKey, limit: limits.loginPerIp, windowSeconds: limits.windowSeconds },
  ]);
  const wait = await takePairAttempt(deps, pairKey);
  if (wait > 0) throw new AppError('rate_limited', ERROR.tooManyRequests, { 'Retry-After': String(wait) });

  const user = await findUserByEmail(db, options.email);
  let valid = false;
  if (user?.passwordHash) valid = await verifyPassword(user.passwordHash, options.password);
  else await burnPasswordCheck(options.password);
  if (!user || !valid || !user.isActive) {
    // The attempt was counted before the check: a failure needs nothing more.
    await audit(db, {
      action: 'login_failed',
      actorEmail: options.email.slice(0, 254),
      ip: options.client.ip,
    });
    throw badRequest(ERROR.loginBadCredentials);
  }
  // The right password of a suspended or terminated agent: told why, given no session (ADR 28).
  const refusal = await sessionRefusal(db, user.id);
  if (refusal) {
    await resetRateLimit(db, pairKey);
    await audit(db, {
      action: 'login_refused',
      actorId: user.id,
      actorEmail: user.email,
      ip: options.client.ip,
    });
    throw forbidden(refusal);
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
  const refusal = await sessionRefusal(deps.database.db, user.id);
  if (refusal) {
    await revokeAllSessions(deps.database.db, user.id, 'agent suspended or terminated');
    throw forbidden(refusal);
  }
  return { session: result.session, user };
}
