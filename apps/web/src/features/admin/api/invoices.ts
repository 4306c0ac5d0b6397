// The console's invoices: one page of them with the receivables' ageing, an invoice's PDF, and
// what is recorded against one (a payment, a credit or a refund; a void).
import {
  type AdminInvoices,
  formatCents,
  type Invoice,
  type InvoiceStatus,
  type PaymentInput,
} from '@portal/shared';
import { keepPreviousData, type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';
import { adminKeys, useAdminMutation } from '../components/admin-api';

export interface InvoicesQuery {
  status?: InvoiceStatus;
  /** Open invoices past their due date only. */
  overdue?: boolean;
  agent_id?: string;
  /** Invoice number, agent name or e-mail. */
  q?: string;
  skip: number;
  limit: number;
}

const invoicePath = (id: string) => `/admin/invoices/${encodeURIComponent(id)}`;

/** GET /admin/invoices?status=&overdue=true&agent_id=&q=&skip=&limit=. */
export const getInvoices = (query: InvoicesQuery, signal?: AbortSignal) =>
  api.get<AdminInvoices>('/admin/invoices', {
    query: {
      status: query.status,
      overdue: query.overdue ? 'true' : undefined,
      agent_id: query.agent_id,
      q: query.q || undefined,
      skip: query.skip,
      limit: query.limit,
    },
    signal,
  });

export const invoicesQueryOptions = (query: InvoicesQuery) =>
  queryOptions({
    queryKey: adminKeys.list('billing', { ...query }),
    queryFn: ({ signal }) => getInvoices(query, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminInvoices = (query: InvoicesQuery) => useQuery(invoicesQueryOptions(query));

/** The PDF needs the bearer token: fetched here, then saved as a file. */
export async function downloadInvoicePdf(invoice: Pick<Invoice, 'id' | 'number'>) {
  const blob = await api.get<Blob>(`${invoicePath(invoice.id)}/pdf`, { responseType: 'blob' });
  saveBlob(blob, `${invoice.number}.pdf`);
}

/**
 * What an entry on the ledger changes: every invoice list and ledger (the receivables too), and
 * the agent's record, whose fees paid, deposit and refund are computed from the ledger.
 */
export const billingTouched = (agentId: string): QueryKey[] => [
  adminKeys.area('billing'),
  adminKeys.detail('agents', agentId),
];

const KIND_WORDS: Record<NonNullable<PaymentInput['kind']>, string> = {
  payment: 'Payment',
  credit: 'Credit',
  refund: 'Refund',
};

/** POST /admin/invoices/:id/payments: 400/409 (more than the balance...) go to `onFieldError`. */
export function useRecordPayment(invoice: Invoice, options: { onFieldError: (detail: string) => void }) {
  return useAdminMutation<Invoice, PaymentInput>({
    mutationFn: (input) => api.post<Invoice>(`${invoicePath(invoice.id)}/payments`, input),
    success: (_saved, input) =>
      `${KIND_WORDS[input.kind ?? 'payment']} of ${formatCents(input.amount_cents)} recorded on ${invoice.number}`,
    invalidate: billingTouched(invoice.agent_id),
    onFieldError: options.onFieldError,
    fieldErrorStatuses: [400, 409, 422],
  });
}

/** POST /admin/invoices/:id/void: what is left owing is cancelled, for good. */
export function useVoidInvoice(invoice: Invoice, options: { onFieldError: (detail: string) => void }) {
  return useAdminMutation<Invoice, { reason: string }>({
    mutationFn: (input) => api.post<Invoice>(`${invoicePath(invoice.id)}/void`, input),
    success: `${invoice.number} is void`,
    invalidate: billingTouched(invoice.agent_id),
    onFieldError: options.onFieldError,
    fieldErrorStatuses: [400, 409, 422],
  });
}
