import type { CallSlotsResponseSchema, OnboardingCall, OnboardingCallResponseSchema } from '@portal/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** The zoom step: open times, the booked call, booking and cancelling it. */

export type CallSlotsResponse = z.infer<typeof CallSlotsResponseSchema>;
export type OnboardingCallResponse = z.infer<typeof OnboardingCallResponseSchema>;

export const callSlotsQueryKey = ['signup', 'onboarding-call', 'slots'] as const;
export const onboardingCallQueryKey = ['signup', 'onboarding-call'] as const;

/** GET /portal/me/onboarding-call/slots: times still open, in UTC, and the zone to show them in. */
export const callSlotsQueryOptions = () =>
  queryOptions({
    queryKey: callSlotsQueryKey,
    queryFn: ({ signal }) => api.get<CallSlotsResponse>('/portal/me/onboarding-call/slots', { signal }),
    staleTime: 0,
  });

/** GET /portal/me/onboarding-call: the booked call, or null. */
export const onboardingCallQueryOptions = () =>
  queryOptions({
    queryKey: onboardingCallQueryKey,
    queryFn: ({ signal }) => api.get<OnboardingCallResponse>('/portal/me/onboarding-call', { signal }),
    staleTime: 0,
  });

/**
 * POST /portal/me/onboarding-call: 201 with the call (booking again moves it); 409 when the
 * time was just taken by someone else. Either way the open times are asked for again.
 */
export function useBookCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (startsAt: string) =>
      api.post<OnboardingCall>('/portal/me/onboarding-call', { starts_at: startsAt }),
    onSuccess: (call) => queryClient.setQueryData<OnboardingCallResponse>(onboardingCallQueryKey, { call }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: callSlotsQueryKey }),
  });
}

/** DELETE /portal/me/onboarding-call: 204. */
export function useCancelCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<void>('/portal/me/onboarding-call'),
    onSuccess: () => queryClient.setQueryData<OnboardingCallResponse>(onboardingCallQueryKey, { call: null }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: callSlotsQueryKey }),
  });
}
