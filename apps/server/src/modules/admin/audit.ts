import { type AdminOverview, type AgentStatus, type AuditCategory, auditActionsOf } from '@portal/shared';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accessCodes,
  agents,
  apiKeys,
  auditLog,
  groups,
  leads,
  outboxMessages,
  users,
} from '../../db/schema';
import { usableCodesCondition } from './access-codes';
import { escapeLike } from './agents';
import { type AuditNames, cappedCount, toAuditEntry } from './common';

const agentNameSql = sql<string>`coalesce(nullif(${agents.agent}, ''), nullif(trim(${agents.agentFirstName} || ' ' || ${agents.agentLastName}), ''), ${agents.agentEmail})`;

/**
 * The names of the people and records a page of entries refers to by id: entries written before
 * names were kept with them still read in words (the link goes by id either way).
 */
async function namesFor(db: Db, rows: (typeof auditLog.$inferSelect)[]): Promise<AuditNames> {
  const ids = (pick: (row: typeof auditLog.$inferSelect) => unknown) => [
    ...new Set(rows.map(pick).filter((id): id is string => typeof id === 'string' && UUID_TEXT.test(id))),
  ];
  const userIds = ids((r) => r.actorId).concat(ids((r) => (r.targetType === 'user' ? r.targetId : null)));
  const agentIds = ids((r) => (r.targetType === 'agent' ? r.targetId : null)).concat(
    ids((r) => r.details.agent_id),
  );
  const groupIds = ids((r) => (r.targetType === 'group' ? r.targetId : null));
  const keyIds = ids((r) => (r.targetType === 'api_key' ? r.targetId : null));
  const [u, a, g, k] = await Promise.all([
    userIds.length
      ? db
          .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})` })
          .from(users)
          .where(inArray(users.id, userIds))
      : [],
    agentIds.length
      ? db.select({ id: agents.id, name: agentNameSql }).from(agents).where(inArray(agents.id, agentIds))
      : [],
    groupIds.length
      ? db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, groupIds))
      : [],
    keyIds.length
      ? db.select({ id: apiKeys.id, name: apiKeys.name }).from(apiKeys).where(inArray(apiKeys.id, keyIds))
      : [],
  ]);
  const map = (list: { id: string; name: string }[]) => new Map(list.map((x) => [x.id, x.name]));
  return { users: map(u), agents: map(a), groups: map(g), apiKeys: map(k) };
}

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /admin/audit: newest first; the actor filter matches part of an e-mail; `category` keeps
 * one kind of entries (the office's actions, sign-ins, people's own actions: AUDIT_ACTIONS).
 */
export async function listAudit(
  db: Db,
  query: {
    actor?: string;
    action?: string;
    category?: AuditCategory;
    target_id?: string;
    skip: number;
    limit: number;
    order: 'asc' | 'desc';
  },
) {
  const direction = query.order === 'asc' ? asc : desc;
  const where: SQL[] = [];
  if (query.actor)
    where.push(sql`lower(${auditLog.actorEmail}) like ${`%${escapeLike(query.actor.toLowerCase())}%`}`);
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.category) where.push(inArray(auditLog.action, auditActionsOf(query.category)));
  if (query.target_id) where.push(eq(auditLog.targetId, query.target_id));
  const condition = where.length ? and(...where) : undefined;
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(direction(auditLog.createdAt), direction(auditLog.id))
      .limit(query.limit)
      .offset(query.skip),
    cappedCount(db, auditLog, condition),
  ]);
  const names = await namesFor(db, rows);
  return { items: rows.map((row) => toAuditEntry(row, names)), ...count };
}

/** The console's home figures, each from an index. */
export async function overview(db: Db): Promise<AdminOverview> {
  const [statuses, [unassigned], [today], outbox, [codes]] = await Promise.all([
    db
      .select({ status: agents.agentStatus, n: sql<number>`count(*)::int` })
      .from(agents)
      .groupBy(agents.agentStatus),
    db.select({ n: sql<number>`count(*)::int` }).from(leads).where(isNull(leads.agentId)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(leads)
      .where(sql`${leads.createdAt} >= date_trunc('day', now())`),
    db
      .select({ status: outboxMessages.status, n: sql<number>`count(*)::int` })
      .from(outboxMessages)
      .where(sql`${outboxMessages.status} in ('queued', 'failed')`)
      .groupBy(outboxMessages.status),
    db.select({ n: sql<number>`count(*)::int` }).from(accessCodes).where(usableCodesCondition),
  ]);
  const agentsByStatus = { onboarding: 0, active: 0, inactive: 0, suspended: 0, terminated: 0 } as Record<
    AgentStatus,
    number
  >;
  for (const row of statuses) agentsByStatus[row.status as AgentStatus] = Number(row.n);
  return {
    agents: agentsByStatus,
    unassigned_leads: Number(unassigned?.n ?? 0),
    leads_today: Number(today?.n ?? 0),
    messages_failed: Number(outbox.find((o) => o.status === 'failed')?.n ?? 0),
    messages_queued: Number(outbox.find((o) => o.status === 'queued')?.n ?? 0),
    access_codes_active: Number(codes?.n ?? 0),
  };
}
