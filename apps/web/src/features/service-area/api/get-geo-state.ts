import type { GeoStateDetail } from '@portal/shared';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /geo/states/:code: a state's counties and each county's ZIP codes (404 for an unknown code). */
export const getGeoState = (code: string) =>
  api.get<GeoStateDetail>(`/geo/states/${encodeURIComponent(code)}`);

export const geoStateQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['geo', 'states', code],
    queryFn: () => getGeoState(code),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Several states at once, in the order asked; each entry is that state's query. */
export const useGeoStateDetails = (codes: string[]) =>
  useQueries({ queries: codes.map((code) => geoStateQueryOptions(code)) });
