import type { LoginResponse } from '@portal/shared';
import { api } from '@/lib/api-client';

/** GET /login/corporate/:token: trades a corporate user's one-time link for a session. */
export const corporateLogin = (token: string) =>
  api.get<LoginResponse>(`/login/corporate/${encodeURIComponent(token)}`, { auth: false });
