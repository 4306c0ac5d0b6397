import type { Lead, LeadsView } from '@portal/shared';
import { RefreshCw } from 'lucide-react';
import { formatCount } from '@/components/leads/lead-format';
import { LeadsPager } from '@/components/leads/leads-list';
import { LeadsLoadFailed } from '@/components/leads/leads-load-failed';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { type LeadsFilter, useLeads } from '../api/get-leads';
import { openOffer } from '../api/lead-offers';
import { LeadCards } from './lead-cards';
import { LeadOffersList } from './lead-offers-list';
import { LeadsEmpty } from './leads-empty';
import { LeadsTable, LeadsTableSkeleton } from './leads-table';
import type { LeadArrival } from './use-lead-arrivals';
import { useNewLeads } from './use-new-leads';

const TAB_LABELS = { active: 'Active', archived: 'Archived', closed: 'Closed', all: 'All' } as const;

/**
 * One list of leads (the queue, or all leads of a status) as a table or cards, with its pages and
 * every state on the way: loading, failed, empty, refreshed with an error.
 */
export function LeadsResults({
  audience,
  filter,
  view,
  poll,
  highlighted,
  onArrive,
  onOpen,
  onPage,
  onClearSearch,
  onShowAll,
  onShowNewest,
}: {
  audience: 'agent' | 'recipient';
  filter: LeadsFilter;
  view: Exclude<LeadsView, 'board'>;
  poll: boolean;
  highlighted: ReadonlySet<string>;
  onArrive: (arrivals: LeadArrival[]) => void;
  onOpen: (lead: Lead) => void;
  onPage: (page: number) => void;
  onClearSearch: () => void;
  onShowAll: () => void;
  onShowNewest: () => void;
}) {
  const leads = useLeads(filter, { poll });
  const list = leads.data;
  const queue = filter.view === 'queue';
  const { tab, q, page } = filter;
  useNewLeads(
    list,
    filter,
    leads.isSuccess && !leads.isPlaceholderData && !leads.isFetching,
    queue && page === 1 ? null : onShowNewest,
    onArrive,
  );

  if (!list) {
    if (leads.isError) {
      return <LeadsLoadFailed title="Your leads could not be loaded" query={leads} />;
    }
    return <LeadsTableSkeleton />;
  }

  const refreshFailed = leads.isError ? (
    <Alert variant="destructive">
      <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
        <p>The list could not be refreshed: {errorMessage(leads.error)}</p>
        <Button variant="outline" size="sm" onClick={() => void leads.refetch()} pending={leads.isFetching}>
          {leads.isFetching ? null : <RefreshCw aria-hidden="true" />}
          Try again
        </Button>
      </AlertDescription>
    </Alert>
  ) : null;

  if (list.items.length === 0) {
    return (
      <>
        {refreshFailed}
        {list.total > 0 && page > 1 ? (
          <Alert variant="info">
            <AlertTitle>This page is past the last lead</AlertTitle>
            <AlertDescription>
              <p>There are {formatCount(list.total)} leads here, fewer than this page starts at.</p>
              <div>
                <Button variant="outline" size="sm" onClick={() => onPage(1)}>
                  Go to the first page
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        ) : (
          <LeadsEmpty
            list={list}
            tab={tab}
            q={q}
            queue={queue}
            audience={audience}
            onClearSearch={onClearSearch}
            onShowAll={onShowAll}
          />
        )}
      </>
    );
  }

  // Open offers are a part of their own, above the rest: they have no seller to show yet.
  const offers = list.items.filter((lead) => openOffer(lead) !== null);
  const held = offers.length > 0 ? list.items.filter((lead) => openOffer(lead) === null) : list.items;
  // Leads that arrived while the page is open go to the top of the queue, highlighted.
  const items = queue
    ? [
        ...held.filter((lead) => highlighted.has(lead.id)),
        ...held.filter((lead) => !highlighted.has(lead.id)),
      ]
    : held;
  const label = queue ? 'Your queue, in the order to call' : `${TAB_LABELS[tab]} leads, newest first`;
  const showStatus = (lead: Lead) => !queue && (tab === 'all' || lead.status !== tab);
  const Rows = view === 'cards' ? LeadCards : LeadsTable;

  return (
    <>
      {refreshFailed}
      <div
        aria-busy={leads.isPlaceholderData || undefined}
        className={cn('grid gap-3', leads.isPlaceholderData && 'opacity-60')}
      >
        <LeadOffersList leads={offers} onOpen={onOpen} />
        {items.length > 0 ? (
          <Rows
            leads={items}
            label={label}
            highlighted={highlighted}
            showStatus={showStatus}
            onOpen={onOpen}
          />
        ) : null}
        <LeadsPager page={page} shown={list.items.length} total={list.total} onPage={onPage} />
      </div>
    </>
  );
}
