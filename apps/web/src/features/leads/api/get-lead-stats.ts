import type { LeadStats } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadsQueryKey } from './get-leads';

export type { LeadStats };

export const leadStatsQueryKey = [...leadsQueryKey, 'stats'] as const;

/** Agents only: a recipient session is refused (403). */
export const getLeadStats = (signal?: AbortSignal) => api.get<LeadStats>('/portal/me/lead-stats', { signal });

export const leadStatsQueryOptions = () =>
  queryOptions({
    queryKey: leadStatsQueryKey,
    queryFn: ({ signal }) => getLeadStats(signal),
    refetchOnWindowFocus: true,
  });

export const useLeadStats = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...leadStatsQueryOptions(), enabled: options.enabled ?? true });
