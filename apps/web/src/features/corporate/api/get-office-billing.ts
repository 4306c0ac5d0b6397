import type { OfficeBilling } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { corporateQueryKey } from './get-linked-agents';

/**
 * GET /portal/corporate-billing: the office's agents' closings, referral fees and balances, and
 * their invoices (DESIGN.md section 12). Read-only: the agents pay, the network records it.
 */
export const getOfficeBilling = (signal?: AbortSignal) =>
  api.get<OfficeBilling>('/portal/corporate-billing', { signal });

export const officeBillingQueryOptions = () =>
  queryOptions({
    queryKey: [...corporateQueryKey, 'billing'],
    queryFn: ({ signal }) => getOfficeBilling(signal),
    staleTime: 60_000,
  });

export const useOfficeBilling = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...officeBillingQueryOptions(), enabled });
