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
  /** The member's leads by status on the server; null when its list could not be loaded. */
  counts: LeadsList['counts'] | null;
}

export interface ManagedLeads {
  /** Members who are agents, each once (in the first managed group that lists them). */
  members: ManagedMember[];
  /** Every member's newest leads (100 each), newest first, each lead once. */
  leads: ManagedLead[];
  /** Groups or members whose list failed for another reason than "not an agent": shown as empty. */
  failed: number;
}

/** At most this many member lists are asked for at once. */
const CONCURRENCY = 6;

async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return results;
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
 * member's first page of leads (skip 0, limit 100). A 400 means the member is not an agent and is
 * skipped; any other failure, of a group's members or of one member's list, gives an empty list
 * there instead of an error page.
 */
export async function getManagedLeads(
  groups: readonly { group_id: string; group_name: string }[],
  signal?: AbortSignal,
): Promise<ManagedLeads> {
  let failed = 0;
  const lists = await Promise.all(
    groups.map(async (group) => {
      try {
        return (await getManagedMembers(group.group_id, signal)).map((member) => ({ ...member, ...group }));
      } catch (error) {
        if (signal?.aborted) throw error;
        failed += 1;
        return [];
      }
    }),
  );
  const unique = new Map<string, GroupMember & { group_id: string; group_name: string }>();
  for (const member of lists.flat()) if (!unique.has(member.id)) unique.set(member.id, member);

  const results = await inBatches([...unique.values()], async (member) => {
    try {
      const list = await getMemberLeads(member.group_id, member.id, signal);
      return { member: { ...member, counts: list.counts }, items: list.items };
    } catch (error) {
      if (signal?.aborted) throw error;
      if (isApiError(error) && error.status === 400) return null;
      failed += 1;
      return { member: { ...member, counts: null }, items: [] as Lead[] };
    }
  });

  const seen = new Set<string>();
  const leads: ManagedLead[] = [];
  const members: ManagedMember[] = [];
  for (const result of results) {
    if (!result) continue;
    members.push(result.member);
    for (const lead of result.items) {
      if (seen.has(lead.id)) continue;
      seen.add(lead.id);
      leads.push({
        ...lead,
        member_id: result.member.id,
        member_name: result.member.name,
        group_name: result.member.group_name,
      });
    }
  }
  members.sort((a, b) => a.name.localeCompare(b.name));
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
