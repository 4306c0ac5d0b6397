import { LEADS_PAGE_LIMIT, type Lead } from '@portal/shared';
import { ChevronLeft, ChevronRight, Phone } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatPhone } from '@/lib/format-phone';
import { cn } from '@/lib/utils';
/** The status tabs of a leads list: one status, or all of them. */
export type LeadsTab = 'active' | 'archived' | 'closed' | 'all';

import { LeadStatusBadge, LeadTypeBadge, NewBadge } from './lead-badges';
import { formatAge, formatCount, formatDateTime, formatMoney, leadAddress, leadName } from './lead-format';

export function LeadRow({
  lead,
  tab,
  isNew,
  onOpen,
  owner,
}: {
  lead: Lead;
  tab: LeadsTab;
  isNew: boolean;
  onOpen: (lead: Lead) => void;
  /** Whose lead it is, where one list holds several agents' leads. */
  owner?: string;
}) {
  const name = leadName(lead);
  const address = leadAddress(lead);
  // In one status's tab the status goes without saying, until the lead is changed here.
  const showStatus = tab === 'all' || lead.status !== tab;
  return (
    <li
      className={cn(
        'flex items-stretch rounded-lg border border-border bg-background transition-colors',
        isNew && 'border-primary bg-primary-soft',
      )}
    >
      <button
        type="button"
        data-lead-row={lead.id}
        onClick={() => onOpen(lead)}
        className="grid min-w-0 flex-1 gap-1 rounded-lg p-3 text-left hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-x-4"
      >
        <span className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="font-medium break-words">{name}</span>
          <LeadTypeBadge type={lead.lead_type} />
          {showStatus ? <LeadStatusBadge status={lead.status} /> : null}
          {isNew ? <NewBadge /> : null}
        </span>
        <span className="text-sm text-muted-foreground sm:row-start-1 sm:col-start-2 sm:text-right">
          <time dateTime={lead.created_at} title={formatDateTime(lead.created_at)}>
            {formatAge(lead.created_at)}
          </time>
        </span>
        <span className="text-sm break-words sm:col-span-2">{address}</span>
        <span className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground sm:col-span-2">
          {owner ? <span className="font-medium text-foreground">{owner}</span> : null}
          {lead.phone ? <span>{formatPhone(lead.phone)}</span> : null}
          {lead.email ? <span className="break-all">{lead.email}</span> : null}
          {lead.status === 'closed' && lead.sale_price !== null ? (
            <span>Sold for {formatMoney(lead.sale_price)}</span>
          ) : null}
        </span>
      </button>
      {lead.phone ? (
        <a
          href={`tel:${lead.phone}`}
          aria-label={`Call ${name}`}
          className="m-2 ml-0 inline-flex size-11 shrink-0 items-center justify-center self-center rounded-md border border-border text-primary-text no-underline hover:bg-primary-soft focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <Phone className="size-5" aria-hidden="true" />
        </a>
      ) : (
        // Rows line up whether or not the seller left a phone number.
        <span aria-hidden="true" className="m-2 ml-0 size-11 shrink-0" />
      )}
    </li>
  );
}

export function LeadsListSkeleton() {
  return (
    <div role="status" aria-busy="true" className="grid gap-2">
      <span className="sr-only">Loading leads…</span>
      {[0, 1, 2, 3, 4].map((row) => (
        <div
          key={row}
          aria-hidden="true"
          className="grid animate-pulse gap-2 rounded-lg border border-border bg-background p-3"
        >
          <div className="flex gap-2">
            <div className="h-4 w-40 rounded bg-muted" />
            <div className="h-4 w-16 rounded-full bg-muted" />
          </div>
          <div className="h-3.5 w-64 max-w-full rounded bg-muted" />
          <div className="h-3.5 w-28 rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}

/** "Showing 101–200 of 1,234" with Previous and Next. */
export function LeadsPager({
  page,
  shown,
  total,
  onPage,
}: {
  page: number;
  shown: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const first = (page - 1) * LEADS_PAGE_LIMIT + 1;
  const last = first + shown - 1;
  const hasNext = last < total;
  return (
    <nav aria-label="Pages of leads" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        Showing {formatCount(first)}–{formatCount(last)} of {formatCount(total)}
      </p>
      {page > 1 || hasNext ? (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => onPage(page + 1)}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
