import type { Lead, LeadDetail, LeadPatch, LeadsList } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { meQueryKey, useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { leadDetailQueryKey } from './get-lead';
import { leadStatsQueryKey } from './get-lead-stats';
import { leadsListQueryKey } from './get-leads';

/** PATCH /portal/me/leads/:id: archive, reopen, close (with its figures) or notes; answers the lead. */
export const updateLead = (id: string, patch: LeadPatch) =>
  api.patch<LeadDetail>(`/portal/me/leads/${encodeURIComponent(id)}`, patch);

export interface LeadChange {
  id: string;
  patch: LeadPatch;
}

function describe(patch: LeadPatch): { done: string; failed: string } {
  switch (patch.status) {
    case 'archived':
      return { done: 'Lead archived', failed: 'Could not archive the lead' };
    case 'active':
      return { done: 'Lead reopened', failed: 'Could not reopen the lead' };
    case 'closed':
      return { done: 'Lead closed', failed: 'Could not close the lead' };
    default:
      return { done: 'Notes saved', failed: 'Could not save the notes' };
  }
}

export function useUpdateLead() {
  const queryClient = useQueryClient();
  const signedInAgent = useAuth().status === 'user';
  return useMutation({
    mutationFn: ({ id, patch }: LeadChange) => updateLead(id, patch),
    onSuccess: (lead, { patch }) => {
      queryClient.setQueryData(leadDetailQueryKey(lead.id), lead);
      // The row shows the change at once; the lists are then fetched again for their counts.
      const { events: _events, ...row } = lead;
      queryClient.setQueriesData<LeadsList>({ queryKey: leadsListQueryKey }, (list) =>
        list ? { ...list, items: list.items.map((item): Lead => (item.id === lead.id ? row : item)) } : list,
      );
      toast.success(describe(patch).done);
      const refreshes = [queryClient.invalidateQueries({ queryKey: leadsListQueryKey })];
      // Closing (or reopening a closed lead) moves the agent's closings and commission totals.
      if (patch.status && signedInAgent) {
        refreshes.push(queryClient.invalidateQueries({ queryKey: meQueryKey, exact: true }));
        refreshes.push(queryClient.invalidateQueries({ queryKey: leadStatsQueryKey }));
      }
      return Promise.all(refreshes);
    },
    onError: (error, { patch }) => {
      toast.error(describe(patch).failed, { description: errorMessage(error) });
    },
  });
}
