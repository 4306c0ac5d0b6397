import { type LeadEvent, sharedRoutingReason } from '@portal/shared';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type LeadEventRow, type LeadRow, leadEvents, outboxMessages, recipients } from '../../db/schema';
import { activitiesOf, activityEvent } from './activities';
import type { LeadScope } from './workspace';

/** What a closing records that a recipient does not read (ADR 60): the agent's money. */
const MONEY_DETAILS = ['sale_price', 'gross_commission', 'previous_sale_price', 'previous_gross_commission'];

/**
 * A recipient sees the agent's e-mails to the lead and to themselves, but not the other
 * recipients' addresses (as with deliveries below), nor a closing's figures. The routing events
 * say why the lead is the agent's, as the lead itself does outside the console.
 */
function visibleDetails(scope: LeadScope, lead: LeadRow, event: LeadEventRow): Record<string, unknown> {
  const { details } = event;
  if (event.kind === 'routed' || event.kind === 'unassigned') {
    // Why the lead is theirs, not how many agents serve the ZIP (the console has the whole reason).
    const { candidates: _candidates, ...rest } = details;
    if (event.kind === 'routed' && details.agent_id && details.agent_id !== scope.agentId) {
      // The lead went to another agent before it came here (ADR 62): not who.
      const { agent_id: _agent, ...own } = rest;
      return { ...own, reason: 'Sent to another agent first.' };
    }
    const decision =
      typeof details.decision === 'string'
        ? details.decision
        : event.kind === 'routed'
          ? 'assigned'
          : 'unassigned';
    return {
      ...rest,
      reason: sharedRoutingReason({ zip: lead.zip, lead_type: lead.leadType, decision }, 'you'),
    };
  }
  if (OFFER_EVENTS.has(event.kind) && details.agent_id !== scope.agentId) {
    // Another agent's answer to their offer: that it happened, not who or why.
    const { reason: _reason, agent_id: _agent, ...rest } = details;
    return rest;
  }
  if (scope.kind !== 'recipient') return details;
  if (event.kind === 'closed' || event.kind === 'reopened') {
    return Object.fromEntries(Object.entries(details).filter(([key]) => !MONEY_DETAILS.includes(key)));
  }
  if (event.kind !== 'email_sent' || details.to_kind !== 'recipient') return details;
  return details.recipient_id === scope.recipientId ? details : { ...details, to: null };
}

/** The answers to an offer and a release (ADR 62): each names the agent it was about. */
const OFFER_EVENTS = new Set(['offer_accepted', 'offer_passed', 'offer_lapsed', 'released']);

/**
 * What an open offer keeps from its holder (ADR 62): the work of earlier holders (activities,
 * notes, e-mails to the seller, calls) names the seller.
 */
const SELLER_EVENTS = new Set(['email_sent', 'note', 'call']);

/**
 * The timeline: recorded events, activities and every delivery with its current state, oldest
 * first. While the lead is offered, it is the routing and the deliveries alone.
 */
export async function timeline(db: Executor, scope: LeadScope, lead: LeadRow): Promise<LeadEvent[]> {
  const [events, activities, deliveries] = await Promise.all([
    db.select().from(leadEvents).where(eq(leadEvents.leadId, lead.id)).orderBy(asc(leadEvents.createdAt)),
    activitiesOf(db, lead.id),
    db
      .select({ message: outboxMessages, first: recipients.firstName, last: recipients.lastName })
      .from(outboxMessages)
      .leftJoin(recipients, eq(recipients.id, outboxMessages.recipientId))
      .where(eq(outboxMessages.leadId, lead.id))
      .orderBy(asc(outboxMessages.createdAt)),
  ]);
  // An e-mail the composer sent to the lead is on the timeline as its `email_sent` event: its
  // activity, written in the same transaction, has the same time (PostgreSQL's now()).
  const sent = new Set(
    events.filter((event) => event.kind === 'email_sent').map((event) => event.createdAt.getTime()),
  );
  const offered = lead.offerExpiresAt !== null;
  const earlier = (message: { meta: { agentId?: string } | null }) =>
    Boolean(message.meta?.agentId) && message.meta?.agentId !== scope.agentId;
  const merged: LeadEvent[] = [
    ...(offered ? [] : activities)
      .filter((row) => !(row.kind === 'email' && sent.has(row.createdAt.getTime())))
      .map(activityEvent),
    ...events
      .filter((event) => !(offered && SELLER_EVENTS.has(event.kind)))
      .map((event) => ({
        id: event.id,
        kind: event.kind,
        actor_type: event.actorType,
        actor_name: event.actorName,
        details: visibleDetails(scope, lead, event),
        created_at: event.createdAt.toISOString(),
      })),
    ...deliveries.map(({ message, first, last }) => ({
      id: message.id,
      kind: 'delivery',
      actor_type: 'system',
      actor_name: null,
      details: {
        channel: message.channel,
        // The copy for the agent's CRM goes to no recipient.
        ...(message.recipientId === null && message.template === 'lead_crm' ? { target: 'crm' } : {}),
        // An earlier holder's recipients (the lead passed on, ADR 62) are not named.
        recipient_name: earlier(message) ? null : `${first ?? ''} ${last ?? ''}`.trim() || null,
        // A recipient sees where their own copies went, not the other recipients' numbers.
        to:
          earlier(message) || (scope.kind === 'recipient' && message.recipientId !== scope.recipientId)
            ? null
            : message.toAddress,
        status: message.status === 'sending' ? 'queued' : message.status,
        attempts: message.attempts,
        error: message.lastError,
        sent_at: message.sentAt?.toISOString() ?? null,
      },
      created_at: message.createdAt.toISOString(),
    })),
  ];
  return merged.sort((a, b) => a.created_at.localeCompare(b.created_at));
}
