import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { oneTimeTokens, users } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { signLinkToken, verifyLinkToken } from '../../lib/jwt';

export const LINK_TYPES = [
  'verify_email',
  'password_reset',
  'default_login',
  'recipient_login',
  'corporate_login',
  'registration',
  'recipient_confirm',
] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/**
 * Issues a single-use link token: a signed JWT whose id and hash are recorded. A new token
 * for the same purpose and subject revokes the earlier ones (SECURITY.md items 9-10).
 */
export async function issueLinkToken(
  db: Executor,
  options: { secret: string; type: LinkType; subject: string; userId: string | null; ttlSeconds: number },
): Promise<string> {
  const id = randomUUID();
  const token = await signLinkToken(
    options.secret,
    { jti: id, type: options.type, sub: options.subject },
    options.ttlSeconds,
  );
  // One live link per subject and type: two issues at once (two requests, two workers) wait for
  // each other here, so the second revokes the first. Callers issue inside a transaction.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`link:${options.type}:${options.subject}`}))`);
  await db
    .update(oneTimeTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.type, options.type),
        eq(oneTimeTokens.subject, options.subject),
        isNull(oneTimeTokens.usedAt),
        isNull(oneTimeTokens.revokedAt),
      ),
    );
  await db.insert(oneTimeTokens).values({
    id,
    type: options.type,
    subject: options.subject,
    userId: options.userId,
    tokenHash: sha256(token),
    expiresAt: sql`now() + make_interval(secs => ${options.ttlSeconds})`,
  });
  return token;
}

export type ConsumeResult =
  | { ok: true; subject: string; userId: string | null }
  | { ok: false; reason: 'invalid' | 'expired' | 'wrong_type' | 'used' };

/**
 * Spends a link token. The conditional UPDATE makes two concurrent uses race on one row:
 * exactly one of them gets it back.
 */
export async function consumeLinkToken(
  db: Executor,
  options: { secret: string; token: string; types: readonly LinkType[] },
): Promise<ConsumeResult> {
  const verified = await verifyLinkToken(options.secret, options.token);
  if (!verified.ok) return { ok: false, reason: verified.reason };
  if (!(options.types as readonly string[]).includes(verified.claims.type))
    return { ok: false, reason: 'wrong_type' };
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.id, verified.claims.jti),
        eq(oneTimeTokens.tokenHash, sha256(options.token)),
        eq(oneTimeTokens.type, verified.claims.type),
        isNull(oneTimeTokens.usedAt),
        isNull(oneTimeTokens.revokedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ subject: oneTimeTokens.subject, userId: oneTimeTokens.userId });
  if (!row) return { ok: false, reason: 'used' };
  return { ok: true, subject: row.subject, userId: row.userId };
}
