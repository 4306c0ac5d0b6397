import type { PasswordChange } from '@portal/shared';
import { api } from '@/lib/api-client';

/** POST /me/password: 204; other sessions end, this one stays signed in. */
export const changePassword = (input: PasswordChange) => api.post<void>('/me/password', input);
