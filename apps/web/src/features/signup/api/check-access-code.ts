import type { SignupResponseSchema } from '@portal/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type SignupResponse = z.infer<typeof SignupResponseSchema>;

/** POST /portal/signup: checks the e-mail and access code before a password is chosen. */
export const checkAccessCode = (input: { email: string; access_code: string }) =>
  api.post<SignupResponse>('/portal/signup', input, { auth: false });
