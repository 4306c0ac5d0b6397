import type { AgentRecord, PortalMe } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, isApiError } from '@/lib/api-client';
import { meQueryKey, setMeAgentProfile } from '@/lib/auth';

/** PATCH /portal/me/agent_profile with one onboarding step marked done. */
export const markStepDone = (step: string) =>
  api.patch<AgentRecord>('/portal/me/agent_profile', { onboarding_steps: { [step]: true } });

/**
 * Why marking a step failed, for the page to show next to its button: the server's reason when
 * it refused (it says what to do first), a try-again only when trying again can help.
 */
export function markStepError(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) {
    return `This step could not be saved. ${error.detail}`;
  }
  return `This step could not be saved. ${errorMessage(error, 'The connection failed.')} Nothing you entered or uploaded is lost; try again in a moment.`;
}

/**
 * Marks a step the agent confirms as done: shown at once, rolled back if the save fails (SPEC.md
 * section 4); the page says why next to its button (markStepError).
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
    onError: (_error, _step, context) => {
      if (context?.previous) queryClient.setQueryData(meQueryKey, context.previous);
    },
    onSuccess: (record) => setMeAgentProfile(queryClient, record),
  });
}
