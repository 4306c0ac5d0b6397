import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /verify/:token. A verify token works once, so the answer is kept and never refetched. */
export const verifyEmail = (token: string) =>
  api.get<unknown>(`/verify/${encodeURIComponent(token)}`, { auth: false });

export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
