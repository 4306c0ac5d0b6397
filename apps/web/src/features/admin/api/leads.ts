// The console's leads: every lead or the unassigned ones, a manual assignment, the CSV import.
import type { AdminImportPreview, AdminLead, AdminLeadsListSchema } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys, useAdminMutation } from '../components/admin-api';

export type AdminLeadsList = z.infer<typeof AdminLeadsListSchema>;
export type LeadsQuery = Record<string, string | number>;

export const adminLeadsQueryOptions = (query: LeadsQuery) =>
  queryOptions({
    queryKey: adminKeys.list('leads', query),
    queryFn: ({ signal }) => api.get<AdminLeadsList>('/admin/leads', { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useAdminLeads = (query: LeadsQuery, options: { enabled?: boolean } = {}) =>
  useQuery({ ...adminLeadsQueryOptions(query), ...options });

/** POST /admin/leads/:id/assign; the lists, the overview and both agents' records refetch. */
export function useAssignLead(
  options: { onSuccess?: () => void; onRefused?: (detail: string) => void } = {},
) {
  return useAdminMutation<
    AdminLead,
    { lead: AdminLead; agent: { id: string; name: string }; reason?: string }
  >({
    mutationFn: ({ lead, agent, reason }) =>
      api.post<AdminLead>(`/admin/leads/${encodeURIComponent(lead.id)}/assign`, {
        agent_id: agent.id,
        ...(reason ? { reason } : {}),
      }),
    success: (_lead, { agent, reason }) =>
      reason ? `Lead moved to ${agent.name}` : `Lead assigned to ${agent.name}`,
    onSuccess: options.onSuccess,
    // "This lead is already assigned to ..." (409) is shown in the dialog.
    onFieldError: options.onRefused,
    fieldErrorStatuses: [400, 409, 422],
    invalidate: (_lead, { lead, agent }) => [
      adminKeys.lists('leads'),
      adminKeys.overview(),
      adminKeys.detail('agents', agent.id),
      ...(lead.agent_id ? [adminKeys.detail('agents', lead.agent_id)] : []),
    ],
  });
}

/** What the import answers: how many rows went where, and why each rejected row was refused. */
export type ImportReport = {
  rows: number;
  imported: number;
  duplicates: number;
  unassigned: number;
  rejected: { row: number; errors: string[] }[];
};

/** POST /admin/leads/import with the file's text as text/csv. */
export function useImportLeads(options: { onFieldError?: (detail: string) => void } = {}) {
  return useAdminMutation<ImportReport, File>({
    mutationFn: (file) =>
      api.post<ImportReport>('/admin/leads/import', undefined, { body: file, contentType: 'text/csv' }),
    success: (report) => `${report.imported} of ${report.rows} leads imported`,
    onFieldError: options.onFieldError,
    invalidate: [adminKeys.lists('leads'), adminKeys.overview()],
  });
}

/** POST /admin/leads/import/preview: what the import would do, row by row; nothing is written. */
export function usePreviewImport(options: { onFieldError?: (detail: string) => void } = {}) {
  return useAdminMutation<AdminImportPreview, File>({
    mutationFn: (file) =>
      api.post<AdminImportPreview>('/admin/leads/import/preview', undefined, {
        body: file,
        contentType: 'text/csv',
      }),
    success: null,
    onFieldError: options.onFieldError,
  });
}
