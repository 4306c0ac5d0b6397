import type { Lead, LeadDetail, LeadOffer } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leadDetailQueryKey } from './get-lead';
import { leadsListQueryKey, leadsQueryKey } from './get-leads';

/**
 * The open offer on a lead, if any (ADR 62): while its holder has not accepted it, the seller's
 * details are empty strings.
 */
export const openOffer = (lead: Lead): LeadOffer | null => lead.offer ?? null;

/** POST /portal/me/leads/:id/accept: 200 with the whole lead; 409 once the deadline has passed. */
export const acceptOffer = (id: string) =>
  api.post<LeadDetail>(`/portal/me/leads/${encodeURIComponent(id)}/accept`);

/**
 * POST /portal/me/leads/:id/pass (an open offer) or /release (an accepted lead) with the reason:
 * 200 `{detail}` saying where the lead went. The agent no longer holds it.
 */
export const handBackLead = (id: string, kind: 'pass' | 'release', reason: string) =>
  api.post<{ detail: string }>(`/portal/me/leads/${encodeURIComponent(id)}/${kind}`, { reason });

/** Accept: the answer (the lead with its seller) replaces the cached one; the lists follow. */
export function useAcceptOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptOffer,
    onSuccess: (lead) => {
      queryClient.setQueryData(leadDetailQueryKey(lead.id), lead);
      void queryClient.invalidateQueries({ queryKey: leadsQueryKey });
    },
  });
}

/**
 * Pass or release: the lead is no longer the agent's. The lists are fetched again; its detail is
 * left alone (a refetch would be a 404), the sheet closing with the answer.
 */
export function useHandBackLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind, reason }: { id: string; kind: 'pass' | 'release'; reason: string }) =>
      handBackLead(id, kind, reason),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: leadsListQueryKey }),
  });
}
