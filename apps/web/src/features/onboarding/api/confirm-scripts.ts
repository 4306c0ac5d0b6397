import type { AgentRecord, PortalMe } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { meQueryKey, setMeAgentProfile } from '@/lib/auth';
import { toast } from '@/lib/toast';

/**
 * PATCH /portal/me/agent_profile {scripts_documents_confirm}: the agent has read the video
 * scripts. Taking the confirmation back also reopens the script_instructions step it allowed.
 */
export const confirmScripts = (confirmed: boolean) =>
  api.patch<AgentRecord>(
    '/portal/me/agent_profile',
    confirmed
      ? { scripts_documents_confirm: true }
      : { scripts_documents_confirm: false, onboarding_steps: { script_instructions: false } },
  );

/** Shown at once, rolled back with a message if the save fails. */
export function useConfirmScripts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmScripts,
    onMutate: async (confirmed: boolean) => {
      await queryClient.cancelQueries({ queryKey: meQueryKey });
      const previous = queryClient.getQueryData<PortalMe>(meQueryKey);
      if (previous?.agent_profile) {
        setMeAgentProfile(queryClient, { ...previous.agent_profile, scripts_documents_confirm: confirmed });
      }
      return { previous };
    },
    onError: (error, _confirmed, context) => {
      if (context?.previous) queryClient.setQueryData(meQueryKey, context.previous);
      toast.error('Your confirmation was not saved', { description: errorMessage(error) });
    },
    onSuccess: (record) => setMeAgentProfile(queryClient, record),
  });
}
