import type { AdminRetention, RetentionCounts } from '@portal/shared';
import { type AnyColumn, desc, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { retentionRuns } from '../../db/schema';

/** GET /admin/retention: the last finished clean-up, and what those of the last 30 days removed. */
export async function retentionFigures(db: Db): Promise<AdminRetention> {
  const sum = (column: AnyColumn) => sql<number>`coalesce(sum(${column}), 0)::int`;
  const [[last], [month]] = await Promise.all([
    db
      .select()
      .from(retentionRuns)
      .where(isNotNull(retentionRuns.finishedAt))
      .orderBy(desc(retentionRuns.finishedAt))
      .limit(1),
    db
      .select({
        tokens: sum(retentionRuns.tokens),
        sessions: sum(retentionRuns.sessions),
        rate_limits: sum(retentionRuns.rateLimits),
        message_bodies: sum(retentionRuns.messageBodies),
        audit_rows: sum(retentionRuns.auditRows),
      })
      .from(retentionRuns)
      .where(sql`${retentionRuns.finishedAt} > now() - make_interval(days => 30)`),
  ]);
  const lastRun: RetentionCounts | null = last
    ? {
        tokens: last.tokens,
        sessions: last.sessions,
        rate_limits: last.rateLimits,
        message_bodies: last.messageBodies,
        audit_rows: last.auditRows,
      }
    : null;
  return {
    last_run_at: last?.finishedAt?.toISOString() ?? null,
    last_run: lastRun,
    last_30_days: {
      tokens: Number(month?.tokens ?? 0),
      sessions: Number(month?.sessions ?? 0),
      rate_limits: Number(month?.rate_limits ?? 0),
      message_bodies: Number(month?.message_bodies ?? 0),
      audit_rows: Number(month?.audit_rows ?? 0),
    },
  };
}
