import type { SendEmailOptions } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const sendEmailOptionsQueryKey = (leadId: string) => ['portal', 'send-email-options', leadId] as const;

/**
 * GET /portal/agents/send-email/options: who the agent may write to about this lead (the lead,
 * their recipients) and from which addresses, as the server will check them.
 */
export const getSendEmailOptions = (leadId: string, signal?: AbortSignal) =>
  api.get<SendEmailOptions>('/portal/agents/send-email/options', { query: { lead_id: leadId }, signal });

export const sendEmailOptionsQueryOptions = (leadId: string) =>
  queryOptions({
    queryKey: sendEmailOptionsQueryKey(leadId),
    queryFn: ({ signal }) => getSendEmailOptions(leadId, signal),
    staleTime: 60_000,
  });

export const useSendEmailOptions = (leadId: string, options: { enabled: boolean }) =>
  useQuery({ ...sendEmailOptionsQueryOptions(leadId), enabled: options.enabled });
