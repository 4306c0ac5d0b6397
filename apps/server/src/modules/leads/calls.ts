import type { CallEventInput } from '@portal/shared';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ApiKeyRow, agents, callEvents, leadEvents, leads } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { refreshAgentStats } from './stats';

/**
 * POST /api/v1/calls: a call answered or missed, for a lead or an agent's tracking number. It
 * feeds `answer_rate`; a call about a lead also goes on the lead's timeline. Idempotent by
 * (source, external_id).
 */
export async function recordCall(
  db: Db,
  apiKey: ApiKeyRow,
  input: CallEventInput,
): Promise<{ status: 200 | 201; id: string; agent_id: string; lead_id: string | null }> {
  const source = input.source ?? apiKey.name;
  return db.transaction(async (tx) => {
    let agentId: string | null = null;
    let leadId: string | null = null;
    if (input.lead_id) {
      const [lead] = await tx
        .select({ id: leads.id, agentId: leads.agentId })
        .from(leads)
        .where(eq(leads.id, input.lead_id));
      if (!lead?.agentId) throw notFound(`No assigned lead has the id ${input.lead_id}`);
      agentId = lead.agentId;
      leadId = lead.id;
    } else if (input.tracking_number) {
      const number = input.tracking_number;
      const [agent] = await tx
        .select({ id: agents.id })
        .from(agents)
        .where(
          or(
            eq(agents.agentTrackingPhoneNumber, number),
            sql`${agents.additionalTrackingPhoneNumbers} @> ${JSON.stringify([number])}::jsonb`,
          ),
        )
        .limit(1);
      if (!agent) throw notFound(`No agent has the tracking number ${number}`);
      agentId = agent.id;
    }
    const [row] = await tx
      .insert(callEvents)
      .values({
        agentId: agentId!,
        leadId,
        trackingNumber: input.tracking_number || null,
        outcome: input.outcome,
        durationSeconds: input.duration_seconds ?? null,
        source,
        externalId: input.external_id ?? null,
        occurredAt: input.occurred_at ? new Date(input.occurred_at) : new Date(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const [existing] = await tx
        .select()
        .from(callEvents)
        .where(and(eq(callEvents.source, source), eq(callEvents.externalId, input.external_id!)));
      return {
        status: 200 as const,
        id: existing!.id,
        agent_id: existing!.agentId,
        lead_id: existing!.leadId,
      };
    }
    if (leadId) {
      await tx.insert(leadEvents).values({
        leadId,
        kind: 'call',
        actorType: 'api',
        actorName: apiKey.name,
        details: { outcome: input.outcome, duration_seconds: input.duration_seconds ?? null },
        createdAt: row.occurredAt,
      });
    }
    await refreshAgentStats(tx, agentId!);
    return { status: 201 as const, id: row.id, agent_id: row.agentId, lead_id: row.leadId };
  });
}
