import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /verify/:token. A verify token works once, so the answer is kept and never refetched.
 * Signed in, the request carries the session: the server then answers 409 "E-mail address
 * already verified" when the link was this user's and already used (any other failure is 400).
 */
export const verifyEmail = (token: string, signedIn: boolean) =>
  api.get<unknown>(`/verify/${encodeURIComponent(token)}`, { auth: signedIn });

export const verifyEmailQueryOptions = (token: string, signedIn: boolean) =>
  queryOptions({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token, signedIn),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
