import {
  CONTACT_KINDS,
  type LeadActivity,
  type LeadActivityInput,
  type LeadEvent,
  statusOfStage,
} from '@portal/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type LeadActivityRow, leadActivities, leadEvents, leads } from '../../db/schema';

/**
 * Activities: the calls, texts, e-mails, meetings and notes that work a lead, each with its
 * author (DESIGN.md section 10, ADR 60). The first call, text or e-mail sets the lead's first
 * contact, and a lead still `new` is then being pursued.
 */
export interface ActivityAuthor {
  actorType: 'user' | 'recipient';
  actorId: string | null;
  actorName: string;
}

export function toActivity(row: LeadActivityRow): LeadActivity {
  return {
    id: row.id,
    kind: row.kind,
    outcome: row.outcome ?? null,
    body: row.body,
    author: { name: row.actorName, role: row.actorType === 'user' ? 'agent' : 'recipient' },
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Writes the activity and what follows from it on the lead, in the caller's transaction. The
 * lead's row is locked first, so two first contacts logged at once move the stage once.
 */
export async function recordActivity(
  tx: Executor,
  leadId: string,
  author: ActivityAuthor,
  input: LeadActivityInput,
): Promise<LeadActivity> {
  const [lead] = await tx
    .select({ stage: leads.stage })
    .from(leads)
    .where(eq(leads.id, leadId))
    .for('update');
  const [row] = await tx
    .insert(leadActivities)
    .values({ leadId, kind: input.kind, outcome: input.outcome, body: input.body ?? '', ...author })
    .returning();
  const contact = CONTACT_KINDS.includes(input.kind);
  const pursued = contact && lead?.stage === 'new';
  // least() and greatest() skip nulls; they keep the earliest contact and the latest activity
  // when transactions that began in one order commit in the other.
  await tx
    .update(leads)
    .set({
      lastActivityAt: sql`greatest(${leads.lastActivityAt}, now())`,
      ...(contact ? { firstContactAt: sql`least(${leads.firstContactAt}, now())` } : {}),
      ...(pursued ? { stage: 'pursuing' as const, status: statusOfStage('pursuing') } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(leads.id, leadId));
  if (pursued) {
    await tx
      .insert(leadEvents)
      .values({ leadId, kind: 'stage_change', ...author, details: { from: 'new', to: 'pursuing' } });
  }
  return toActivity(row!);
}

/** A lead's activities, oldest first. */
export function activitiesOf(db: Executor, leadId: string): Promise<LeadActivityRow[]> {
  return db
    .select()
    .from(leadActivities)
    .where(eq(leadActivities.leadId, leadId))
    .orderBy(asc(leadActivities.createdAt));
}

/** An activity as a timeline entry (kind `activity`). */
export function activityEvent(row: LeadActivityRow): LeadEvent {
  return {
    id: row.id,
    kind: 'activity',
    actor_type: row.actorType,
    actor_name: row.actorName,
    details: {
      activity_id: row.id,
      kind: row.kind,
      outcome: row.outcome ?? null,
      body: row.body,
      author_role: row.actorType === 'user' ? 'agent' : 'recipient',
    },
    created_at: row.createdAt.toISOString(),
  };
}
