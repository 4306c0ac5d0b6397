import { ERROR } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import { rateLimits, type UserRow, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, badRequest } from '../../lib/errors';
import { enforceRateLimits, resetRateLimit } from '../../lib/rate-limit';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { type IssuedSession, revokeAllSessions, rotateRefreshToken, startSession } from './sessions';
import { type ClientInfo, findUserByEmail } from './users';

const loginKeys = (deps: AppDeps, email: string, ip: string) => {
  const { rateLimits: limits } = deps.config;
  return [
    {
      key: `login:account:${email.trim().toLowerCase()}`,
      limit: limits.loginPerAccount,
      windowSeconds: limits.windowSeconds,
    },
    { key: `login:ip:${ip}`, limit: limits.loginPerIp, windowSeconds: limits.windowSeconds },
  ];
};

/** POST /login. Unknown e-mail and wrong password look the same, in status, body and time. */
export async function login(
  deps: AppDeps,
  options: { email: string; password: string; client: ClientInfo },
): Promise<{ session: IssuedSession; user: UserRow }> {
  const { db } = deps.database;
  const keys = loginKeys(deps, options.email, options.client.ip);
  await enforceRateLimits(db, keys);

  const user = await findUserByEmail(db, options.email);
  let valid = false;
  if (user?.passwordHash) valid = await verifyPassword(user.passwordHash, options.password);
  else await burnPasswordCheck(options.password);
  if (!user || !valid || !user.isActive) {
    await audit(db, {
      action: 'login_failed',
      actorEmail: options.email.slice(0, 254),
      ip: options.client.ip,
    });
    throw badRequest(ERROR.loginBadCredentials);
  }

  return db.transaction(async (tx) => {
    // A success clears the account's count and gives back the attempt it took from the address.
    await resetRateLimit(tx, keys[0]!.key);
    await tx
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(eq(rateLimits.key, keys[1]!.key));
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
