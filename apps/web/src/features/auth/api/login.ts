import { ERROR, type LoginResponse } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, clearSession, errorMessage, isApiError } from '@/lib/api-client';

export interface LoginInput {
  username: string;
  password: string;
}

/** POST /login, form-encoded as SPEC.md section 7 says. A failed attempt clears any session. */
export async function login(input: LoginInput): Promise<LoginResponse> {
  try {
    return await apiRequest<LoginResponse>('/login', {
      method: 'POST',
      form: { username: input.username, password: input.password },
      auth: false,
    });
  } catch (error) {
    clearSession();
    throw error;
  }
}

export const useLogin = () => useMutation({ mutationFn: login });

export const LOGIN_MESSAGES = {
  badCredentials: 'Incorrect email or password.',
  failed: 'Sign-in failed. Please try again.',
  inactive: 'This account is not active. Contact the office if you think this is a mistake.',
} as const;

/** SPEC.md section 8: bad credentials, rate limits and other server details, else LOGIN_FAILED. */
export function loginErrorMessage(error: unknown): string {
  // No answer at all: say so, as every other form does, rather than a vague failure.
  if (isApiError(error) && error.status === 0) return error.detail;
  if (!isApiError(error) || !error.fromServer) return LOGIN_MESSAGES.failed;
  if (error.detail === ERROR.loginBadCredentials || error.detail === 'invalidCredentials') {
    return LOGIN_MESSAGES.badCredentials;
  }
  if (error.detail === ERROR.loginUserInactive) return LOGIN_MESSAGES.inactive;
  if (error.detail === ERROR.loginFailed) return LOGIN_MESSAGES.failed;
  return errorMessage(error, LOGIN_MESSAGES.failed);
}
