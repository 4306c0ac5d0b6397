import type { AgentProfilePatch, AgentRecord } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { setMeAgentProfile } from '@/lib/auth';
import { toast } from '@/lib/toast';

export type SubagentsPatch = Required<Pick<AgentProfilePatch, 'subagents' | 'subagents_notes'>>;

/** PATCH /portal/me/agent_profile {subagents, subagents_notes}: the whole list, replaced. */
export const updateSubagents = (patch: SubagentsPatch) =>
  api.patch<AgentRecord>('/portal/me/agent_profile', patch);

export function useUpdateSubagents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubagents,
    onSuccess: (record) => {
      setMeAgentProfile(queryClient, record);
      toast.success('Sub-agents saved');
    },
    onError: (error) => {
      toast.error('Sub-agents could not be saved', { description: errorMessage(error) });
    },
  });
}
