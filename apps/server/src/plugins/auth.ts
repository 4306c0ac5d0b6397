import { ERROR } from '@portal/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserAuth } from '../app-context';
import { preparedFor } from '../db/prepared';
import { sessionFamilies, users } from '../db/schema';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { verifyAccessToken } from '../modules/auth/jwt';

const authStatements = preparedFor((db) => ({
  userWithLiveSession: db
    .select({ user: users })
    .from(users)
    .innerJoin(sessionFamilies, eq(sessionFamilies.userId, users.id))
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        eq(sessionFamilies.id, sql.placeholder('sessionId')),
        isNull(sessionFamilies.revokedAt),
        gt(sessionFamilies.expiresAt, sql`now()`),
      ),
    )
    .prepare('auth_user_with_live_session'),
}));

/**
 * Resolves the bearer token on every call that needs a user. The user and the session are read
 * from the database each time, so a logout, a deactivation or a role change takes effect on the
 * very next request (SECURITY.md item 6).
 */
export async function authenticate(request: FastifyRequest): Promise<UserAuth | null> {
  if (request.auth) return request.auth;
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const { config, database } = request.server.deps;
  const claims = await verifyAccessToken(config.jwtSecret, header.slice(7).trim());
  if (!claims) return null;
  const [row] = await authStatements(database.db).userWithLiveSession.execute({
    userId: claims.sub,
    sessionId: claims.sid,
  });
  if (!row || !row.user.isActive) return null;
  request.auth = { kind: 'user', user: row.user, sessionId: claims.sid };
  return request.auth;
}

export async function requireUser(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  const auth = await authenticate(request);
  if (!auth) throw new AppError('unauthorized', ERROR.notAuthenticated, { 'WWW-Authenticate': 'Bearer' });
}

export async function requireSuperuser(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!request.auth!.user.isSuperuser) throw forbidden(ERROR.forbidden);
}

export function currentUser(request: FastifyRequest) {
  if (!request.auth) throw unauthorized(ERROR.notAuthenticated);
  return request.auth.user;
}

/**
 * Cookie-authenticated endpoints refuse cross-site requests (SECURITY.md item 8): browsers say
 * where a request comes from in Sec-Fetch-Site, or at least in Origin.
 */
export async function requireSameSite(request: FastifyRequest): Promise<void> {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') {
    if (site !== 'same-origin' && site !== 'none') throw forbidden('Cross-site request refused');
    return;
  }
  const origin = request.headers.origin;
  if (typeof origin === 'string' && !request.server.deps.config.allowedOrigins.includes(origin)) {
    throw forbidden('Cross-site request refused');
  }
}
