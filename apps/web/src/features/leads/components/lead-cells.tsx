import type { Lead } from '@portal/shared';
import { Phone } from 'lucide-react';
import { LeadStatusBadge, NewBadge } from '@/components/leads/lead-badges';
import { leadName, leadTypeLabel } from '@/components/leads/lead-format';
import { RelativeTime } from '@/components/relative-time';
import { cn } from '@/lib/utils';
import { useCallFromList } from './call-return';

/** What the table, the cards and the board share about a row. */
export interface LeadRowProps {
  lead: Lead;
  /** Arrived while the page was open: highlighted until opened. */
  highlighted: boolean;
  /** In a list of several statuses: say which. */
  showStatus: boolean;
  onOpen: (lead: Lead) => void;
}

/** "Phoenix 85004": where the property is, short. */
export const leadArea = (lead: Pick<Lead, 'city' | 'zip'>) => [lead.city, lead.zip].filter(Boolean).join(' ');

/** The seller's name, opening the lead; "New" until anyone has opened it (the server says). */
export function LeadNameButton({
  lead,
  showStatus,
  onOpen,
  className,
  describedBy,
}: Omit<LeadRowProps, 'highlighted'> & { className?: string; describedBy?: string }) {
  return (
    <span className={cn('flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1', className)}>
      <button
        type="button"
        data-lead-row={lead.id}
        onClick={() => onOpen(lead)}
        aria-describedby={describedBy}
        className="min-w-0 rounded-sm text-left font-medium break-words text-foreground underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        {/* An open offer has no seller to name until it is accepted. */}
        {lead.offer ? `Offer: ${leadTypeLabel(lead.lead_type)} lead` : leadName(lead)}
      </button>
      {lead.opened_at === null ? <NewBadge /> : null}
      {showStatus ? <LeadStatusBadge status={lead.status} /> : null}
    </span>
  );
}

export function LastActivity({ lead }: { lead: Lead }) {
  return lead.last_activity_at ? (
    <RelativeTime value={lead.last_activity_at} />
  ) : (
    <span className="text-muted-foreground">None yet</span>
  );
}

/**
 * tel: link with the seller's name in its accessible name; a spacer keeps rows aligned without
 * one. Inside a workspace, back from the phone app, the agent is asked how the call went.
 */
export function CallLink({ lead, className }: { lead: Lead; className?: string }) {
  const onCall = useCallFromList();
  if (!lead.phone)
    return <span aria-hidden="true" className={cn('inline-block size-9 shrink-0', className)} />;
  return (
    <a
      href={`tel:${lead.phone}`}
      aria-label={`Call ${leadName(lead)}`}
      onClick={(event) => onCall?.(lead, event.currentTarget)}
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-md border border-border text-primary-text no-underline hover:bg-primary-soft focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
        className,
      )}
    >
      <Phone className="size-4" aria-hidden="true" />
    </a>
  );
}
