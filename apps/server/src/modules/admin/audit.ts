import type { AdminOverview, AgentStatus } from '@portal/shared';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accessCodes, agents, auditLog, leads, outboxMessages } from '../../db/schema';
import { usableCodesCondition } from './access-codes';
import { escapeLike } from './agents';
import { cappedCount, toAuditEntry } from './common';

/** GET /admin/audit: newest first; the actor filter matches part of an e-mail. */
export async function listAudit(
  db: Db,
  query: {
    actor?: string;
    action?: string;
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
  return { items: rows.map(toAuditEntry), ...count };
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
