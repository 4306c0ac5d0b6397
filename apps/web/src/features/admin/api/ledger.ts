// One agent's money as the accountant reads it (rate, balance, invoices, every ledger entry),
// a deposit or refund on the account, and the ledger as a CSV file.
import { type AccountEntryInput, type AgentLedger, formatCents, type LedgerEntry } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/save-blob';
import { adminKeys, useAdminMutation } from '../components/admin-api';
import { billingTouched } from './invoices';

const ledgerPath = (agentId: string) => `/admin/agents/${encodeURIComponent(agentId)}/ledger`;

export const agentLedgerQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: adminKeys.detail('billing', agentId, 'ledger'),
    queryFn: ({ signal }) => api.get<AgentLedger>(ledgerPath(agentId), { signal }),
  });

export const useAgentLedger = (agentId: string) => useQuery(agentLedgerQueryOptions(agentId));

/** POST /admin/agents/:id/ledger: a deposit paid, or money refunded to the agent. */
export function useRecordAccountEntry(agentId: string, options: { onFieldError: (detail: string) => void }) {
  return useAdminMutation<LedgerEntry, AccountEntryInput>({
    mutationFn: (input) => api.post<LedgerEntry>(ledgerPath(agentId), input),
    success: (_entry, input) =>
      `${input.kind === 'deposit' ? 'Deposit' : 'Refund'} of ${formatCents(input.amount_cents)} recorded`,
    invalidate: billingTouched(agentId),
    onFieldError: options.onFieldError,
    fieldErrorStatuses: [400, 409, 422],
  });
}

/** GET /admin/ledger.csv (one agent's entries with `agentId`): fetched with the token, saved as a file. */
export async function downloadLedgerCsv(fileName: string, agentId?: string) {
  const blob = await api.get<Blob>('/admin/ledger.csv', {
    query: { agent_id: agentId },
    responseType: 'blob',
  });
  saveBlob(blob, fileName);
}
