import type { LoginResponse } from '@portal/shared';
import { api } from '@/lib/api-client';

/** POST /portal/register: 201 with a session (and the refresh cookie) for the new agent. */
export const register = (input: { email: string; access_code: string; password: string }) =>
  api.post<LoginResponse>('/portal/register', input, { auth: false });
