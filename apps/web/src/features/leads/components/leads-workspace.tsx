import type { AgentRecord, Lead, LeadsList } from '@portal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { LeadStatusTabs } from '@/components/leads/lead-status-tabs';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type LeadStreamNotice, useLeadEvents } from '@/lib/use-lead-events';
import { leadsListQueryKey, leadsQueryKey, queueFilter, useLeads } from '../api/get-leads';
import { CallReturn } from './call-return';
import { LeadAlerts } from './lead-alerts';
import { LeadsResults } from './leads-results';
import { LeadsSearch } from './leads-search';
import { LeadsViewSwitch } from './leads-view-switch';
import { PerformanceTab } from './performance-tab';
import { QueueStrip } from './queue-strip';
import { useLeadArrivals } from './use-lead-arrivals';
import { useLeadsPreferences } from './use-leads-preferences';
import { type LeadsSection, useLeadsUrlState } from './use-leads-url-state';

/**
 * The lead panel (its forms, and zod behind them) loads when the first lead is opened, not with
 * the list, and stays mounted after that so it can animate out and hand the focus back.
 */
const LeadDetailSheet = lazy(async () => ({
  default: (await import('./lead-detail-sheet')).LeadDetailSheet,
}));

/** The board (its columns, menus and moves) loads when it is chosen. */
const LeadsBoard = lazy(async () => ({ default: (await import('./leads-board')).LeadsBoard }));

const SECTION_LABELS: Record<LeadsSection, string> = {
  queue: 'Queue',
  all: 'All leads',
  performance: 'Performance',
};

function BoardSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      className="grid auto-cols-[85%] grid-flow-col gap-3 sm:auto-cols-[minmax(15rem,1fr)]"
    >
      <span className="sr-only">Loading the board…</span>
      {[0, 1, 2, 3].map((column) => (
        <div key={column} aria-hidden="true" className="h-64 animate-pulse rounded-lg bg-muted" />
      ))}
    </div>
  );
}

/**
 * An agent's or a recipient's leads: the work queue (table, cards or board), all leads by status,
 * and, for an agent, the numbers; the panel of the lead opened from any of them. New and changed
 * leads arrive through the live stream, or by polling while it is not connected.
 */
export function LeadsWorkspace({
  audience,
  title,
  agent = null,
}: {
  audience: 'agent' | 'recipient';
  /** The tab's title; new leads not yet seen are counted in front of it. */
  title: string;
  agent?: AgentRecord | null;
}) {
  const url = useLeadsUrlState();
  const { section, tab, q, page } = url;
  const preferences = useLeadsPreferences(audience);
  const arrivals = useLeadArrivals({ sound: preferences.sound, open: url.openLead });
  useDocumentTitle(arrivals.unseen > 0 ? `(${arrivals.unseen}) ${title}` : title);

  const queryClient = useQueryClient();
  const { arrive } = arrivals;
  const { connected } = useLeadEvents(
    useCallback(
      (event: LeadStreamNotice) => {
        // The queue, its counts, the board, the numbers and an open lead: all fetched again.
        void queryClient.invalidateQueries({ queryKey: leadsQueryKey });
        if (event.type === 'lead.created' && event.id) arrive([{ id: event.id }]);
      },
      [queryClient, arrive],
    ),
  );

  const open = (lead: Lead) => {
    arrivals.markSeen(lead.id);
    url.openLead(lead.id);
  };
  const openedRow = url.leadId
    ? queryClient
        .getQueriesData<LeadsList>({ queryKey: leadsListQueryKey })
        .flatMap(([, list]) => list?.items ?? [])
        .find((item) => item.id === url.leadId)
    : undefined;
  const [sheetWanted, setSheetWanted] = useState(url.leadId !== null);
  if (url.leadId !== null && !sheetWanted) setSheetWanted(true);

  const sections: LeadsSection[] = agent ? ['queue', 'all', 'performance'] : ['queue', 'all'];
  const current = sections.includes(section) ? section : 'queue';
  const view = current === 'all' && preferences.view === 'board' ? 'table' : preferences.view;
  // The status tabs' counts: the same query as the list under them.
  const allLeads = useLeads({ tab, q, page }, { poll: !connected, enabled: current === 'all' });
  const shared = {
    audience,
    poll: !connected,
    highlighted: arrivals.highlighted,
    onArrive: arrive,
    onOpen: open,
    onPage: url.setPage,
    onClearSearch: () => url.setQuery(''),
    onShowNewest: url.showNewest,
  };

  return (
    <CallReturn>
      <section aria-labelledby="leads-list-title" className="grid gap-4">
        <h2 id="leads-list-title" className="sr-only">
          {audience === 'agent' ? 'Your leads' : 'Leads delivered to you'}
        </h2>
        {agent ? <QueueStrip /> : null}

        <Tabs
          value={current}
          onValueChange={(next) => url.setSection(next as LeadsSection)}
          activationMode="manual"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <TabsList aria-label="Leads">
              {sections.map((value) => (
                <TabsTrigger key={value} value={value}>
                  {SECTION_LABELS[value]}
                </TabsTrigger>
              ))}
            </TabsList>
            <LeadAlerts sound={preferences.sound} onSound={preferences.setSound} />
          </div>
          <TabsContent value={current} className="grid gap-4">
            {current === 'performance' && agent ? (
              <PerformanceTab agent={agent} />
            ) : (
              <>
                <div className="flex flex-wrap items-end justify-between gap-3">
                  <LeadsSearch value={q} onSearch={url.setQuery} />
                  <LeadsViewSwitch
                    value={view}
                    onChange={preferences.setView}
                    views={current === 'all' ? ['table', 'cards'] : undefined}
                  />
                </div>
                {current === 'all' ? (
                  <LeadStatusTabs
                    value={tab}
                    onChange={url.setTab}
                    countOf={(value) => {
                      const counts = allLeads.data?.counts;
                      if (!counts) return null;
                      return value === 'all'
                        ? counts.active + counts.archived + counts.closed
                        : counts[value];
                    }}
                    label="Leads by status"
                  >
                    <LeadsResults
                      {...shared}
                      filter={{ tab, q, page }}
                      view={view === 'cards' ? 'cards' : 'table'}
                      onShowAll={() => url.setTab('all')}
                    />
                  </LeadStatusTabs>
                ) : view === 'board' ? (
                  <Suspense fallback={<BoardSkeleton />}>
                    <LeadsBoard q={q} poll={!connected} highlighted={arrivals.highlighted} onOpen={open} />
                  </Suspense>
                ) : (
                  <LeadsResults
                    {...shared}
                    filter={queueFilter({ q, page })}
                    view={view}
                    onShowAll={() => url.setSection('all')}
                  />
                )}
              </>
            )}
          </TabsContent>
        </Tabs>

        {sheetWanted ? (
          <Suspense fallback={null}>
            <LeadDetailSheet leadId={url.leadId} row={openedRow} onClose={url.closeLead} />
          </Suspense>
        ) : null}
      </section>
    </CallReturn>
  );
}
