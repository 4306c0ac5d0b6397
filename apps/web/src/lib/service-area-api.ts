import type {
  AgentRecord,
  GeoStateDetail,
  GeoStateSummary,
  GeoZipLookupResponse,
  PortalMe,
  ServiceAreaPatch,
} from '@portal/shared';
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryKey, setMeAgentProfile } from '@/lib/auth';

/** GET /geo/states: the 50 states and DC with their ZIP and county counts. */
export const getGeoStates = () => api.get<GeoStateSummary[]>('/geo/states');

export const geoStatesQueryOptions = () =>
  // The place data only changes with a new release of the server.
  queryOptions({ queryKey: ['geo', 'states'], queryFn: getGeoStates, staleTime: Number.POSITIVE_INFINITY });

export const useGeoStates = () => useQuery(geoStatesQueryOptions());

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

export interface ServiceAreaSave extends ServiceAreaPatch {
  /** Save and mark the onboarding step done, in one request. */
  onboarding_steps?: { service_area: true };
}

/**
 * PATCH /portal/me/agent_profile with the service area. The server checks it against the ZIP
 * data and answers the record with the area normalised (400 `{detail}` naming a bad value).
 */
export const saveServiceArea = (area: ServiceAreaSave) =>
  api.patch<AgentRecord>('/portal/me/agent_profile', area);

export function useSaveServiceArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveServiceArea,
    onSuccess: (record) => {
      setMeAgentProfile(queryClient, record);
      // /portal/me also carries the ZIP codes beside the record.
      queryClient.setQueryData<PortalMe>(meQueryKey, (me) =>
        me ? { ...me, zipcodes: record.zipcodes } : me,
      );
    },
  });
}
