import type { CorporateStats } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { corporateQueryKey } from './get-linked-agents';

/** GET /portal/corporate-stats: leads per week of each group (12 weeks). */
export const getCorporateStats = (signal?: AbortSignal) =>
  api.get<CorporateStats>('/portal/corporate-stats', { signal });

export const corporateStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...corporateQueryKey, 'stats'],
    queryFn: ({ signal }) => getCorporateStats(signal),
    staleTime: 60_000,
  });

export const useCorporateStats = () => useQuery(corporateStatsQueryOptions());
