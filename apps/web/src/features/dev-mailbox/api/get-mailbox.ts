import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /dev/mailbox (embedded mode, superusers only). The response schema lives in the server's
 * dev module, not in @portal/shared; this type mirrors it and should give way to a shared one.
 */
export interface MailboxMessage {
  id: string;
  channel: 'email' | 'sms' | 'call';
  to: string;
  from: string;
  reply_to: string | null;
  subject: string | null;
  text: string;
  html: string | null;
  status: string;
  /** Delivery attempts so far and the last failure, when the server reports them. */
  attempts?: number;
  last_error?: string | null;
  created_at: string;
  sent_at: string | null;
  links: string[];
}

export interface MailboxResponse {
  items: MailboxMessage[];
}

export const getMailbox = () => api.get<MailboxResponse>('/dev/mailbox');

export const mailboxQueryOptions = () =>
  queryOptions({ queryKey: ['dev', 'mailbox'], queryFn: getMailbox, staleTime: 0 });
