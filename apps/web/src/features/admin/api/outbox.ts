import type {
  AdminMessage,
  AdminOutboxListSchema,
  AdminProviderLimits,
  OUTBOX_CHANNELS,
  OUTBOX_STATUSES,
} from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys, useAdminMutation } from '../components/admin-api';

export type AdminOutboxList = z.infer<typeof AdminOutboxListSchema>;
export interface OutboxParams {
  status?: (typeof OUTBOX_STATUSES)[number];
  channel?: (typeof OUTBOX_CHANNELS)[number];
  to?: string;
  skip: number;
  limit: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

export const getOutbox = (params: OutboxParams, signal?: AbortSignal) =>
  api.get<AdminOutboxList>('/admin/outbox', { query: { ...params }, signal });

export const outboxQueryOptions = (params: OutboxParams) =>
  queryOptions({
    queryKey: adminKeys.list('messages', { ...params }),
    queryFn: ({ signal }) => getOutbox(params, signal),
    placeholderData: keepPreviousData,
  });

export const useOutbox = (params: OutboxParams) => useQuery(outboxQueryOptions(params));

/** Only failed messages can be retried (409 otherwise). */
export const retryMessage = (id: string) =>
  api.post<AdminMessage>(`/admin/outbox/${encodeURIComponent(id)}/retry`);

export function useRetryMessage() {
  return useAdminMutation<AdminMessage, AdminMessage>({
    mutationFn: (message) => retryMessage(message.id),
    success: (_, message) => `The message to ${message.to} is queued to be sent again`,
    invalidate: [adminKeys.area('messages'), adminKeys.overview()],
  });
}

/** GET /admin/provider-limits: each account limit and how close the network runs to it. */
export const providerLimitsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.list('messages', { view: 'provider-limits' }),
    queryFn: ({ signal }) => api.get<AdminProviderLimits>('/admin/provider-limits', { signal }),
    refetchInterval: 15_000,
  });

export const useProviderLimits = () => useQuery(providerLimitsQueryOptions());
