import type { QueryClient } from '@tanstack/react-query';
import { readEarly } from '@/lib/api-client';
import { takeEarlyLeads } from '@/lib/session-restore';
import { getLeadStats, leadStatsQueryOptions } from './get-lead-stats';
import { getLeads, leadsFilterOf, leadsListQueryOptions } from './get-leads';

/**
 * An agent opening /leads: its numbers and the list the address asks for, asked for while
 * GET /portal/me is on its way (app/landing-prefetch.ts). The page's queries then find them.
 * Where the page's boot script asked already (apps/web/scripts/session-boot.js: the default view,
 * before the code had arrived), its answers are read instead; one that failed is asked again.
 */
export function prefetchAgentLeads(queryClient: QueryClient, params: URLSearchParams): void {
  const filter = leadsFilterOf(params);
  const early = takeEarlyLeads();
  const defaultView = params.toString() === '';
  const list = leadsListQueryOptions(filter);
  const stats = leadStatsQueryOptions();
  void queryClient.prefetchQuery(
    early && defaultView ? { ...list, queryFn: () => readEarly(early.list, () => getLeads(filter)) } : list,
  );
  void queryClient.prefetchQuery(
    early && defaultView ? { ...stats, queryFn: () => readEarly(early.stats, () => getLeadStats()) } : stats,
  );
}
