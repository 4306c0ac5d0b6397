import { type ActiveStage, LEADS_PAGE_LIMIT, type LeadsList } from '@portal/shared';
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
  /** The work queue: active leads in the order to call them (the tab is then ignored). */
  view?: 'queue';
  /** One stage only: a column of the board. */
  stage?: ActiveStage;
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

/** The queue's page and search, as in `filter`. */
export const queueFilter = ({ q, page }: Pick<LeadsFilter, 'q' | 'page'>): LeadsFilter => ({
  tab: 'active',
  q,
  page,
  view: 'queue',
});

/** A column of the board: the first page of one stage's active leads, in the queue's order. */
export const stageFilter = (stage: ActiveStage, q: string): LeadsFilter => ({
  tab: 'active',
  q,
  page: 1,
  view: 'queue',
  stage,
});

/** Without the live stream, new leads show up all the same: the list is asked for this often. */
export const LEADS_REFRESH_MS = 15_000;

/**
 * GET /portal/me/leads: newest first, or in the queue's order, a page of 100. An agent sees its
 * leads; a recipient session (same path, X-Recipient-Session) sees the leads delivered to it.
 */
export const getLeads = ({ tab, q, page, view, stage }: LeadsFilter, signal?: AbortSignal) =>
  api.get<LeadsList>('/portal/me/leads', {
    query: {
      skip: (page - 1) * LEADS_PAGE_LIMIT,
      limit: LEADS_PAGE_LIMIT,
      ...(view === 'queue' ? { view } : tab === 'all' ? {} : { [tab]: true }),
      stage,
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
    refetchOnWindowFocus: true,
    staleTime: 5_000,
  });

/** `poll`: ask again every LEADS_REFRESH_MS, for when the live stream is not connected. */
export const useLeads = (filter: LeadsFilter, { poll = true, enabled = true } = {}) =>
  useQuery({ ...leadsListQueryOptions(filter), refetchInterval: poll ? LEADS_REFRESH_MS : false, enabled });
