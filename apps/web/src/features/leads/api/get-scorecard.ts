import type { Scorecard } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const scorecardQueryKey = ['portal', 'scorecard'] as const;

/** GET /portal/me/scorecard: the agent's figures over the last 90 days, each with its floor. */
export const getScorecard = (signal?: AbortSignal) => api.get<Scorecard>('/portal/me/scorecard', { signal });

export const scorecardQueryOptions = () =>
  queryOptions({
    queryKey: scorecardQueryKey,
    queryFn: ({ signal }) => getScorecard(signal),
    // The job writes the cards every 15 minutes: a minute is fresh enough.
    staleTime: 60_000,
  });

export const useScorecard = () => useQuery(scorecardQueryOptions());
