import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /password-reset/request: 202 whether or not the address has an account. */
export const requestPasswordReset = (input: { email: string }) =>
  api.post<void>('/password-reset/request', { email: input.email }, { auth: false });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
