import { type GroupLeadsList, LEADS_PAGE_LIMIT } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LeadsTab } from '@/components/leads/leads-list';
import { api } from '@/lib/api-client';
import { corporateQueryKey } from './get-linked-agents';

export interface GroupLeadsFilter {
  groupId: string;
  tab: LeadsTab;
  /** An agent's agent_uri, or '' for every agent of the group. */
  agentUri: string;
  /** 1-based page of LEADS_PAGE_LIMIT leads. */
  page: number;
}

/** GET /portal/groups/:groupId/leads: skip 0 / limit 100, filter by agent and status (SPEC.md section 7). */
export const getGroupLeads = ({ groupId, tab, agentUri, page }: GroupLeadsFilter, signal?: AbortSignal) =>
  api.get<GroupLeadsList>(`/portal/groups/${encodeURIComponent(groupId)}/leads`, {
    query: {
      skip: (page - 1) * LEADS_PAGE_LIMIT,
      limit: LEADS_PAGE_LIMIT,
      filter_agent_uri: agentUri || undefined,
      ...(tab === 'all' ? {} : { [tab]: true }),
    },
    signal,
  });

export const groupLeadsQueryOptions = (filter: GroupLeadsFilter) =>
  queryOptions({
    queryKey: [...corporateQueryKey, 'group-leads', filter],
    queryFn: ({ signal }) => getGroupLeads(filter, signal),
    // Another tab, agent or page of the same group keeps its rows on screen until the new ones
    // arrive; another group does not (its heading would sit over the old group's leads).
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[3] as GroupLeadsFilter | undefined)?.groupId === filter.groupId
        ? keepPreviousData(previous)
        : undefined,
    refetchInterval: 60_000,
    staleTime: 15_000,
  });

export const useGroupLeads = (filter: GroupLeadsFilter | null) =>
  useQuery({
    ...groupLeadsQueryOptions(filter ?? { groupId: '', tab: 'active', agentUri: '', page: 1 }),
    enabled: filter !== null,
  });
