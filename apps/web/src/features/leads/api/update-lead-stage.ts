import { type ActiveStage, type Lead, type LeadsList, STAGE_LABELS } from '@portal/shared';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { leadName } from '@/components/leads/lead-format';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { type LeadsFilter, leadsListQueryKey, leadsQueryKey } from './get-leads';
import { updateLead } from './update-lead';

export interface StageMove {
  lead: Lead;
  to: ActiveStage;
  /** Why a lead under contract did not close, when it moves back (the dialog that asks shows a refusal). */
  did_not_close_reason?: string;
}

/** The list with `lead` moved to `to`: out of its old stage's column, onto the top of the new one. */
function moved(list: LeadsList, filter: LeadsFilter | undefined, { lead, to }: StageMove): LeadsList {
  const without = list.items.filter((item) => item.id !== lead.id);
  const had = without.length < list.items.length;
  if (filter?.stage === undefined) {
    return had
      ? { ...list, items: list.items.map((item) => (item.id === lead.id ? { ...item, stage: to } : item)) }
      : list;
  }
  if (filter.stage === to && !had)
    return { ...list, items: [{ ...lead, stage: to }, ...list.items], total: list.total + 1 };
  if (filter.stage !== to && had) return { ...list, items: without, total: list.total - 1 };
  return list;
}

/**
 * PATCH {stage} from the board: the card moves at once; if the server refuses, every list goes
 * back as it was and a toast says what to do (or, for a move that gave why a lead under contract
 * did not close, the dialog that asked says it). `onSettled` is the caller's (to announce the move).
 */
export function useMoveLeadStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lead, to, did_not_close_reason }: StageMove) =>
      updateLead(
        lead.id,
        did_not_close_reason === undefined ? { stage: to } : { stage: to, did_not_close_reason },
      ),
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: leadsListQueryKey });
      const snapshot = queryClient.getQueriesData<LeadsList>({ queryKey: leadsListQueryKey });
      for (const [key, list] of snapshot) {
        if (list)
          queryClient.setQueryData(key, moved(list, (key as QueryKey)[3] as LeadsFilter | undefined, move));
      }
      return { snapshot };
    },
    onError: (error, { lead, to, did_not_close_reason }, context) => {
      for (const [key, list] of context?.snapshot ?? []) queryClient.setQueryData(key, list);
      if (did_not_close_reason !== undefined) return;
      toast.error(`${leadName(lead)} could not be moved to ${STAGE_LABELS[to]}`, {
        description: `${errorMessage(error)} The lead is back in ${STAGE_LABELS[lead.stage]}: try the move again, or open the lead to change its stage there.`,
      });
    },
    // The counts, the queue's order and the numbers follow the server.
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadsQueryKey }),
  });
}
