import type { PasswordResetRequest } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /password-reset/request: 202 whether or not the address has an account. `lang` is the
 * language of the page asking: the e-mail is written in it and its link opens that page's
 * translation (/es/recovery/...).
 */
export const requestPasswordReset = (input: PasswordResetRequest) =>
  api.post<void>('/password-reset/request', { email: input.email, lang: input.lang }, { auth: false });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
