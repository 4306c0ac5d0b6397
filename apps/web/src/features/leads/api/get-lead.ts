import type { LeadDetail } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadsQueryKey } from './get-leads';

export const leadDetailQueryKey = (id: string) => [...leadsQueryKey, 'detail', id] as const;

/** GET /portal/me/leads/:id: the lead and its activity timeline; 404 for a lead that is not yours. */
export const getLead = (id: string, signal?: AbortSignal) =>
  api.get<LeadDetail>(`/portal/me/leads/${encodeURIComponent(id)}`, { signal });

export const leadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: leadDetailQueryKey(id),
    queryFn: ({ signal }) => getLead(id, signal),
    // Deliveries and calls are added to the timeline while the panel is open.
    refetchInterval: 15_000,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
  });

export const useLead = (id: string) => useQuery(leadQueryOptions(id));
