import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ApiKeyRow, apiKeys } from '../../db/schema';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto';

/**
 * Lead-intake API keys: `lpk_<prefix>_<secret>`. The prefix finds the row; only the SHA-256 of
 * the whole key is stored, compared in constant time. Shown once, when created.
 */
const KEY_PATTERN = /^lpk_([A-Za-z0-9]{10})_([A-Za-z0-9_-]{43})$/;

export async function createApiKey(
  db: Executor,
  options: { name: string; createdBy?: string | null },
): Promise<{ key: string; row: ApiKeyRow }> {
  const prefix = randomToken(16)
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 10)
    .padEnd(10, '0');
  const key = `lpk_${prefix}_${randomToken(32)}`;
  const [row] = await db
    .insert(apiKeys)
    .values({ name: options.name, prefix, keyHash: sha256(key), createdBy: options.createdBy ?? null })
    .returning();
  return { key, row: row! };
}

/** The live key row for a presented key, or null (unknown, malformed, revoked). */
export async function verifyApiKey(db: Executor, presented: string | undefined): Promise<ApiKeyRow | null> {
  const match = presented ? KEY_PATTERN.exec(presented.trim()) : null;
  if (!match) return null;
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.prefix, match[1]!), isNull(apiKeys.revokedAt)));
  if (!row || !safeEqual(row.keyHash, sha256(presented!.trim()))) return null;
  return row;
}

/** Marks a key used, at most once a minute (no write per request under load). */
export async function touchApiKey(db: Executor, row: ApiKeyRow): Promise<void> {
  if (row.lastUsedAt && Date.now() - row.lastUsedAt.getTime() < 60_000) return;
  await db.update(apiKeys).set({ lastUsedAt: sql`now()` }).where(eq(apiKeys.id, row.id));
}

export async function revokeApiKey(db: Executor, nameOrPrefix: string): Promise<ApiKeyRow[]> {
  return db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        isNull(apiKeys.revokedAt),
        sql`(${apiKeys.name} = ${nameOrPrefix} or ${apiKeys.prefix} = ${nameOrPrefix})`,
      ),
    )
    .returning();
}
