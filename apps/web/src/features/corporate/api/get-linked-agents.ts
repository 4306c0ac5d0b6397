import type { LinkedAgent } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const corporateQueryKey = ['portal', 'corporate'] as const;

/** GET /portal/linked-agents: the office's agents with their figures. */
export const getLinkedAgents = (signal?: AbortSignal) =>
  api.get<LinkedAgent[]>('/portal/linked-agents', { signal });

export const linkedAgentsQueryOptions = () =>
  queryOptions({
    queryKey: [...corporateQueryKey, 'linked-agents'],
    queryFn: ({ signal }) => getLinkedAgents(signal),
    staleTime: 60_000,
  });

export const useLinkedAgents = () => useQuery(linkedAgentsQueryOptions());
