import { LEADS_PAGE_LIMIT, type Pipeline, type StaleLeadsList } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';
import { corporateQueryKey } from './get-linked-agents';

/**
 * Whose pipeline: an office's agents (of one of its groups, or one agent: the dashboard's
 * filters), or the members of a group a manager manages (or one member).
 */
export type PipelineScope =
  | { kind: 'corporate'; groupId: string | null; agentUri: string }
  | { kind: 'manager'; groupId: string; memberId: string };

/** A range of days (YYYY-MM-DD, both included); none is the server's default, the last 30 days. */
export interface PipelineDates {
  from: string | null;
  to: string | null;
}

const base = (scope: PipelineScope) =>
  scope.kind === 'corporate'
    ? '/portal/corporate-pipeline'
    : `/portal/managed-groups/${encodeURIComponent(scope.groupId)}`;

const filters = (scope: PipelineScope) =>
  scope.kind === 'corporate'
    ? { group_id: scope.groupId ?? undefined, filter_agent_uri: scope.agentUri || undefined }
    : { member_id: scope.memberId || undefined };

const dates = (range: PipelineDates) => ({ from: range.from ?? undefined, to: range.to ?? undefined });

/** GET /portal/corporate-pipeline or /portal/managed-groups/:groupId/pipeline. */
export const getPipeline = (scope: PipelineScope, range: PipelineDates, signal?: AbortSignal) =>
  api.get<Pipeline>(scope.kind === 'corporate' ? base(scope) : `${base(scope)}/pipeline`, {
    query: { ...filters(scope), ...dates(range) },
    signal,
  });

export const pipelineQueryOptions = (scope: PipelineScope, range: PipelineDates) =>
  queryOptions({
    queryKey: [...corporateQueryKey, 'pipeline', scope, range],
    queryFn: ({ signal }) => getPipeline(scope, range, signal),
    // Another range or agent of the same group keeps the table on screen, dimmed, until the new
    // figures arrive; another group does not (its heading would sit over the old group's agents).
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[3] as PipelineScope | undefined)?.groupId === scope.groupId
        ? keepPreviousData(previous)
        : undefined,
    refetchInterval: 60_000,
    staleTime: 15_000,
  });

export const usePipeline = (scope: PipelineScope | null, range: PipelineDates) =>
  useQuery({
    ...pipelineQueryOptions(scope ?? { kind: 'corporate', groupId: null, agentUri: '' }, range),
    enabled: scope !== null,
  });

/** The stale leads of the scope, longest untouched first, a page of 100 at a time. */
export const getStaleLeads = (scope: PipelineScope, page: number, signal?: AbortSignal) =>
  api.get<StaleLeadsList>(`${base(scope)}/stale-leads`, {
    query: { ...filters(scope), skip: (page - 1) * LEADS_PAGE_LIMIT, limit: LEADS_PAGE_LIMIT },
    signal,
  });

export const staleLeadsQueryOptions = (scope: PipelineScope, page: number) =>
  queryOptions({
    queryKey: [...corporateQueryKey, 'stale-leads', scope, page],
    queryFn: ({ signal }) => getStaleLeads(scope, page, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const useStaleLeads = (scope: PipelineScope | null, page: number) =>
  useQuery({
    ...staleLeadsQueryOptions(scope ?? { kind: 'corporate', groupId: null, agentUri: '' }, page),
    enabled: scope !== null,
  });

/** The path and query of a CSV file of the scope: what the "Export CSV" buttons fetch. */
export function pipelineCsvRequest(scope: PipelineScope, range: PipelineDates, what: 'agents' | 'leads') {
  const path =
    scope.kind === 'corporate' ? `${base(scope)}/${what}.csv` : `${base(scope)}/pipeline/${what}.csv`;
  return { path, query: { ...filters(scope), ...dates(range) } };
}

/**
 * The CSV files need the bearer token: fetched here, then saved. The range is the one on screen
 * (the server's dates), so the file holds what the table shows even past midnight.
 */
export async function downloadPipelineCsv(
  scope: PipelineScope,
  range: { from: string; to: string },
  what: 'agents' | 'leads',
) {
  const { path, query } = pipelineCsvRequest(scope, range, what);
  const blob = await api.get<Blob>(path, { query, responseType: 'blob' });
  saveBlob(blob, `pipeline-${what}-${range.from}-to-${range.to}.csv`);
}
