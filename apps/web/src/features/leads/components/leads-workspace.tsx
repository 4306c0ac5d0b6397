import type { Lead, LeadsList } from '@portal/shared';
import { RefreshCw } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { formatCount } from '@/components/leads/lead-format';
import { LeadStatusTabs } from '@/components/leads/lead-status-tabs';
import { LeadRow, LeadsListSkeleton, LeadsPager } from '@/components/leads/leads-list';
import { LeadsLoadFailed } from '@/components/leads/leads-load-failed';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { type LeadsTab, useLeads } from '../api/get-leads';
import { LeadsEmpty } from './leads-empty';
import { LeadsSearch } from './leads-search';
import { useLeadsUrlState } from './use-leads-url-state';
import { useNewLeads } from './use-new-leads';

/**
 * The lead panel (its forms, and zod behind them) loads when the first lead is opened, not with
 * the list, and stays mounted after that so it can animate out and hand the focus back.
 */
const LeadDetailSheet = lazy(async () => ({
  default: (await import('./lead-detail-sheet')).LeadDetailSheet,
}));

const TAB_LABELS: Record<LeadsTab, string> = {
  active: 'Active',
  archived: 'Archived',
  closed: 'Closed',
  all: 'All',
};

const countFor = (list: LeadsList | undefined, tab: LeadsTab) => {
  if (!list) return null;
  const { active, archived, closed } = list.counts;
  return tab === 'all' ? active + archived + closed : list.counts[tab];
};

/**
 * The leads list with its status tabs, search and pages, and the panel of the lead opened
 * from it. The same for an agent and for a recipient session: the server decides which leads.
 */
export function LeadsWorkspace({ audience }: { audience: 'agent' | 'recipient' }) {
  const url = useLeadsUrlState();
  const { tab, q, page } = url;
  const leads = useLeads({ tab, q, page });
  const list = leads.data;
  const showingNewest = tab === 'active' && page === 1;
  const { newIds, markSeen } = useNewLeads(
    list,
    { tab, q, page },
    leads.isSuccess && !leads.isPlaceholderData && !leads.isFetching,
    showingNewest ? null : url.showNewest,
  );

  const open = (lead: Lead) => {
    markSeen(lead.id);
    url.openLead(lead.id);
  };
  const openedRow = url.leadId ? list?.items.find((item) => item.id === url.leadId) : undefined;
  const [sheetWanted, setSheetWanted] = useState(url.leadId !== null);
  if (url.leadId !== null && !sheetWanted) setSheetWanted(true);

  return (
    <section aria-labelledby="leads-list-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="leads-list-title" className="text-xl font-semibold tracking-tight">
          {audience === 'agent' ? 'Your leads' : 'Leads delivered to you'}
        </h2>
        <LeadsSearch value={q} onSearch={url.setQuery} />
      </div>

      <LeadStatusTabs
        value={tab}
        onChange={url.setTab}
        countOf={(value) => countFor(list, value)}
        label="Leads by status"
      >
        <LeadsResults
          audience={audience}
          tab={tab}
          q={q}
          page={page}
          leads={leads}
          newIds={newIds}
          onOpen={open}
          onPage={url.setPage}
          onClearSearch={() => url.setQuery('')}
          onShowAll={() => url.setTab('all')}
        />
      </LeadStatusTabs>

      {sheetWanted ? (
        <Suspense fallback={null}>
          <LeadDetailSheet leadId={url.leadId} row={openedRow} onClose={url.closeLead} />
        </Suspense>
      ) : null}
    </section>
  );
}

function LeadsResults({
  audience,
  tab,
  q,
  page,
  leads,
  newIds,
  onOpen,
  onPage,
  onClearSearch,
  onShowAll,
}: {
  audience: 'agent' | 'recipient';
  tab: LeadsTab;
  q: string;
  page: number;
  leads: ReturnType<typeof useLeads>;
  newIds: ReadonlySet<string>;
  onOpen: (lead: Lead) => void;
  onPage: (page: number) => void;
  onClearSearch: () => void;
  onShowAll: () => void;
}) {
  const list = leads.data;
  if (!list) {
    if (leads.isError) {
      return <LeadsLoadFailed title="Your leads could not be loaded" query={leads} />;
    }
    return <LeadsListSkeleton />;
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
            audience={audience}
            onClearSearch={onClearSearch}
            onShowAll={onShowAll}
          />
        )}
      </>
    );
  }

  return (
    <>
      {refreshFailed}
      <div
        aria-busy={leads.isPlaceholderData || undefined}
        className={cn('grid gap-3', leads.isPlaceholderData && 'opacity-60')}
      >
        <ul aria-label={`${TAB_LABELS[tab]} leads, newest first`} className="grid gap-2">
          {list.items.map((lead) => (
            <LeadRow key={lead.id} lead={lead} tab={tab} isNew={newIds.has(lead.id)} onOpen={onOpen} />
          ))}
        </ul>
        <LeadsPager page={page} shown={list.items.length} total={list.total} onPage={onPage} />
      </div>
    </>
  );
}
