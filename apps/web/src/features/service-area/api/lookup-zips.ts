import type { GeoZipLookupResponse } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /geo/zips/lookup: where each ZIP code is; the ones that are not US ZIP codes apart. */
export const lookupZips = (zips: string[]) => api.post<GeoZipLookupResponse>('/geo/zips/lookup', { zips });

export const zipLookupQueryOptions = (zips: string[]) =>
  queryOptions({
    queryKey: ['geo', 'zips', [...zips].sort()],
    queryFn: () => lookupZips(zips),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Looks the ZIP codes up only when there are some. */
export const useZipLookup = (zips: string[]) =>
  useQuery({ ...zipLookupQueryOptions(zips), enabled: zips.length > 0 });
