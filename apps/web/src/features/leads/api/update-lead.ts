import type { Lead, LeadDetail, LeadPatch, LeadStatus, LeadsList } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
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
  /** The status the lead had: archiving an active lead can be undone from its toast. */
  from?: LeadStatus;
  /** This change undoes an archive (the toast's Undo). */
  undo?: boolean;
}

/** How long the toast of an archive stays, so that Undo can be reached. */
const UNDO_TOAST_MS = 8000;

function describe(patch: LeadPatch, undo?: boolean): { done: string; failed: string } {
  if (undo) return { done: 'Archive undone', failed: 'Could not undo the archive' };
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
  // The toast's Undo runs the same change back, with its own toast and refreshes.
  const again = useRef<(change: LeadChange) => void>(() => {});
  const mutation = useMutation({
    mutationFn: ({ id, patch }: LeadChange) => updateLead(id, patch),
    onSuccess: (lead, { patch, from, undo }) => {
      queryClient.setQueryData(leadDetailQueryKey(lead.id), lead);
      // The row shows the change at once; the lists are then fetched again for their counts.
      const { events: _events, ...row } = lead;
      queryClient.setQueriesData<LeadsList>({ queryKey: leadsListQueryKey }, (list) =>
        list ? { ...list, items: list.items.map((item): Lead => (item.id === lead.id ? row : item)) } : list,
      );
      if (patch.status === 'archived' && from === 'active') {
        // Archiving changes the status alone (and the activity says so): Undo makes it active again.
        toast.success(describe(patch).done, {
          duration: UNDO_TOAST_MS,
          action: {
            label: 'Undo',
            onClick: () => again.current({ id: lead.id, patch: { status: 'active' }, undo: true }),
          },
        });
      } else {
        toast.success(describe(patch, undo).done);
      }
      const refreshes = [queryClient.invalidateQueries({ queryKey: leadsListQueryKey })];
      // Closing (or reopening a closed lead) moves the agent's closings and commission totals.
      if (patch.status && signedInAgent) {
        refreshes.push(queryClient.invalidateQueries({ queryKey: meQueryKey, exact: true }));
        refreshes.push(queryClient.invalidateQueries({ queryKey: leadStatsQueryKey }));
      }
      return Promise.all(refreshes);
    },
    onError: (error, { patch, undo }) => {
      toast.error(describe(patch, undo).failed, { description: errorMessage(error) });
    },
  });
  again.current = mutation.mutate;
  return mutation;
}
