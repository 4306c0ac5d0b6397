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
  if (scope.kind !== 'recipient') return details;
  if (event.kind === 'closed' || event.kind === 'reopened') {
    return Object.fromEntries(Object.entries(details).filter(([key]) => !MONEY_DETAILS.includes(key)));
  }
  if (event.kind !== 'email_sent' || details.to_kind !== 'recipient') return details;
  return details.recipient_id === scope.recipientId ? details : { ...details, to: null };
}

/**
 * The timeline: recorded events, activities and every delivery with its current state, oldest
 * first.
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
  const merged: LeadEvent[] = [
    ...activities
      .filter((row) => !(row.kind === 'email' && sent.has(row.createdAt.getTime())))
      .map(activityEvent),
    ...events.map((event) => ({
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
        recipient_name: `${first ?? ''} ${last ?? ''}`.trim() || null,
        // A recipient sees where their own copies went, not the other recipients' numbers.
        to:
          scope.kind === 'recipient' && message.recipientId !== scope.recipientId ? null : message.toAddress,
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
