import type { RecipientContext } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /recipient/me (recipient session): who is signed in and whose leads they receive. */
export const getRecipientMe = () => api.get<{ recipient_context: RecipientContext }>('/recipient/me');

export const recipientMeQueryOptions = (recipientId: string) =>
  queryOptions({ queryKey: ['recipient', recipientId, 'me'], queryFn: getRecipientMe, staleTime: 60_000 });

export const useRecipientMe = (recipientId: string) => useQuery(recipientMeQueryOptions(recipientId));
