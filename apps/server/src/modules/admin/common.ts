import type { AuditEntry } from '@portal/shared';
import { auditSentence, COUNT_CAP, ERROR } from '@portal/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { auditLog } from '../../db/schema';
import { clientInfo } from '../../lib/client-info';
import { forbidden } from '../../lib/errors';
import { throttleSending } from '../../lib/rate-limit';
import { currentUser, requireSuperuser } from '../../plugins/auth';
import { RECIPIENT_HEADER, requireRecipient } from '../recipients/sessions';

/** The superuser acting in the console: named in audit rows and in lead routing reasons. */
export interface ConsoleActor {
  id: string;
  email: string;
  name: string;
  ip: string | null;
}

export function consoleActor(request: FastifyRequest): ConsoleActor {
  const user = currentUser(request);
  return { id: user.id, email: user.email, name: user.name || user.email, ip: clientInfo(request).ip };
}

/** Console actions that make the portal send: per superuser and per target (ADR 18). */
export async function throttleConsoleSend(request: FastifyRequest, what: string, target: string) {
  const { database, config } = request.server.deps;
  await throttleSending(
    database.db,
    `console:${what}`,
    { account: currentUser(request).id, target },
    {
      perAccount: config.rateLimits.consoleSendPerAccount,
      perTarget: config.rateLimits.consoleSendPerTarget,
    },
  );
}

/** Names found when listing, for entries written before names were kept with them. */
export interface AuditNames {
  users: Map<string, string>;
  agents: Map<string, string>;
  groups: Map<string, string>;
  apiKeys: Map<string, string>;
}

const stored = (details: Record<string, unknown>, key: string) =>
  typeof details[key] === 'string' && details[key] ? (details[key] as string) : null;

/** An audit row as the API answers it: with its names and its sentence (AUDIT_ACTIONS). */
export function toAuditEntry(row: typeof auditLog.$inferSelect, names?: AuditNames): AuditEntry {
  const details = { ...row.details };
  const found = (type: string | null, id: string | null) => {
    if (!names || !id) return null;
    if (type === 'agent') return names.agents.get(id) ?? null;
    if (type === 'group') return names.groups.get(id) ?? null;
    if (type === 'user') return names.users.get(id) ?? null;
    if (type === 'api_key') return names.apiKeys.get(id) ?? null;
    return null;
  };
  const agentId = stored(details, 'agent_id');
  if (agentId && !stored(details, 'agent_name') && names?.agents.has(agentId))
    details.agent_name = names.agents.get(agentId);
  const entry = {
    id: row.id,
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    actor_name: stored(details, 'actor_name') ?? found('user', row.actorId),
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    target_name: stored(details, 'target_name') ?? found(row.targetType, row.targetId),
    details,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
  };
  return { ...entry, summary: auditSentence(entry) };
}

/**
 * Superusers only. A signed-in recipient (its session header, no bearer token) is known and
 * refused (403), like any other signed-in person who is not a superuser.
 */
export async function requireConsoleUser(request: FastifyRequest): Promise<void> {
  if (!request.headers.authorization && request.headers[RECIPIENT_HEADER]) {
    await requireRecipient(request);
    throw forbidden(ERROR.forbidden);
  }
  await requireSuperuser(request);
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * How many rows a long list (leads, messages, audit) holds, counted up to COUNT_CAP: counting
 * every one of a million leads on each page would cost more than the page itself.
 */
export async function cappedCount(db: Db, table: PgTable, condition: SQL | undefined) {
  const page = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(condition)
    .limit(COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(page);
  const n = Number(row?.n ?? 0);
  return n > COUNT_CAP ? { total: COUNT_CAP, total_exact: false } : { total: n, total_exact: true };
}
