import type {
  AdminGroupCreateSchema,
  AdminGroupDetail,
  AdminGroupPatchSchema,
  AdminGroupsListSchema,
  AdminMembershipSchema,
} from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys, useAdminMutation } from '../components/admin-api';

export type AdminGroupsList = z.infer<typeof AdminGroupsListSchema>;
export type AdminGroupCreate = z.infer<typeof AdminGroupCreateSchema>;
export type AdminGroupPatch = z.infer<typeof AdminGroupPatchSchema>;
export type AdminMembership = z.input<typeof AdminMembershipSchema>;

export interface GroupsParams {
  q?: string;
  corporate_user_id?: string;
  skip: number;
  limit: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

const groupPath = (id: string) => `/admin/groups/${encodeURIComponent(id)}`;

export const getGroups = (params: GroupsParams, signal?: AbortSignal) =>
  api.get<AdminGroupsList>('/admin/groups', { query: { ...params }, signal });

export const groupsQueryOptions = (params: GroupsParams) =>
  queryOptions({
    queryKey: adminKeys.list('groups', { ...params }),
    queryFn: ({ signal }) => getGroups(params, signal),
    placeholderData: keepPreviousData,
  });

export const useGroups = (params: GroupsParams) => useQuery(groupsQueryOptions(params));

/** The groups one corporate user owns, for a picker; nothing is asked before one is chosen. */
export const useGroupChoices = (corporateUserId: string | null) =>
  useQuery({
    ...groupsQueryOptions({ corporate_user_id: corporateUserId ?? '', skip: 0, limit: 100 }),
    placeholderData: undefined,
    enabled: Boolean(corporateUserId),
  });

export const getGroup = (id: string, signal?: AbortSignal) =>
  api.get<AdminGroupDetail>(groupPath(id), { signal });

export const groupQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.detail('groups', id), queryFn: ({ signal }) => getGroup(id, signal) });

export const useGroup = (id: string) => useQuery(groupQueryOptions(id));

export const createGroup = (input: AdminGroupCreate) => api.post<AdminGroupDetail>('/admin/groups', input);
export const renameGroup = (id: string, patch: AdminGroupPatch) =>
  api.patch<AdminGroupDetail>(groupPath(id), patch);
export const deleteGroup = (id: string) => api.delete<void>(groupPath(id));

/** Adds the agent, or changes whether they manage the group. */
export const putGroupMember = (id: string, membership: AdminMembership) =>
  api.put<AdminGroupDetail>(`${groupPath(id)}/members`, membership);
export const removeGroupMember = (id: string, agentId: string) =>
  api.delete<AdminGroupDetail>(`${groupPath(id)}/members/${encodeURIComponent(agentId)}`);

/** A group's name, owner and counts show in the corporate users' counts and in access codes too. */
const lists = () => [
  adminKeys.lists('groups'),
  adminKeys.area('corporate-users'),
  adminKeys.area('access-codes'),
];

export function useCreateGroup(options: {
  onFieldError: (detail: string) => void;
  onSuccess?: (group: AdminGroupDetail) => void;
}) {
  return useAdminMutation<AdminGroupDetail, AdminGroupCreate>({
    mutationFn: createGroup,
    success: (group) => `Group ${group.name} created`,
    invalidate: lists(),
    onSuccess: options.onSuccess,
    onFieldError: options.onFieldError,
    fieldErrorStatuses: [400, 409, 422],
  });
}

export function useRenameGroup(options: { onFieldError: (detail: string) => void }) {
  return useAdminMutation<AdminGroupDetail, { id: string; name: string }>({
    mutationFn: ({ id, name }) => renameGroup(id, { name }),
    success: (group) => `Group renamed to ${group.name}`,
    invalidate: (group) => [adminKeys.detail('groups', group.id), ...lists()],
    onFieldError: options.onFieldError,
    fieldErrorStatuses: [400, 409, 422],
  });
}

export function useDeleteGroup(options: { onFieldError: (detail: string) => void; onSuccess?: () => void }) {
  return useAdminMutation<void, { id: string; name: string }>({
    mutationFn: ({ id }) => deleteGroup(id),
    success: (_, { name }) => `Group ${name} deleted`,
    // Not the group's own record: it is gone, and asking for it again would only answer 404.
    invalidate: [...lists(), adminKeys.lists('agents')],
    onSuccess: options.onSuccess,
    onFieldError: options.onFieldError,
    fieldErrorStatuses: [400, 404, 409, 422],
  });
}

/** After a membership change the answer is the whole group: it replaces the cached one. */
function useMembershipMutation<V>(
  groupId: string,
  mutationFn: (variables: V) => Promise<AdminGroupDetail>,
  success: (group: AdminGroupDetail, variables: V) => string,
  options: { onFieldError?: (detail: string) => void; onSuccess?: () => void },
) {
  const queryClient = useQueryClient();
  return useAdminMutation<AdminGroupDetail, V>({
    mutationFn,
    success,
    invalidate: [...lists(), adminKeys.lists('agents')],
    onSuccess: (group) => {
      queryClient.setQueryData(adminKeys.detail('groups', groupId), group);
      options.onSuccess?.();
    },
    onFieldError: options.onFieldError,
    fieldErrorStatuses: [400, 404, 409, 422],
  });
}

export const usePutGroupMember = (
  groupId: string,
  options: { onFieldError?: (detail: string) => void; onSuccess?: () => void } = {},
) =>
  useMembershipMutation<AdminMembership & { name: string; adding: boolean }>(
    groupId,
    ({ agent_id, is_manager }) => putGroupMember(groupId, { agent_id, is_manager }),
    (group, { name, adding, is_manager }) =>
      adding
        ? `${name} added to ${group.name}${is_manager ? ' as a manager' : ''}`
        : is_manager
          ? `${name} now manages ${group.name}`
          : `${name} no longer manages ${group.name}`,
    options,
  );

export const useRemoveGroupMember = (
  groupId: string,
  options: { onFieldError?: (detail: string) => void; onSuccess?: () => void } = {},
) =>
  useMembershipMutation<{ agent_id: string; name: string }>(
    groupId,
    ({ agent_id }) => removeGroupMember(groupId, agent_id),
    (group, { name }) => `${name} removed from ${group.name}`,
    options,
  );

/** For RenameDialog: saves a group's new name. */
export function useGroupRenamer(id: string, onFieldError: (detail: string) => void) {
  const rename = useRenameGroup({ onFieldError });
  return (name: string) => rename.mutateAsync({ id, name });
}
