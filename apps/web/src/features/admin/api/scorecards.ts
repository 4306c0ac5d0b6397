// The console's scorecards: every agent's figures of the last 90 days, sorted and filtered by the
// server, with the network's floors.
import type { ScorecardList } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from '../components/admin-api';

export interface ScorecardsQuery {
  /** A figure's key, or agent_name (the server's `name`). */
  sort: string;
  order: 'asc' | 'desc';
  below_floor?: boolean;
  q?: string;
  /** 1-based. */
  page: number;
  page_size: number;
}

/** GET /admin/scorecards?sort=&order=&below_floor=true&q=&page=&page_size=. */
export const getScorecards = (query: ScorecardsQuery, signal?: AbortSignal) =>
  api.get<ScorecardList>('/admin/scorecards', {
    query: {
      sort: query.sort === 'agent_name' ? 'name' : query.sort,
      order: query.order,
      below_floor: query.below_floor ? true : undefined,
      q: query.q || undefined,
      page: query.page,
      page_size: query.page_size,
    },
    signal,
  });

export const scorecardsQueryOptions = (query: ScorecardsQuery) =>
  queryOptions({
    queryKey: adminKeys.list('scorecards', { ...query }),
    queryFn: ({ signal }) => getScorecards(query, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminScorecards = (query: ScorecardsQuery) => useQuery(scorecardsQueryOptions(query));
