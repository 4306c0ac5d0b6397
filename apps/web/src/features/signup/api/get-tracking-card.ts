import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const CONTACT_CARD_FILENAME = 'agent-portal-leads.vcf';

/**
 * GET /portal/me/tracking-number.vcf: the tracking number as a contact card (text/vcard), or
 * 404 `{detail}` while no number is assigned. Fetched with the session like any call, then
 * offered as a download link.
 */
export const trackingCardQueryOptions = () =>
  queryOptions({
    queryKey: ['signup', 'tracking-number.vcf'],
    queryFn: ({ signal }) =>
      api.get<Blob>('/portal/me/tracking-number.vcf', { signal, responseType: 'blob' }),
    staleTime: 60_000,
  });
