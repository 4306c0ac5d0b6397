import type { GeoStateSummary } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /geo/states: the 50 states and DC with their ZIP and county counts. */
export const getGeoStates = () => api.get<GeoStateSummary[]>('/geo/states');

export const geoStatesQueryOptions = () =>
  // The place data only changes with a new release of the server.
  queryOptions({ queryKey: ['geo', 'states'], queryFn: getGeoStates, staleTime: Number.POSITIVE_INFINITY });

export const useGeoStates = () => useQuery(geoStatesQueryOptions());
