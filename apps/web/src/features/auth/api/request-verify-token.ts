import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/request-verify-token: 202 whether or not the address has an account. */
export const requestVerifyToken = (input: { email: string }) =>
  api.post<void>('/auth/request-verify-token', { email: input.email }, { auth: false });

export const useRequestVerifyToken = () => useMutation({ mutationFn: requestVerifyToken });
