import { type GroupMember, LEADS_PAGE_LIMIT, type Lead, type LeadsList } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

/** A lead of a managed group's member, with whose it is and in which group. */
export interface ManagedLead extends Lead {
  member_id: string;
  member_name: string;
  group_name: string;
}

export interface ManagedMember extends GroupMember {
  group_id: string;
  group_name: string;
  /** null: the member's leads could not be read (not an agent, or the request failed). */
  total: number | null;
}

export interface ManagedLeads {
  members: ManagedMember[];
  /** Every member's newest leads, newest first, each lead once. */
  leads: ManagedLead[];
  /** Members whose list failed for another reason than "not an agent": shown as empty. */
  failed: number;
}

/** GET /portal/managed-groups/:groupId/members. */
export const getManagedMembers = (groupId: string, signal?: AbortSignal) =>
  api.get<GroupMember[]>(`/portal/managed-groups/${encodeURIComponent(groupId)}/members`, { signal });

/** GET /portal/managed-groups/:groupId/members/:memberId/leads, skip 0 and limit 100 (SPEC.md section 9). */
export const getMemberLeads = (groupId: string, memberId: string, signal?: AbortSignal) =>
  api.get<LeadsList>(
    `/portal/managed-groups/${encodeURIComponent(groupId)}/members/${encodeURIComponent(memberId)}/leads`,
    { query: { skip: 0, limit: LEADS_PAGE_LIMIT }, signal },
  );

/**
 * The aggregate of SPEC.md sections 6 and 9: for each managed group, its members, then each
 * member's first page of leads. A 400 means the member is not an agent and is skipped; any other
 * failure of one member's list gives an empty list for that member, not an error page.
 */
export async function getManagedLeads(
  groups: readonly { group_id: string; group_name: string }[],
  signal?: AbortSignal,
): Promise<ManagedLeads> {
  const perGroup = await Promise.all(
    groups.map(async (group) => {
      const members = await getManagedMembers(group.group_id, signal);
      return Promise.all(
        members.map(async (member) => {
          try {
            const list = await getMemberLeads(group.group_id, member.id, signal);
            return { member: { ...member, ...group, total: list.total }, items: list.items, failed: false };
          } catch (error) {
            if (signal?.aborted) throw error;
            const notAgent = isApiError(error) && error.status === 400;
            return { member: { ...member, ...group, total: null }, items: [] as Lead[], failed: !notAgent };
          }
        }),
      );
    }),
  );
  const seen = new Set<string>();
  const leads: ManagedLead[] = [];
  let failed = 0;
  const members: ManagedMember[] = [];
  for (const { member, items, failed: memberFailed } of perGroup.flat()) {
    members.push(member);
    if (memberFailed) failed += 1;
    for (const lead of items) {
      if (seen.has(lead.id)) continue;
      seen.add(lead.id);
      leads.push({ ...lead, member_id: member.id, member_name: member.name, group_name: member.group_name });
    }
  }
  leads.sort((a, b) => b.created_at.localeCompare(a.created_at) || (a.id < b.id ? 1 : -1));
  return { members, leads, failed };
}

export const managedLeadsQueryOptions = (groups: readonly { group_id: string; group_name: string }[]) =>
  queryOptions({
    queryKey: ['portal', 'managed-groups', groups.map((group) => group.group_id)],
    queryFn: ({ signal }) => getManagedLeads(groups, signal),
    refetchInterval: 60_000,
    staleTime: 15_000,
  });

export const useManagedLeads = (groups: readonly { group_id: string; group_name: string }[]) =>
  useQuery(managedLeadsQueryOptions(groups));
