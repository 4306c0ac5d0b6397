import { signInRefusal, TOKEN_TTL_SECONDS } from '@portal/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { agents, refreshTokens, sessionFamilies } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';
import { forbidden } from '../../lib/errors';
import { signAccessToken } from '../../lib/jwt';

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  familyId: string;
}

/**
 * Why this user may not have a session, or null: a suspended or terminated agent (ADR 28). Every
 * way in (password, magic link, registration link, refresh) asks it.
 */
export async function sessionRefusal(db: Executor, userId: string): Promise<string | null> {
  const [agent] = await db
    .select({ status: agents.agentStatus })
    .from(agents)
    .where(eq(agents.userId, userId));
  return signInRefusal(agent?.status);
}

/**
 * Starts a session: a new refresh-token family and its first token. A suspended or terminated
 * agent gets none (403 with the words that tell them to contact the office).
 */
export async function startSession(
  db: Executor,
  options: { jwtSecret: string; userId: string; ip?: string; userAgent?: string },
): Promise<IssuedSession> {
  const refusal = await sessionRefusal(db, options.userId);
  if (refusal) throw forbidden(refusal);
  const [family] = await db
    .insert(sessionFamilies)
    .values({
      userId: options.userId,
      expiresAt: sql`now() + make_interval(secs => ${TOKEN_TTL_SECONDS.refresh})`,
      ip: options.ip ?? null,
      userAgent: options.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessionFamilies.id });
  const refreshToken = randomToken();
  await db.insert(refreshTokens).values({ tokenHash: sha256(refreshToken), familyId: family!.id });
  const accessToken = await signAccessToken(
    options.jwtSecret,
    { sub: options.userId, sid: family!.id },
    TOKEN_TTL_SECONDS.access,
  );
  return { accessToken, refreshToken, familyId: family!.id };
}

export type RotateResult =
  | { ok: true; session: IssuedSession; userId: string }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'reused' };

/**
 * Rotates a refresh token in one transaction: the old one is marked rotated and a new one
 * issued, or nothing changes. A token that was already rotated is a sign of theft: the whole
 * family is revoked (SECURITY.md item 5).
 */
export async function rotateRefreshToken(
  database: Database,
  options: { jwtSecret: string; refreshToken: string },
): Promise<RotateResult> {
  const tokenHash = sha256(options.refreshToken);
  const outcome = await database.db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        familyId: refreshTokens.familyId,
        rotatedAt: refreshTokens.rotatedAt,
        userId: sessionFamilies.userId,
        revokedAt: sessionFamilies.revokedAt,
        expired: sql<boolean>`${sessionFamilies.expiresAt} <= now()`,
      })
      .from(refreshTokens)
      .innerJoin(sessionFamilies, eq(sessionFamilies.id, refreshTokens.familyId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .for('update');
    if (!current) return { ok: false as const, reason: 'unknown' as const };
    if (current.revokedAt) return { ok: false as const, reason: 'revoked' as const };
    if (current.expired) return { ok: false as const, reason: 'expired' as const };

    const [rotated] = await tx
      .update(refreshTokens)
      .set({ rotatedAt: sql`now()` })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt)))
      .returning({ familyId: refreshTokens.familyId });
    if (!rotated) return { ok: false as const, reason: 'reused' as const, familyId: current.familyId };

    const refreshToken = randomToken();
    await tx.insert(refreshTokens).values({ tokenHash: sha256(refreshToken), familyId: current.familyId });
    await tx
      .update(sessionFamilies)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(sessionFamilies.id, current.familyId));
    return { ok: true as const, refreshToken, familyId: current.familyId, userId: current.userId };
  });

  if (!outcome.ok) {
    if (outcome.reason === 'reused' && 'familyId' in outcome) {
      await revokeFamily(database.db, outcome.familyId, 'refresh token reused');
    }
    return { ok: false, reason: outcome.reason };
  }
  const accessToken = await signAccessToken(
    options.jwtSecret,
    { sub: outcome.userId, sid: outcome.familyId },
    TOKEN_TTL_SECONDS.access,
  );
  return {
    ok: true,
    userId: outcome.userId,
    session: { accessToken, refreshToken: outcome.refreshToken, familyId: outcome.familyId },
  };
}

export async function revokeFamily(db: Executor, familyId: string, reason: string): Promise<void> {
  await db
    .update(sessionFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessionFamilies.id, familyId), isNull(sessionFamilies.revokedAt)));
}

export async function revokeAllSessions(db: Executor, userId: string, reason: string): Promise<void> {
  await db
    .update(sessionFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)));
}

/** Finds the family a refresh token belongs to, rotated or not (logout uses it). */
export async function familyOfRefreshToken(db: Executor, refreshToken: string): Promise<string | null> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
  return row?.familyId ?? null;
}
