// The console's agents: the list, one agent's whole record, its changes, the agent's own view
// (preview) and the agreement PDFs.
import type { AdminAgentDetail, AdminAgentPatch, AdminAgentsList, PortalMe } from '@portal/shared';
import { keepPreviousData, type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';
import { adminKeys, useAdminMutation } from '../components/admin-api';

const agentPath = (id: string) => `/admin/agents/${encodeURIComponent(id)}`;

export type AgentsQuery = Record<string, string | number>;

export const agentsQueryOptions = (query: AgentsQuery) =>
  queryOptions({
    queryKey: adminKeys.list('agents', query),
    queryFn: ({ signal }) => api.get<AdminAgentsList>('/admin/agents', { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useAdminAgents = (query: AgentsQuery, options: { enabled?: boolean } = {}) =>
  useQuery({ ...agentsQueryOptions(query), ...options });

export const agentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.detail('agents', id),
    queryFn: ({ signal }) => api.get<AdminAgentDetail>(agentPath(id), { signal }),
  });

export const useAdminAgent = (id: string) => useQuery(agentQueryOptions(id));

export const agentPreviewQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.detail('agents', id, 'preview'),
    queryFn: ({ signal }) => api.get<PortalMe>(`${agentPath(id)}/preview`, { signal }),
  });

export const useAgentPreview = (id: string) => useQuery(agentPreviewQueryOptions(id));

/**
 * PATCH /admin/agents/:id. The answer is the whole record, so it replaces the cached one; lists
 * and the overview refetch because a status may have moved.
 */
export function useUpdateAgent(
  id: string,
  options: {
    success: string;
    onFieldError?: (detail: string) => void;
    onSuccess?: () => void;
    /** More queries the change touches (the agent's ledger, for a referral fee rate). */
    invalidate?: QueryKey[];
  },
) {
  return useAdminMutation<AdminAgentDetail, AdminAgentPatch>({
    mutationFn: (patch) => api.patch<AdminAgentDetail>(agentPath(id), patch),
    success: options.success,
    onFieldError: options.onFieldError,
    // A taken agent URI is a 409: shown next to the form too.
    fieldErrorStatuses: [400, 409, 422],
    onSuccess: options.onSuccess,
    invalidate: [
      adminKeys.detail('agents', id),
      adminKeys.lists('agents'),
      adminKeys.overview(),
      ...(options.invalidate ?? []),
    ],
  });
}

/** The agreement PDFs need the bearer token: fetched here, then saved as a file. */
export async function downloadAgentDocument(
  id: string,
  kind: 'service' | 'master',
  version: 'original' | 'final',
  fileName: string,
) {
  const blob = await api.get<Blob>(`${agentPath(id)}/documents/${kind}`, {
    query: { version },
    responseType: 'blob',
  });
  saveBlob(blob, fileName);
}
