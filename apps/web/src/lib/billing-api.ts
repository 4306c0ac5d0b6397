import type { Billing } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { saveBlob } from './save-blob';

/**
 * The agent's referral fees (DESIGN.md section 12), shared by the Billing page and the lead
 * sheet (a closing's invoice, the close dialog's fee preview).
 */

export const billingQueryKey = ['portal', 'billing'] as const;

/** GET /portal/me/billing: the agent's rate, balance, invoices, payments and missing statements. */
export const getBilling = (signal?: AbortSignal) => api.get<Billing>('/portal/me/billing', { signal });

export const billingQueryOptions = () =>
  queryOptions({ queryKey: billingQueryKey, queryFn: ({ signal }) => getBilling(signal) });

export const useBilling = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...billingQueryOptions(), enabled: options.enabled ?? true });

/**
 * The server names its files by their full address ("/api/portal/me/invoices/<id>/pdf"); the API
 * client adds its base itself, so the base is taken off.
 */
export function apiPathOf(url: string): string {
  return url.replace(/^\/api(?=\/)/, '');
}

/**
 * Downloads a file of the agent's (an invoice's PDF, a settlement statement, a signed agreement).
 * It needs the bearer token, so it is fetched by the API client and handed to the browser as an
 * object URL behind an `<a download>`, as the agreements' PDFs are.
 */
export async function downloadBillingFile(url: string, fileName: string) {
  const blob = await api.get<Blob>(apiPathOf(url), { responseType: 'blob' });
  saveBlob(blob, fileName);
}

/** "25 %", "27.5 %": a rate as the agreements state it. */
export const formatRate = (percent: number) =>
  `${percent.toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;
