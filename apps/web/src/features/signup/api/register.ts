import type { LoginResponse } from '@portal/shared';
import { api } from '@/lib/api-client';

/**
 * POST /portal/register: 202 with the same answer for every address; the e-mailed link
 * finishes the registration (SECURITY.md item 4).
 */
export const register = (input: { email: string; access_code: string; password: string }) =>
  api.post<{ detail: string }>('/portal/register', input, { auth: false });

/** POST /portal/register/confirm: the link's token creates the account; 201 with a session. */
export const confirmRegistration = (token: string) =>
  api.post<LoginResponse>('/portal/register/confirm', { token }, { auth: false });
