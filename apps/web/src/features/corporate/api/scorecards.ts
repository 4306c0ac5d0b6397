import type { TeamScorecardList } from '@portal/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Whose cards: the office's agents, or one managed group's members. */
export type ScorecardScope = { kind: 'corporate' } | { kind: 'manager'; groupId: string };

const scorecardsKey = ['portal', 'team-scorecards'] as const;

/**
 * GET /portal/corporate-scorecards (an office) or /portal/managed-groups/:groupId/scorecards (a
 * group manager): the agents' cards side by side, with the network's floors.
 */
export const getTeamScorecards = (scope: ScorecardScope, signal?: AbortSignal) =>
  api.get<TeamScorecardList>(
    scope.kind === 'corporate'
      ? '/portal/corporate-scorecards'
      : `/portal/managed-groups/${encodeURIComponent(scope.groupId)}/scorecards`,
    { signal },
  );

export const teamScorecardsQueryOptions = (scope: ScorecardScope) =>
  queryOptions({
    queryKey: [...scorecardsKey, scope],
    queryFn: ({ signal }) => getTeamScorecards(scope, signal),
    staleTime: 60_000,
  });

export const useTeamScorecards = (scope: ScorecardScope) => useQuery(teamScorecardsQueryOptions(scope));

/** PATCH /portal/managed-groups/:groupId/members/:memberId {paused_until}: a manager pauses a member. */
export function usePauseMember(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, pausedUntil }: { agentId: string; pausedUntil: string | null }) =>
      api.patch<unknown>(
        `/portal/managed-groups/${encodeURIComponent(groupId)}/members/${encodeURIComponent(agentId)}`,
        { paused_until: pausedUntil },
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: scorecardsKey }),
  });
}

/** PATCH /portal/corporate-agents/:agentId {monthly_lead_cap}: an office caps one of its agents. */
export function useSetAgentCap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, cap }: { agentId: string; cap: number | null }) =>
      api.patch<unknown>(`/portal/corporate-agents/${encodeURIComponent(agentId)}`, {
        monthly_lead_cap: cap,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: scorecardsKey }),
  });
}
