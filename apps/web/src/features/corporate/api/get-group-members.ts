import type { GroupMember } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { corporateQueryKey } from './get-linked-agents';

/** GET /portal/corporate-groups/:groupId/members: the group's agents the office may see. */
export const getGroupMembers = (groupId: string, signal?: AbortSignal) =>
  api.get<GroupMember[]>(`/portal/corporate-groups/${encodeURIComponent(groupId)}/members`, { signal });

export const groupMembersQueryOptions = (groupId: string) =>
  queryOptions({
    queryKey: [...corporateQueryKey, 'members', groupId],
    queryFn: ({ signal }) => getGroupMembers(groupId, signal),
    staleTime: 60_000,
  });

export const useGroupMembers = (groupId: string | null) =>
  useQuery({ ...groupMembersQueryOptions(groupId ?? ''), enabled: groupId !== null });
