import { ERROR, type PasswordChange } from '@portal/shared';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import { rateLimits, sessionFamilies, users } from '../../db/schema';
import { passwordChangedMessage } from '../../emails/account';
import { audit } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import { AppError, badRequest } from '../../lib/errors';
import { addEmail, dispatch } from '../../lib/outbox';
import { enforceRateLimits } from '../../lib/rate-limit';
import { loginPairPrefix } from './login';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords';

export const PASSWORD_CHANGE_DETAIL = {
  wrongCurrent: 'Your current password is not correct.',
  noPassword: 'Your account has no password yet: use "Forgot your password?" on the sign-in page to set one.',
  same: 'Choose a new password that is different from your current one.',
} as const;

/**
 * POST /me/password: the current password, then a new one with the same rules
 * as everywhere. Every other session of the account ends (this one stays signed in), the
 * waits of failed sign-ins are cleared, and the owner gets an e-mail saying so, with the way
 * to take the account back if it was not them. Limited per account: the current password is
 * not guessed here either.
 */
export async function changePassword(
  deps: AppDeps,
  options: { userId: string; sessionId: string; change: PasswordChange; client: ClientInfo },
): Promise<void> {
  const { db } = deps.database;
  const { rateLimits: limits } = deps.config;
  await enforceRateLimits(db, [
    {
      key: `password-change:user:${options.userId}`,
      limit: limits.loginPerAccount,
      windowSeconds: limits.windowSeconds,
    },
  ]);
  const [user] = await db.select().from(users).where(eq(users.id, options.userId));
  if (!user?.isActive) throw new AppError('unauthorized', ERROR.notAuthenticated);
  if (!user.passwordHash) throw badRequest(PASSWORD_CHANGE_DETAIL.noPassword);
  if (!(await verifyPassword(user.passwordHash, options.change.current_password))) {
    await audit(db, {
      action: 'password_change_failed',
      actorId: user.id,
      actorEmail: user.email,
      ip: options.client.ip,
    });
    throw badRequest(PASSWORD_CHANGE_DETAIL.wrongCurrent);
  }
  if (options.change.new_password === options.change.current_password)
    throw badRequest(PASSWORD_CHANGE_DETAIL.same);
  assertAcceptablePassword(options.change.new_password);
  const passwordHash = await hashPassword(options.change.new_password);

  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    await tx
      .update(sessionFamilies)
      .set({ revokedAt: sql`now()`, revokedReason: 'password changed' })
      .where(
        and(
          eq(sessionFamilies.userId, user.id),
          isNull(sessionFamilies.revokedAt),
          ne(sessionFamilies.id, options.sessionId),
        ),
      );
    await tx.delete(rateLimits).where(sql`starts_with(${rateLimits.key}, ${loginPairPrefix(user.email)})`);
    await audit(tx, {
      action: 'password_changed',
      actorId: user.id,
      actorEmail: user.email,
      ip: options.client.ip,
    });
    return addEmail(tx, deps.config, {
      to: user.email,
      ...(await passwordChangedMessage(`${deps.config.publicUrl}/recovery`)),
    });
  });
  dispatch(deps.queue);
}
