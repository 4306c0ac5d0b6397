import type { MyZipcodesResponse } from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';

/**
 * GET /portal/me/zipcodes?q=: the agent's covered ZIP codes with city, county and state; `q` is
 * a ZIP prefix or part of a city or county name. 403 when the office manages the agent's ZIP codes.
 */
export const getMyZipcodes = (q: string) =>
  api.get<MyZipcodesResponse>(`/portal/me/zipcodes${q ? `?q=${encodeURIComponent(q)}` : ''}`);

export const myZipcodesQueryOptions = (q: string) =>
  queryOptions({ queryKey: ['portal', 'zipcodes', q], queryFn: () => getMyZipcodes(q) });

/** While a new search is on its way, the previous answer stays on screen. */
export const useMyZipcodes = (q: string) =>
  useQuery({ ...myZipcodesQueryOptions(q), placeholderData: keepPreviousData });

export const isZipsHidden = (error: unknown) => isApiError(error) && error.status === 403;
