import {
  AGENT_ACCESS,
  type AgentStatus,
  ERROR,
  ROUTING_PROFILE_FIELDS,
  STATUS_MESSAGES,
  signInRefusal,
} from '@portal/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserAuth } from '../app-context';
import { preparedFor } from '../db/prepared';
import { agents, leadVersions, sessionFamilies, type UserRow, users } from '../db/schema';
import { agentRecordStamp } from '../db/stamps';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { verifyAccessToken } from '../lib/jwt';

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
    .select({
      user: users,
      agentId: agents.id,
      agentStatus: agents.agentStatus,
      leadsStamp: leadVersions.stamp,
    })
    .from(users)
    .innerJoin(sessionFamilies, eq(sessionFamilies.userId, users.id))
    .leftJoin(agents, eq(agents.userId, users.id))
    .leftJoin(leadVersions, eq(leadVersions.agentId, agents.id))
    .where(liveSession())
    .prepare('auth_user_with_live_session'),
  /** The user, its live session and its agent's status (GET /me: three tables instead of four). */
  userAlone: db
    .select({ user: users, agentStatus: agents.agentStatus })
    .from(users)
    .innerJoin(sessionFamilies, eq(sessionFamilies.userId, users.id))
    .leftJoin(agents, eq(agents.userId, users.id))
    .where(liveSession())
    .prepare('auth_user_alone'),
  /** The same with the stamp of the agent record instead of the stamp of its leads (GET /portal/me). */
  userWithAgentStamp: db
    .select({
      user: users,
      agentId: agents.id,
      agentStatus: agents.agentStatus,
      agentStamp: agentRecordStamp,
    })
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
 * A suspended or terminated agent has no session (ADR 28): their sessions end when the status
 * is set, and a session that outlived it (a status set in the database by hand) is refused here
 * with the words that tell them to contact the office.
 */
function refuseBlockedAgent(agentStatus: string | null): void {
  const refusal = signInRefusal(agentStatus);
  if (refusal) throw forbidden(refusal);
}

/**
 * Resolves the bearer token on every call that needs a user. The user, the session and the
 * agent's status are read from the database each time, in one statement with the agent record's
 * id, so a logout, a deactivation, a role change or an agent's suspension takes effect on the
 * very next request (SECURITY.md items 6 and 25).
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
  refuseBlockedAgent(row.agentStatus);
  request.auth = {
    kind: 'user',
    user: row.user,
    sessionId: claims.sid,
    agentId: row.agentId,
    agentStatus: row.agentStatus,
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
  refuseBlockedAgent(row.agentStatus);
  request.auth = {
    kind: 'user',
    user: row.user,
    sessionId: claims.sid,
    agentId: row.agentId,
    agentStatus: row.agentStatus,
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
  refuseBlockedAgent(row.agentStatus);
  return row.user;
}

/** The signed-in agent's status allows this, or 403 saying why (ADR 28). */
function agentMay(request: FastifyRequest, what: 'sendEmail' | 'changeRouting'): boolean {
  const status = request.auth?.agentStatus as AgentStatus | null | undefined;
  return !status || AGENT_ACCESS[status][what];
}

/** requireUser, and an inactive agent may not send e-mail from the portal. */
export async function requireMaySendEmail(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!agentMay(request, 'sendEmail')) throw forbidden(STATUS_MESSAGES.inactiveSendEmail);
}

/** requireUser, and an inactive agent may not change who receives their leads. */
export async function requireMayChangeRouting(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!agentMay(request, 'changeRouting')) throw forbidden(STATUS_MESSAGES.inactiveRouting);
}

/**
 * requireUser for the agent-profile PATCH: an inactive agent may change their profile but not
 * the fields that route leads (service area, lead types, CRM copy, sub-agents).
 */
export async function requireProfilePatchAllowed(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (agentMay(request, 'changeRouting')) return;
  const body = request.body;
  if (body === null || typeof body !== 'object') return;
  const routing = ROUTING_PROFILE_FIELDS.filter((field) => field in body);
  if (routing.length > 0) {
    throw forbidden(`${STATUS_MESSAGES.inactiveRouting} (${routing.join(', ')})`);
  }
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
