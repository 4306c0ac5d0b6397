import { ERROR } from '@portal/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserAuth } from '../app-context';
import { preparedFor } from '../db/prepared';
import { agents, leadVersions, sessionFamilies, type UserRow, users } from '../db/schema';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { agentRecordStamp } from '../modules/agents/queries';
import { verifyAccessToken } from '../modules/auth/jwt';

const liveSession = () =>
  and(
    eq(users.id, sql.placeholder('userId')),
    eq(sessionFamilies.id, sql.placeholder('sessionId')),
    isNull(sessionFamilies.revokedAt),
    gt(sessionFamilies.expiresAt, sql`now()`),
  );

const authStatements = preparedFor((db) => ({
  /**
   * Who is asking, in one round trip: the user, its live session, its agent record's id and the
   * stamp of that agent's leads (the leads pages keep what they wrote for a stamp).
   */
  userWithLiveSession: db
    .select({ user: users, agentId: agents.id, leadsStamp: leadVersions.stamp })
    .from(users)
    .innerJoin(sessionFamilies, eq(sessionFamilies.userId, users.id))
    .leftJoin(agents, eq(agents.userId, users.id))
    .leftJoin(leadVersions, eq(leadVersions.agentId, agents.id))
    .where(liveSession())
    .prepare('auth_user_with_live_session'),
  /** The user and its live session alone (GET /me: two tables instead of four). */
  userAlone: db
    .select({ user: users })
    .from(users)
    .innerJoin(sessionFamilies, eq(sessionFamilies.userId, users.id))
    .where(liveSession())
    .prepare('auth_user_alone'),
  /** The same with the stamp of the agent record instead of the stamp of its leads (GET /portal/me). */
  userWithAgentStamp: db
    .select({ user: users, agentId: agents.id, agentStamp: agentRecordStamp })
    .from(users)
    .innerJoin(sessionFamilies, eq(sessionFamilies.userId, users.id))
    .leftJoin(agents, eq(agents.userId, users.id))
    .where(liveSession())
    .prepare('auth_user_with_agent_stamp'),
}));

/** The claims of the bearer token, or null without a valid one. */
async function bearerClaims(request: FastifyRequest) {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return verifyAccessToken(request.server.deps.config.jwtSecret, header.slice(7).trim());
}

/**
 * Resolves the bearer token on every call that needs a user. The user and the session are read
 * from the database each time, in one statement with the agent record's id, so a logout, a
 * deactivation or a role change takes effect on the very next request (SECURITY.md item 6).
 */
export async function authenticate(request: FastifyRequest): Promise<UserAuth | null> {
  if (request.auth) return request.auth;
  const claims = await bearerClaims(request);
  if (!claims) return null;
  const [row] = await authStatements(request.server.deps.database.db).userWithLiveSession.execute({
    userId: claims.sub,
    sessionId: claims.sid,
  });
  if (!row?.user.isActive) return null;
  request.auth = {
    kind: 'user',
    user: row.user,
    sessionId: claims.sid,
    agentId: row.agentId,
    leadsStamp: row.leadsStamp,
  };
  return request.auth;
}

export async function requireUser(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  const auth = await authenticate(request);
  if (!auth) throw new AppError('unauthorized', ERROR.notAuthenticated, { 'WWW-Authenticate': 'Bearer' });
}

/**
 * requireUser for GET /portal/me: the same checks in the same single statement, which also
 * answers the stamp of the user's agent record (null without one; see agentRecordStamp).
 */
export async function requireUserWithAgentStamp(request: FastifyRequest): Promise<string | null> {
  const claims = await bearerClaims(request);
  const [row] = claims
    ? await authStatements(request.server.deps.database.db).userWithAgentStamp.execute({
        userId: claims.sub,
        sessionId: claims.sid,
      })
    : [];
  if (!claims || !row || !row.user.isActive) {
    throw new AppError('unauthorized', ERROR.notAuthenticated, { 'WWW-Authenticate': 'Bearer' });
  }
  request.auth = {
    kind: 'user',
    user: row.user,
    sessionId: claims.sid,
    agentId: row.agentId,
    leadsStamp: null,
  };
  return row.agentStamp;
}

/**
 * requireUser for GET /me, which answers the user alone: the same checks, without reading the
 * agent record's id and leads stamp (request.auth is not set). Answers the user.
 */
export async function requireUserAlone(request: FastifyRequest): Promise<UserRow> {
  const claims = await bearerClaims(request);
  const [row] = claims
    ? await authStatements(request.server.deps.database.db).userAlone.execute({
        userId: claims.sub,
        sessionId: claims.sid,
      })
    : [];
  if (!row?.user.isActive) {
    throw new AppError('unauthorized', ERROR.notAuthenticated, { 'WWW-Authenticate': 'Bearer' });
  }
  return row.user;
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
