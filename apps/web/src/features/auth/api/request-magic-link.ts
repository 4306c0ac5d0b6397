import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/request-magic-link: 202 whether or not the address has an account. */
export const requestMagicLink = (input: { email: string }) =>
  api.post<void>('/auth/request-magic-link', { email: input.email }, { auth: false });

export const useRequestMagicLink = () => useMutation({ mutationFn: requestMagicLink });
