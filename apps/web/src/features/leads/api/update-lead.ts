import {
  type Lead,
  type LeadDetail,
  type LeadPatch,
  type LeadStatus,
  type LeadsList,
  STAGE_LABELS,
  statusOfStage,
} from '@portal/shared';
import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api, errorMessage } from '@/lib/api-client';
import { meQueryKey, useAuth } from '@/lib/auth';
import { billingQueryKey } from '@/lib/billing-api';
import { toast } from '@/lib/toast';
import { leadDetailQueryKey } from './get-lead';
import { leadStatsQueryKey } from './get-lead-stats';
import { leadsListQueryKey } from './get-leads';

/**
 * PATCH /portal/me/leads/:id: a stage (archive with a reason or a hold, reopen, close with its
 * figures), the next action, or notes; answers the lead.
 */
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

const archives = (patch: LeadPatch) =>
  patch.status === 'archived' || patch.stage === 'lost' || patch.stage === 'on_hold';
const reopens = (patch: LeadPatch) => patch.status === 'active' && patch.stage === undefined;
const closes = (patch: LeadPatch) => patch.status === 'closed' || patch.stage === 'closed';

export function describeChange(patch: LeadPatch, undo?: boolean): { done: string; failed: string } {
  if (undo) return { done: 'Archive undone', failed: 'Could not undo the archive' };
  if (closes(patch)) return { done: 'Lead closed', failed: 'Could not close the lead' };
  if (patch.stage === 'on_hold')
    return { done: 'Lead put on hold', failed: 'Could not put the lead on hold' };
  if (archives(patch)) return { done: 'Lead archived', failed: 'Could not archive the lead' };
  if (reopens(patch)) return { done: 'Lead reopened', failed: 'Could not reopen the lead' };
  if (patch.stage) {
    return { done: `Moved to ${STAGE_LABELS[patch.stage]}`, failed: 'Could not change the stage' };
  }
  if (patch.next_action_at !== undefined || patch.next_action !== undefined) {
    return patch.next_action_at === null
      ? { done: 'Next action cleared', failed: 'Could not clear the next action' }
      : { done: 'Next action saved', failed: 'Could not save the next action' };
  }
  return { done: 'Notes saved', failed: 'Could not save the notes' };
}

/**
 * What the sheet and the lists show at once, before the server answers: a move between active
 * stages and the next action. Archiving, closing and reopening wait for the server, which
 * decides the stage they end in.
 */
function optimistic(lead: Lead, patch: LeadPatch): Lead | null {
  const next: Partial<Lead> = {};
  if (patch.stage && patch.status === undefined && statusOfStage(patch.stage) === 'active') {
    if (lead.status !== 'active') return null;
    next.stage = patch.stage;
  }
  if (patch.next_action_at !== undefined) next.next_action_at = patch.next_action_at;
  if (patch.next_action !== undefined) next.next_action = patch.next_action;
  return Object.keys(next).length > 0 ? { ...lead, ...next } : null;
}

interface Snapshot {
  detail: LeadDetail | undefined;
  lists: [QueryKey, LeadsList | undefined][];
}

function replaceRow(queryClient: QueryClient, row: Lead) {
  queryClient.setQueriesData<LeadsList>({ queryKey: leadsListQueryKey }, (list) =>
    list ? { ...list, items: list.items.map((item): Lead => (item.id === row.id ? row : item)) } : list,
  );
}

export function useUpdateLead() {
  const queryClient = useQueryClient();
  const signedInAgent = useAuth().status === 'user';
  // The toast's Undo runs the same change back, with its own toast and refreshes.
  const again = useRef<(change: LeadChange) => void>(() => {});
  const mutation = useMutation({
    mutationFn: ({ id, patch }: LeadChange) => updateLead(id, patch),
    onMutate: async ({ id, patch }): Promise<Snapshot | undefined> => {
      const key = leadDetailQueryKey(id);
      const detail = queryClient.getQueryData<LeadDetail>(key);
      const lists = queryClient.getQueriesData<LeadsList>({ queryKey: leadsListQueryKey });
      const current = detail ?? lists.flatMap(([, list]) => list?.items ?? []).find((item) => item.id === id);
      const changed = current ? optimistic(current, patch) : null;
      if (!changed) return undefined;
      // A fetch on its way would put the old value back over the new one.
      await queryClient.cancelQueries({ queryKey: key });
      if (detail) queryClient.setQueryData<LeadDetail>(key, { ...detail, ...changed });
      const { events: _events, ...row } = changed as LeadDetail;
      replaceRow(queryClient, row);
      return { detail, lists };
    },
    onSuccess: (lead, { patch, from, undo }) => {
      queryClient.setQueryData(leadDetailQueryKey(lead.id), lead);
      // The row shows the change at once; the lists are then fetched again for their counts.
      const { events: _events, ...row } = lead;
      replaceRow(queryClient, row);
      if (archives(patch) && from === 'active') {
        // Undo makes it active again (the server brings an archived lead back to Pursuing).
        toast.success(describeChange(patch).done, {
          duration: UNDO_TOAST_MS,
          action: {
            label: 'Undo',
            onClick: () => again.current({ id: lead.id, patch: { status: 'active' }, undo: true }),
          },
        });
      } else {
        toast.success(describeChange(patch, undo).done);
      }
      const refreshes = [queryClient.invalidateQueries({ queryKey: leadsListQueryKey })];
      // Closing (or reopening a closed lead) moves the agent's closings and commission totals;
      // stages and next actions move the queue's figures.
      if (signedInAgent) {
        if (patch.status || patch.stage === 'closed') {
          refreshes.push(queryClient.invalidateQueries({ queryKey: meQueryKey, exact: true }));
          // A closing issues an invoice; reopening may void it.
          refreshes.push(queryClient.invalidateQueries({ queryKey: billingQueryKey }));
        }
        refreshes.push(queryClient.invalidateQueries({ queryKey: leadStatsQueryKey }));
      }
      return Promise.all(refreshes);
    },
    onError: (error, { id, patch, undo }, snapshot) => {
      if (snapshot) {
        if (snapshot.detail) queryClient.setQueryData(leadDetailQueryKey(id), snapshot.detail);
        for (const [key, list] of snapshot.lists) queryClient.setQueryData(key, list);
      }
      const back =
        snapshot?.detail && patch.stage ? ` The lead stays in ${STAGE_LABELS[snapshot.detail.stage]}.` : '';
      toast.error(describeChange(patch, undo).failed, { description: `${errorMessage(error)}${back}` });
    },
  });
  again.current = mutation.mutate;
  return mutation;
}
