import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { type ApiKeyRow, apiKeys } from '../../db/schema';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto';
import { type RateLimitResult, rateLimitHits, readHits, spreadHits } from '../../lib/rate-limit';
import { Together } from '../../lib/together';

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

/** A live key and where its request stands in the key's count for this minute. */
export interface AdmittedKey {
  key: ApiKeyRow;
  rate: RateLimitResult;
}

/** The intake's per-key limit counts requests per minute (config.rateLimits.intakePerKeyPerMinute). */
const INTAKE_WINDOW_SECONDS = 60;

const admissions = new WeakMap<Db, Together<number, AdmittedKey | null>>();

/**
 * verifyApiKey and the key's per-minute count (SECURITY.md item 20) in one statement, for the
 * intake's requests (ADR 45). The requests that present the same key while its statement runs
 * go together in the next one, which counts them all and tells each its own place in the count:
 * under load every request counted on one row, each waiting for the one before to commit. Only
 * a key whose whole hash matches is counted, so a leaked prefix cannot spend a client's quota;
 * the hash is compared in SQL, where timing could only tell how much of the stored hash matches
 * the hash of what was presented, which does not help to find a key. Null: unknown, malformed
 * or revoked, and nothing counted.
 */
export async function admitApiKey(
  db: Db,
  presented: string | undefined,
  limit: number,
): Promise<AdmittedKey | null> {
  const key = presented?.trim() ?? '';
  if (!KEY_PATTERN.test(key)) return null;
  let together = admissions.get(db);
  if (!together) {
    together = new Together((text, limits) => admitTogether(db, text, limits));
    admissions.set(db, together);
  }
  return together.submit(key, limit);
}

async function admitTogether(db: Db, presented: string, limits: number[]): Promise<(AdmittedKey | null)[]> {
  const prefix = KEY_PATTERN.exec(presented)![1]!;
  const { rows } = (await db.execute(sql`
    with k as (
      select * from ${apiKeys}
      where prefix = ${prefix} and revoked_at is null and key_hash = ${sha256(presented)}
    ), hit as (${rateLimitHits(sql`'intake:key:' || k.id`, limits.length, INTAKE_WINDOW_SECONDS, sql`from k`)}),
    -- A counter need not outlive a crash: this statement's commit does not wait for the log's
    -- flush (ADR 70), so a round of admissions is not held up behind the intake's commits.
    quick as (select set_config('synchronous_commit', 'off', true))
    select k.id, k.name, k.prefix, k.key_hash, k.created_by, k.created_at, k.last_used_at,
      k.revoked_at, k.last_error, k.last_error_at, hit.count, hit.retry_after
    from k, hit, quick`)) as unknown as { rows: Record<string, unknown>[] };
  const row = rows[0];
  if (!row) return limits.map(() => null);
  const at = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
  const key: ApiKeyRow = {
    id: row.id as string,
    name: row.name as string,
    prefix: row.prefix as string,
    keyHash: row.key_hash as string,
    createdBy: (row.created_by as string | null) ?? null,
    createdAt: at(row.created_at)!,
    lastUsedAt: at(row.last_used_at),
    revokedAt: at(row.revoked_at),
    lastError: (row.last_error as string | null) ?? null,
    lastErrorAt: at(row.last_error_at),
  };
  const total = readHits(row as { count: number; retry_after: number }, limits.length, INTAKE_WINDOW_SECONDS);
  return spreadHits(
    total,
    limits.length,
    limits.reduce((low, limit) => Math.min(low, limit)),
  ).map((rate) => ({ key, rate }));
}

export const REVOKED_KEY_REFUSAL = '401 Refused: the key was revoked';

/**
 * A refused call made with a revoked key, on that key's row (the console shows it as the key's
 * last error, with its time), so the office sees a client still sending with a key it revoked.
 * Only the whole key counts (a prefix alone says nothing); a client calling in a loop writes at
 * most once every 10 seconds.
 */
export async function noteRevokedKeyCall(db: Executor, presented: string | undefined): Promise<void> {
  const key = presented?.trim() ?? '';
  const match = KEY_PATTERN.exec(key);
  if (!match) return;
  await db
    .update(apiKeys)
    .set({ lastError: REVOKED_KEY_REFUSAL, lastErrorAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.prefix, match[1]!),
        sql`${apiKeys.revokedAt} is not null`,
        eq(apiKeys.keyHash, sha256(key)),
        sql`(${apiKeys.lastError} is distinct from ${REVOKED_KEY_REFUSAL} or ${apiKeys.lastErrorAt} < now() - interval '10 seconds')`,
      ),
    );
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
