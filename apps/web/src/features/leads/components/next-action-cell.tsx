import { type Lead, LOST_REASON_LABELS } from '@portal/shared';
import { formatDay, formatMoney } from '@/components/leads/lead-format';
import { RelativeTime, useNow } from '@/components/relative-time';
import { cn } from '@/lib/utils';

/** A closed or archived lead has no next action: how it ended stands in its place. */
function outcome(lead: Lead): string | null {
  if (lead.status === 'closed') {
    return lead.sale_price === null ? 'Closed' : `Sold for ${formatMoney(lead.sale_price)}`;
  }
  if (lead.stage === 'on_hold')
    return lead.hold_until ? `On hold until ${formatDay(lead.hold_until)}` : 'On hold';
  if (lead.status === 'archived') {
    const reason =
      lead.lost_reason === 'other'
        ? lead.lost_reason_text
        : lead.lost_reason && LOST_REASON_LABELS[lead.lost_reason];
    return reason ? `Lost: ${reason}` : 'Archived';
  }
  return null;
}

/**
 * A row's next action: "Call back · in 2 hours"; an overdue one says "Overdue" in words as well
 * as in red, so that it does not rest on colour alone.
 */
export function NextActionCell({ lead, className }: { lead: Lead; className?: string }) {
  const now = useNow();
  const ended = outcome(lead);
  if (ended) return <span className={cn('text-muted-foreground', className)}>{ended}</span>;
  if (!lead.next_action_at && !lead.next_action) {
    return <span className={cn('text-muted-foreground', className)}>None set</span>;
  }
  const overdue = lead.next_action_at !== null && new Date(lead.next_action_at).getTime() < now;
  return (
    <span className={cn('min-w-0', overdue && 'text-destructive', className)}>
      {overdue ? <span className="font-semibold">Overdue: </span> : null}
      {lead.next_action || 'Follow up'}
      {lead.next_action_at ? (
        <>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, due </span>
          <RelativeTime
            value={lead.next_action_at}
            className={overdue ? undefined : 'text-muted-foreground'}
          />
        </>
      ) : null}
    </span>
  );
}
