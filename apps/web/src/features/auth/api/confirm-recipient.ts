import type { RecipientConfirmResponse } from '@portal/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /recipient/confirm-email: the invitation's link confirms a recipient's address. It works
 * once, so the answer is kept and never asked for again (a query dedupes the page's double mount).
 */
export const confirmRecipient = (token: string) =>
  api.post<RecipientConfirmResponse>('/recipient/confirm-email', { token }, { auth: false });

export const confirmRecipientQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['confirm-recipient', token],
    queryFn: () => confirmRecipient(token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
