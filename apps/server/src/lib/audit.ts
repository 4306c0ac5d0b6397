import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  actorId?: string | null;
  actorEmail?: string | null;
  /** Who acted and what it was done to, by name: kept in the details, so they read well later. */
  actorName?: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  targetName?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/**
 * One audit row. The action is one of AUDIT_ACTIONS (packages/shared), whose sentence reads the
 * names stored here (`actor_name`, `target_name`, `agent_id`/`agent_name`, ...).
 */
export async function audit(db: Executor, entry: AuditEntry): Promise<void> {
  const names = {
    ...(entry.actorName ? { actor_name: entry.actorName } : {}),
    ...(entry.targetName ? { target_name: entry.targetName } : {}),
  };
  await db.insert(auditLog).values({
    actorId: entry.actorId ?? null,
    actorEmail: entry.actorEmail ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: { ...names, ...entry.details },
    ip: entry.ip ?? null,
  });
}
