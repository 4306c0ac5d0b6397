import type { PortalMe, UserPreferences, UserPreferencesPatch } from '@portal/shared';
import { type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth';

/**
 * PATCH /portal/me/preferences with the changed keys only: 200 with every preference (defaults
 * filled in), 400 `{detail}` naming the key the server refused.
 */
export const updatePreferences = (patch: UserPreferencesPatch) =>
  api.patch<UserPreferences>('/portal/me/preferences', patch);

const withPreferences = (me: PortalMe | undefined, preferences: Partial<UserPreferences>) =>
  me ? { ...me, preferences: { ...me.preferences, ...preferences } } : me;

/**
 * Saves preferences. The cached /portal/me shows the change at once and takes the saved
 * preferences from the answer; a failed save puts the cached ones back. Messages are the caller's.
 */
export function useUpdatePreferences(): UseMutationResult<UserPreferences, Error, UserPreferencesPatch> {
  const queryClient = useQueryClient();
  return useMutation<UserPreferences, Error, UserPreferencesPatch, { previous: PortalMe | undefined }>({
    mutationFn: updatePreferences,
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: meQueryKey, exact: true });
      const previous = queryClient.getQueryData<PortalMe>(meQueryKey);
      queryClient.setQueryData<PortalMe>(meQueryKey, (me) => withPreferences(me, patch));
      return { previous };
    },
    onError: (_error, _patch, context) => {
      if (context?.previous) queryClient.setQueryData(meQueryKey, context.previous);
    },
    onSuccess: (preferences) => {
      queryClient.setQueryData<PortalMe>(meQueryKey, (me) => withPreferences(me, preferences));
    },
  });
}
