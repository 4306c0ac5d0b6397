import type { AdminApiKey } from '@portal/shared';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ApiKeyRow, apiKeys, leads } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { createApiKey } from '../leads/api-keys';
import type { ConsoleActor } from './common';

const DAYS = 14;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The last DAYS calendar days (UTC), oldest first. */
function lastDays(now = new Date()): string[] {
  const days: string[] = [];
  for (let i = DAYS - 1; i >= 0; i--)
    days.push(new Date(now.getTime() - i * 86_400_000).toISOString().slice(0, 10));
  return days;
}

async function present(db: Db, rows: ApiKeyRow[]): Promise<AdminApiKey[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const days = lastDays();
  const [perDay, totals] = await Promise.all([
    db
      .select({
        keyId: leads.apiKeyId,
        day: sql<string>`to_char(${leads.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
        n: sql<number>`count(*)::int`,
      })
      .from(leads)
      .where(
        sql`${leads.apiKeyId} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and ${leads.createdAt} >= ${`${days[0]}T00:00:00Z`}::timestamptz`,
      )
      .groupBy(leads.apiKeyId, sql`2`),
    db
      .select({ keyId: leads.apiKeyId, n: sql<number>`count(*)::int` })
      .from(leads)
      .where(inArray(leads.apiKeyId, ids))
      .groupBy(leads.apiKeyId),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: iso(row.lastUsedAt),
    revoked_at: iso(row.revokedAt),
    last_error: row.lastError,
    last_error_at: iso(row.lastErrorAt),
    leads_per_day: days.map((day) => ({
      day,
      count: Number(perDay.find((p) => p.keyId === row.id && p.day === day)?.n ?? 0),
    })),
    total_leads: Number(totals.find((t) => t.keyId === row.id)?.n ?? 0),
  }));
}

export async function listApiKeys(db: Db) {
  // Live keys first, then revoked ones; newest first within each.
  const rows = await db
    .select()
    .from(apiKeys)
    .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt));
  return { items: await present(db, rows), total: rows.length };
}

export async function createClientKey(db: Db, name: string, actor: ConsoleActor) {
  return db.transaction(async (tx) => {
    // No index holds live names unique (a revoked key keeps its name): creates of one name wait
    // for each other here, so the second one sees the first and is told, never a second key.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-key-name:${name.toLowerCase()}`}))`);
    const [taken] = await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(sql`lower(${apiKeys.name}) = ${name.toLowerCase()} and ${apiKeys.revokedAt} is null`);
    if (taken)
      throw new AppError('conflict', `A live key named "${name}" already exists: choose another name`);
    const { key, row } = await createApiKey(tx, { name, createdBy: actor.id });
    await audit(tx, {
      action: 'admin_create_api_key',
      actorId: actor.id,
      actorEmail: actor.email,
      actorName: actor.name,
      targetName: name,
      targetType: 'api_key',
      targetId: row.id,
      details: { after: { name, prefix: row.prefix } },
      ip: actor.ip,
    });
    return { key, api_key: (await present(tx as unknown as Db, [row]))[0]! };
  });
}

export async function revokeClientKey(db: Db, id: string, actor: ConsoleActor) {
  if (!UUID.test(id)) throw notFound('API key not found');
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update');
    if (!row) throw notFound('API key not found');
    if (row.revokedAt) throw new AppError('conflict', `The key "${row.name}" is already revoked`);
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(eq(apiKeys.id, id))
      .returning();
    await audit(tx, {
      action: 'admin_revoke_api_key',
      actorId: actor.id,
      actorEmail: actor.email,
      actorName: actor.name,
      targetName: row.name,
      targetType: 'api_key',
      targetId: id,
      details: { before: { revoked: false }, after: { revoked: true }, name: row.name },
      ip: actor.ip,
    });
    return (await present(tx as unknown as Db, [revoked!]))[0]!;
  });
}
