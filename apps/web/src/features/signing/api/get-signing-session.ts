import type { SigningSession } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiUrl } from '@/lib/api-client';

const signPath = (token: string) => `/sign/${encodeURIComponent(token)}`;

/**
 * GET /sign/:token: what the signer reviews. 404 (no such link), 410 (expired or used) and 409
 * (not this signer's turn) come with a sentence to show as it is. No session is needed or sent.
 */
export const getSigningSession = (token: string) => api.get<SigningSession>(signPath(token), { auth: false });

export const signingSessionQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['signing', token],
    queryFn: () => getSigningSession(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const useSigningSession = (token: string) => useQuery(signingSessionQueryOptions(token));

/** The original PDF, opened by the browser itself (the link needs no session). */
export const signingPdfUrl = (token: string) => apiUrl(`${signPath(token)}/document.pdf`);
