import type { AgentRecord, PortalMe } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { meQueryKey, setMeAgentProfile } from '@/lib/auth';
import { toast } from '@/lib/toast';

/** PATCH /portal/me/agent_profile with one onboarding step marked done. */
export const markStepDone = (step: string) =>
  api.patch<AgentRecord>('/portal/me/agent_profile', { onboarding_steps: { [step]: true } });

/**
 * Marks a step the agent confirms as done: shown at once, rolled back with a message if the
 * save fails (SPEC.md section 4).
 */
export function useMarkStepDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markStepDone,
    onMutate: async (step: string) => {
      await queryClient.cancelQueries({ queryKey: meQueryKey });
      const previous = queryClient.getQueryData<PortalMe>(meQueryKey);
      if (previous?.agent_profile) {
        setMeAgentProfile(queryClient, {
          ...previous.agent_profile,
          onboarding_steps: { ...previous.agent_profile.onboarding_steps, [step]: true },
        });
      }
      return { previous };
    },
    onError: (error, _step, context) => {
      if (context?.previous) queryClient.setQueryData(meQueryKey, context.previous);
      toast.error('This step could not be saved', {
        description: `${errorMessage(error)} Nothing you entered or uploaded is lost; try again.`,
      });
    },
    onSuccess: (record) => setMeAgentProfile(queryClient, record),
  });
}
