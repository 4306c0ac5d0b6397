import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /password-reset/confirm: 200 {detail}; every session of the user is signed out. */
export const confirmPasswordReset = (input: { token: string; new_password: string }) =>
  api.post<{ detail: string }>('/password-reset/confirm', input, { auth: false });

export const useConfirmPasswordReset = () => useMutation({ mutationFn: confirmPasswordReset });
