import type { Lead, LeadIntake } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Executor } from '../../db/client';
import { leadEvents, leads } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { dispatchSafely } from '../../lib/outbox';
import { type DeliveryPerson, queueLeadDeliveries } from './delivery';
import { decideRouting } from './routing';
import { searchTextOf, toLead } from './serialize';
import { agentStatsAfterNewLead, agentStatsUpdate } from './stats';

/** Who posted: an API client (its key row) or a superuser's CSV import (no key). */
export interface IntakeClient {
  id: string | null;
  name: string;
}

export interface IntakeResult {
  /** 201 for a new lead; a replay answers as the first request did (201) or 200 for a known external id. */
  status: 200 | 201;
  replayed: boolean;
  lead: Lead;
}

/** The same fields in the same order, whatever the client's key order or spacing. */
export const hashIntake = (input: LeadIntake) =>
  sha256(
    JSON.stringify(
      Object.keys(input)
        .sort()
        .map((key) => [key, input[key as keyof LeadIntake]]),
    ),
  );

interface AgentForDelivery {
  /** The statistics took the new lead in (agentStatsAfterNewLead). */
  counted: boolean;
  name: string | null;
  first: string | null;
  last: string | null;
  timezone: string | null;
  has_recipients: boolean;
  people: DeliveryPerson[];
}

const EXTERNAL_ID_TAKEN =
  'Another client already posted a lead with this source and external_id. Use your own source name.';

const IDEMPOTENCY_MISMATCH =
  'This Idempotency-Key was already used with a different body. Use a new key for a new lead.';

async function findReplay(
  db: Executor,
  apiKey: IntakeClient,
  source: string,
  input: LeadIntake,
  idempotencyKey: string | undefined,
  requestHash: string,
): Promise<IntakeResult | null> {
  if (idempotencyKey && apiKey.id) {
    const [row] = await db
      .select()
      .from(leads)
      .where(and(eq(leads.apiKeyId, apiKey.id), eq(leads.idempotencyKey, idempotencyKey)));
    if (row) {
      if (row.requestHash !== requestHash) throw new AppError('unprocessable', IDEMPOTENCY_MISMATCH);
      return { status: 201, replayed: true, lead: toLead(row) };
    }
  }
  if (input.external_id) {
    const [row] = await db
      .select()
      .from(leads)
      .where(and(eq(leads.source, source), eq(leads.externalId, input.external_id)));
    if (row) {
      // Only the client that posted a lead gets it back; another one learns nothing about it.
      if (row.apiKeyId !== apiKey.id) throw new AppError('conflict', EXTERNAL_ID_TAKEN);
      return { status: 200, replayed: true, lead: toLead(row) };
    }
  }
  return null;
}

/**
 * POST /api/v1/leads: validates (done by the route), replays a retry, else routes the lead,
 * stores it with the decision, queues its deliveries and refreshes the agent's statistics, all
 * in one transaction; the dispatcher sends the deliveries from the outbox after commit (ADR 18).
 */
export async function intakeLead(
  deps: AppDeps,
  options: { apiKey: IntakeClient; input: LeadIntake; idempotencyKey?: string; actor?: 'api' | 'import' },
): Promise<IntakeResult> {
  const { apiKey, input, idempotencyKey } = options;
  const db = deps.database.db;
  const source = input.source ?? apiKey.name;
  const requestHash = hashIntake(input);

  const early = await findReplay(db, apiKey, source, input, idempotencyKey, requestHash);
  if (early) return early;

  const outcome = await db.transaction(async (tx) => {
    // Leads for one ZIP are routed one at a time, so two at once cannot both see the same counts.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead-zip:${input.zip}`}))`);
    const decision = await decideRouting(tx, input);
    const values = {
      agentId: decision.agentId,
      leadType: input.lead_type,
      firstName: input.first_name,
      lastName: input.last_name,
      phone: input.phone,
      email: input.email,
      street: input.street,
      city: input.city,
      state: input.state,
      zip: input.zip,
      county: input.county,
      source,
      externalId: input.external_id ?? null,
      notes: input.notes,
      routing: {
        decision: decision.agentId ? ('assigned' as const) : ('unassigned' as const),
        reason: decision.reason,
        candidates: decision.candidates,
        decidedAt: new Date().toISOString(),
      },
      apiKeyId: apiKey.id,
      idempotencyKey: idempotencyKey ?? null,
      requestHash,
    };
    // A concurrent twin (same key or external id) wins the unique index: this insert does nothing.
    const [row] = await tx
      .insert(leads)
      .values({ ...values, searchText: searchTextOf(values) })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    // One statement for the rest of what the lead needs before its deliveries: its first
    // timeline event, the agent's statistics, the agent's name and active recipients.
    const assigned = row.agentId;
    const event = {
      kind: assigned ? 'routed' : 'unassigned',
      actorType: options.actor === 'import' ? 'system' : 'api',
      details: { reason: decision.reason, candidates: decision.candidates, agent_id: assigned },
    };
    const eventInsert = sql`insert into ${leadEvents} (lead_id, kind, actor_type, actor_name, details)
      values (${row.id}, ${event.kind}, ${event.actorType}, ${apiKey.name}, ${JSON.stringify(event.details)}::jsonb)`;
    if (!assigned) {
      await tx.execute(eventInsert);
      return { row, messageIds: [] };
    }
    const [found] = (
      (await tx.execute(sql`
        with event as (${eventInsert}), stats as (${agentStatsAfterNewLead(assigned)})
        select a.agent as name, a.agent_first_name as first, a.agent_last_name as last, a.timezone,
          exists (select 1 from stats) as counted,
          exists (select 1 from recipients r where r.agent_id = a.id) as has_recipients,
          (select coalesce(json_agg(json_build_object('id', r.id, 'sendSms', r.send_sms,
              'phoneNumber', r.phone_number, 'sendEmail', r.send_email, 'email', r.email,
              'phoneCall', r.phone_call) order by r.position, r.created_at), '[]'::json)
            from recipients r where r.agent_id = a.id and r.is_active) as people
        from agents a where a.id = ${assigned}`)) as unknown as { rows: AgentForDelivery[] }
    ).rows;
    // Counts never computed for this agent: the full count, which sees the lead inserted above.
    if (!found?.counted) await tx.execute(agentStatsUpdate(assigned));
    const agentName = found?.name || `${found?.first ?? ''} ${found?.last ?? ''}`.trim();
    const messageIds = await queueLeadDeliveries(
      tx,
      deps.config,
      row,
      { name: agentName, timezone: found?.timezone },
      // An agent without any recipient yet gets its own row first (the usual path does it).
      found?.has_recipients ? found.people : undefined,
    );
    return { row, messageIds };
  });

  if (!outcome) {
    const replay = await findReplay(db, apiKey, source, input, idempotencyKey, requestHash);
    if (replay) return replay;
    throw new AppError(
      'conflict',
      'A lead with this Idempotency-Key or external_id is being created; retry.',
    );
  }
  await dispatchSafely(deps.queue, ...outcome.messageIds);
  return { status: 201, replayed: false, lead: toLead(outcome.row) };
}
