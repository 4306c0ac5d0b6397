import type { PortalMe, RatingRequest } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryKey } from '@/lib/auth';

/** POST /portal/me/rating; the user (rating_required in particular) is then loaded again. */
export const submitRating = (input: RatingRequest) => api.post<PortalMe>('/portal/me/rating', input);

export function useSubmitRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitRating,
    onSuccess: () => queryClient.refetchQueries({ queryKey: meQueryKey }),
  });
}
