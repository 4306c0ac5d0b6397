import type { QueryClient } from '@tanstack/react-query';
import { readEarly } from '@/lib/api-client';
import { takeEarlyLeads } from '@/lib/session-restore';
import { leadsSectionOf } from '../components/use-leads-url-state';
import { getLeadStats, leadStatsQueryOptions } from './get-lead-stats';
import { getLeads, leadsFilterOf, leadsListQueryOptions, queueFilter } from './get-leads';

/** The boot script's list is read only if it asked for the queue (an unknown address is taken as it). */
const askedForQueue = (sent: Promise<Response | null>) =>
  sent.then((response) =>
    response && (!response.url || new URL(response.url).searchParams.get('view') === 'queue')
      ? response
      : null,
  );

/**
 * An agent opening /leads: its numbers and the list the address asks for (the queue unless it
 * says All leads; nothing more for Performance, whose numbers are the same request), asked for
 * while GET /portal/me is on its way (app/landing-prefetch.ts). The page's queries then find
 * them. Where the page's boot script asked already (apps/web/scripts/session-boot.js: the default
 * view, before the code had arrived), its answers are read instead; one that failed is asked again.
 */
export function prefetchAgentLeads(queryClient: QueryClient, params: URLSearchParams): void {
  const section = leadsSectionOf(params);
  const filter = section === 'all' ? leadsFilterOf(params) : queueFilter(leadsFilterOf(params));
  const early = takeEarlyLeads();
  const defaultView = params.toString() === '';
  const stats = leadStatsQueryOptions();
  if (section !== 'performance') {
    const list = leadsListQueryOptions(filter);
    void queryClient.prefetchQuery(
      early && defaultView
        ? { ...list, queryFn: () => readEarly(askedForQueue(early.list), () => getLeads(filter)) }
        : list,
    );
  }
  void queryClient.prefetchQuery(
    early && defaultView ? { ...stats, queryFn: () => readEarly(early.stats, () => getLeadStats()) } : stats,
  );
}
