import type { CorporateGroup } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { corporateQueryKey } from './get-linked-agents';

/** GET /portal/corporate-accessible-groups: the office's groups with agent counts. */
export const getAccessibleGroups = (signal?: AbortSignal) =>
  api.get<CorporateGroup[]>('/portal/corporate-accessible-groups', { signal });

export const accessibleGroupsQueryOptions = () =>
  queryOptions({
    queryKey: [...corporateQueryKey, 'groups'],
    queryFn: ({ signal }) => getAccessibleGroups(signal),
    staleTime: 60_000,
  });

export const useAccessibleGroups = () => useQuery(accessibleGroupsQueryOptions());
