import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { LeadsTab } from '@/components/leads/leads-list';

const TABS: readonly LeadsTab[] = ['active', 'archived', 'closed', 'all'];

/**
 * The office dashboard's group leads live in the address (?group=<id>&agent=<uri>&status=closed
 * &page=2&lead=<id>): a reload or a shared link shows the same list.
 */
export function useGroupLeadsUrlState() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const pageNumber = Number(params.get('page'));

  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  return {
    groupId: params.get('group'),
    agentUri: params.get('agent') ?? '',
    tab: (TABS as readonly (string | null)[]).includes(status) ? (status as LeadsTab) : 'active',
    page: Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber : 1,
    leadId: params.get('lead'),
    setGroup: useCallback(
      (groupId: string, replace = false) =>
        update({ group: groupId, agent: null, page: null, lead: null }, replace),
      [update],
    ),
    /** The group a link left out, keeping the rest of the link (agent, status, lead). */
    defaultGroup: useCallback((groupId: string) => update({ group: groupId }, true), [update]),
    setAgent: useCallback((uri: string) => update({ agent: uri, page: null }), [update]),
    /** One agent's leads in one of its groups (from the agents table). */
    showAgent: useCallback(
      (groupId: string, uri: string) => update({ group: groupId, agent: uri, page: null, lead: null }),
      [update],
    ),
    setTab: useCallback(
      (tab: LeadsTab) => update({ status: tab === 'active' ? null : tab, page: null }),
      [update],
    ),
    setPage: useCallback((page: number) => update({ page: page > 1 ? String(page) : null }), [update]),
    openLead: useCallback((id: string) => update({ lead: id }), [update]),
    closeLead: useCallback(() => update({ lead: null }, true), [update]),
  };
}
