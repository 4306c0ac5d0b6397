import type { AdminLead } from '@portal/shared';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Db } from '../../db/client';
import { agents, type LeadRow, leads } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { dispatch } from '../../lib/outbox';
import { queueLeadDeliveries } from '../leads/delivery';
import { assignLead as assignHolder, endOfferByHand } from '../leads/offers';
import { toLead } from '../leads/serialize';
import { refreshAgentStats } from '../leads/stats';
import { escapeLike } from './agents';
import { type ConsoleActor, cappedCount, UUID } from './common';

const agentName = sql<
  string | null
>`coalesce(nullif(${agents.agent}, ''), nullif(trim(${agents.agentFirstName} || ' ' || ${agents.agentLastName}), ''))`;

const toAdminLead = (row: LeadRow, name: string | null): AdminLead => ({
  ...toLead(row, 'office'),
  agent_name: name,
});

/**
 * GET /admin/leads: newest first, optionally only the unassigned ones (partial index) or one
 * agent's; the search looks in the lead's search text (name, phone digits, address).
 */
export async function listAdminLeads(
  db: Db,
  query: {
    q?: string;
    unassigned?: boolean;
    agent_id?: string;
    skip: number;
    limit: number;
    order: 'asc' | 'desc';
  },
) {
  const direction = query.order === 'asc' ? asc : desc;
  const where: SQL[] = [];
  if (query.unassigned) where.push(isNull(leads.agentId));
  if (query.agent_id) where.push(eq(leads.agentId, query.agent_id));
  if (query.q) {
    const text = query.q.toLowerCase();
    const digits = text.replace(/\D/g, '');
    where.push(
      digits.length >= 4 && digits !== text
        ? sql`(${leads.searchText} like ${`%${escapeLike(text)}%`} or ${leads.searchText} like ${`%${digits}%`})`
        : sql`${leads.searchText} like ${`%${escapeLike(text)}%`}`,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const [rows, count] = await Promise.all([
    db
      .select({ lead: leads, agentName })
      .from(leads)
      .leftJoin(agents, eq(agents.id, leads.agentId))
      .where(condition)
      .orderBy(direction(leads.createdAt), direction(leads.id))
      .limit(query.limit)
      .offset(query.skip),
    cappedCount(db, leads, condition),
  ]);
  return { items: rows.map((r) => toAdminLead(r.lead, r.agentName)), ...count };
}

/** How the audit log names a lead: the person's name, else its type and ZIP. */
const leadDisplayName = (lead: LeadRow) =>
  `${lead.firstName ?? ''} ${lead.lastName ?? ''}`.trim() || `the ${lead.leadType} lead in ${lead.zip}`;

/**
 * POST /admin/leads/:id/assign: a superuser routes a lead by hand. An unassigned lead goes to the
 * agent; one that has an agent (suspended, unreachable) moves only with a reason, and its former
 * agent no longer sees it. The lead, its timeline event, its deliveries (to the new agent's
 * recipients) and the agents' statistics are written together, as intake does; the dispatcher
 * sends the deliveries from the outbox after commit (ADR 18).
 */
export async function assignLead(
  deps: AppDeps,
  leadId: string,
  input: { agent_id: string; reason?: string },
  actor: ConsoleActor,
) {
  if (!UUID.test(leadId)) throw notFound('Lead not found');
  const agentId = input.agent_id;
  const outcome = await deps.database.db.transaction(async (tx) => {
    const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId)).for('update');
    if (!lead) throw notFound('Lead not found');
    const [agent] = await tx
      .select({ id: agents.id, status: agents.agentStatus, name: agentName, timezone: agents.timezone })
      .from(agents)
      .where(eq(agents.id, agentId));
    if (!agent) throw badRequest('Choose an agent: this one does not exist');
    const previous = lead.agentId
      ? ((
          await tx.select({ id: agents.id, name: agentName }).from(agents).where(eq(agents.id, lead.agentId))
        )[0] ?? {
          id: lead.agentId,
          name: null,
        })
      : null;
    const previousName = previous?.name ?? 'another agent';
    if (previous && previous.id === agent.id)
      throw new AppError('conflict', `This lead is already assigned to ${previousName}`);
    if (agent.status !== 'active')
      throw badRequest(`${agent.name ?? 'This agent'} is ${agent.status}: only active agents receive leads`);
    const why = input.reason?.trim();
    if (previous && !why)
      throw badRequest(
        `This lead is assigned to ${previousName}: give a reason to move it to ${agent.name ?? 'this agent'}`,
      );
    const reason = previous ? `Moved by hand by ${actor.name}: ${why}` : `Assigned by hand by ${actor.name}`;
    // The console's hand is not an offer: the agent has the lead at once (ADR 62). A former
    // holder's open offer ends as released by the console.
    const by = { type: 'user' as const, id: actor.id, name: actor.name };
    await endOfferByHand(tx, lead, by, reason);
    const row = await assignHolder(
      tx,
      lead,
      agent.id,
      { reason, candidates: lead.routing?.candidates ?? 0, decision: 'manual' },
      by,
    );
    const messageIds = await queueLeadDeliveries(tx, deps.config, row, {
      name: agent.name ?? '',
      timezone: agent.timezone,
    });
    // Both agents in one call: their rows locked in id order, as the intake's rounds lock them.
    await refreshAgentStats(tx, previous ? [agent.id, previous.id] : agent.id);
    await audit(tx, {
      action: previous ? 'admin_reassign_lead' : 'admin_assign_lead',
      actorId: actor.id,
      actorEmail: actor.email,
      actorName: actor.name,
      targetType: 'lead',
      targetId: lead.id,
      targetName: leadDisplayName(lead),
      details: {
        before: { agent_id: previous?.id ?? null },
        after: { agent_id: agent.id },
        agent_id: agent.id,
        agent_name: agent.name ?? 'an agent',
        ...(previous
          ? { from_agent_id: previous.id, from_agent_name: previous.name ?? 'another agent', reason: why }
          : {}),
        deliveries: messageIds.length,
      },
      ip: actor.ip,
    });
    return { row, name: agent.name, messageIds };
  });
  if (outcome.messageIds.length > 0) dispatch(deps.queue);
  return toAdminLead(outcome.row, outcome.name);
}
