import { ERROR } from '@portal/shared';
import { and, eq, gt, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { agents, refreshTokens, sessionFamilies, type UploadRow, type UserRow, users } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import { authenticate } from '../../plugins/auth';
import { readRefreshCookie } from '../auth/cookies';

/** How long the signed link a file's redirect points at lives (S3 and other stores that sign). */
export const DOWNLOAD_LINK_SECONDS = 300;
/**
 * How long a browser may keep that redirect: less than the link lives, by a minute for the time
 * the answer takes and for clocks that differ (ADR 31).
 */
export const DOWNLOAD_REDIRECT_MAX_AGE_SECONDS = DOWNLOAD_LINK_SECONDS - 60;

/**
 * Who is asking for a file: the bearer token's user (API clients), else the user of the live
 * session whose refresh cookie the browser sends with an <img> or <video> request (the cookie is
 * scoped to the API, httpOnly, SameSite=Lax). Reading a file never rotates the token.
 */
async function fileViewer(request: FastifyRequest): Promise<UserRow | null> {
  // An outage or a refused bearer reads as no bearer; a suspended agent's is refused as everywhere.
  const bearer = await authenticate(request).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 403) throw error;
    return null;
  });
  if (bearer?.kind === 'user') return bearer.user;
  const token = readRefreshCookie(request);
  if (!token) return null;
  const [row] = await request.server.deps.database.db
    .select({ user: users })
    .from(refreshTokens)
    .innerJoin(sessionFamilies, eq(sessionFamilies.id, refreshTokens.familyId))
    .innerJoin(users, eq(users.id, sessionFamilies.userId))
    .leftJoin(agents, eq(agents.userId, users.id))
    .where(
      and(
        eq(refreshTokens.tokenHash, sha256(token)),
        // The family's newest token (a request already on its way during a rotation gets a minute).
        or(isNull(refreshTokens.rotatedAt), gt(refreshTokens.rotatedAt, sql`now() - interval '60 seconds'`)),
        isNull(sessionFamilies.revokedAt),
        gt(sessionFamilies.expiresAt, sql`now()`),
        eq(users.isActive, true),
        // A suspended or terminated agent has no session (ADR 28).
        or(isNull(agents.agentStatus), notInArray(agents.agentStatus, ['suspended', 'terminated'])),
      ),
    );
  return row?.user ?? null;
}

/**
 * A stored file (a headshot, an E&O certificate) is private. Its owner, the
 * agent it belongs to, the agent's office (corporate user), a manager of one of the agent's
 * groups and superusers may read it; anyone else gets 404 (as for any id that is not theirs),
 * and a request with no session at all 401. Storage providers then hand out a 5-minute URL.
 */
export async function requireFileAccess(request: FastifyRequest, upload: UploadRow): Promise<void> {
  const viewer = await fileViewer(request);
  if (!viewer) throw new AppError('unauthorized', ERROR.notAuthenticated);
  if (viewer.isSuperuser || upload.userId === viewer.id) return;
  if (upload.agentId) {
    const [allowed] = (
      (await request.server.deps.database.db.execute(sql`
        select 1 as ok from agents a
        where a.id = ${upload.agentId} and (
          a.user_id = ${viewer.id}
          or a.corporate_user_id = ${viewer.id}
          or exists (
            select 1 from group_memberships member
            join group_memberships manager on manager.group_id = member.group_id and manager.is_manager
            join agents m on m.id = manager.agent_id
            where member.agent_id = a.id and m.user_id = ${viewer.id}))`)) as unknown as {
        rows: { ok: number }[];
      }
    ).rows;
    if (allowed) return;
  }
  throw notFound('File not found');
}
