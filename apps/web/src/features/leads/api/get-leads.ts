import { LEADS_PAGE_LIMIT, type LeadsList } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every query of the leads workspace starts with this key: one invalidation refreshes them all. */
export const leadsQueryKey = ['portal', 'leads'] as const;
export const leadsListQueryKey = [...leadsQueryKey, 'list'] as const;

export const LEADS_TABS = ['active', 'archived', 'closed', 'all'] as const;
export type LeadsTab = (typeof LEADS_TABS)[number];

export interface LeadsFilter {
  tab: LeadsTab;
  /** Name, phone or address; '' for none. */
  q: string;
  /** 1-based page of LEADS_PAGE_LIMIT leads. */
  page: number;
}

const isTab = (value: string | null): value is LeadsTab =>
  value !== null && (LEADS_TABS as readonly string[]).includes(value);

/** The list the address asks for (?status=archived&q=smith&page=2); anything else is the default. */
export function leadsFilterOf(params: URLSearchParams): LeadsFilter {
  const status = params.get('status');
  const pageNumber = Number(params.get('page'));
  return {
    tab: isTab(status) ? status : 'active',
    q: (params.get('q') ?? '').trim().slice(0, 100),
    page: Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber : 1,
  };
}

/** New leads show up without a reload: the list is asked for again this often and on focus. */
export const LEADS_REFRESH_MS = 15_000;

/**
 * GET /portal/me/leads: newest first, a page of 100. An agent sees its leads; a recipient
 * session (same path, X-Recipient-Session) sees the leads delivered to it.
 */
export const getLeads = ({ tab, q, page }: LeadsFilter, signal?: AbortSignal) =>
  api.get<LeadsList>('/portal/me/leads', {
    query: {
      skip: (page - 1) * LEADS_PAGE_LIMIT,
      limit: LEADS_PAGE_LIMIT,
      ...(tab === 'all' ? {} : { [tab]: true }),
      q: q || undefined,
    },
    signal,
  });

export const leadsListQueryOptions = (filter: LeadsFilter) =>
  queryOptions({
    queryKey: [...leadsListQueryKey, filter],
    queryFn: ({ signal }) => getLeads(filter, signal),
    // Another tab, page or search keeps the current rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    refetchInterval: LEADS_REFRESH_MS,
    refetchOnWindowFocus: true,
    staleTime: 5_000,
  });

export const useLeads = (filter: LeadsFilter) => useQuery(leadsListQueryOptions(filter));
