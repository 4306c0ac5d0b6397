import type { QueryClient } from '@tanstack/react-query';
import { leadStatsQueryOptions } from './get-lead-stats';
import { leadsFilterOf, leadsListQueryOptions } from './get-leads';

/**
 * An agent opening /leads: its numbers and the list the address asks for, asked for while
 * GET /portal/me is on its way (app/landing-prefetch.ts). The page's queries then find them.
 */
export function prefetchAgentLeads(queryClient: QueryClient, params: URLSearchParams): void {
  void queryClient.prefetchQuery(leadsListQueryOptions(leadsFilterOf(params)));
  void queryClient.prefetchQuery(leadStatsQueryOptions());
}
