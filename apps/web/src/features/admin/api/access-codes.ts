import type {
  AdminAccessCode,
  AdminAccessCodeCreate,
  AdminAccessCodePatch,
  AdminAccessCodesListSchema,
} from '@portal/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys, useAdminMutation } from '../components/admin-api';

export type AdminAccessCodesList = z.infer<typeof AdminAccessCodesListSchema>;
export interface AccessCodesParams {
  q?: string;
  skip: number;
  limit: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

/** GET /admin/access-codes: newest first, searched by code or description. */
export const getAccessCodes = (params: AccessCodesParams, signal?: AbortSignal) =>
  api.get<AdminAccessCodesList>('/admin/access-codes', { query: { ...params }, signal });

export const accessCodesQueryOptions = (params: AccessCodesParams) =>
  queryOptions({
    queryKey: adminKeys.list('access-codes', { ...params }),
    queryFn: ({ signal }) => getAccessCodes(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAccessCodes = (params: AccessCodesParams) => useQuery(accessCodesQueryOptions(params));

/** POST: 409 when the code exists (case-insensitive). */
export const createAccessCode = (input: AdminAccessCodeCreate) =>
  api.post<AdminAccessCode>('/admin/access-codes', input);

export const updateAccessCode = (code: string, patch: AdminAccessCodePatch) =>
  api.patch<AdminAccessCode>(`/admin/access-codes/${encodeURIComponent(code)}`, patch);

/** Lists and the overview's count of active codes change with every code. */
const touched = () => [adminKeys.area('access-codes'), adminKeys.overview()];

export function useCreateAccessCode(options: {
  onFieldError: (detail: string) => void;
  onSuccess?: (code: AdminAccessCode) => void;
}) {
  return useAdminMutation<AdminAccessCode, AdminAccessCodeCreate>({
    mutationFn: createAccessCode,
    success: (code) => `Access code ${code.code} created`,
    invalidate: touched(),
    onSuccess: options.onSuccess,
    onFieldError: options.onFieldError,
    // 409: the code exists; the person changes it in the form.
    fieldErrorStatuses: [400, 409, 422],
  });
}

export function useUpdateAccessCode(options: { onFieldError?: (detail: string) => void } = {}) {
  return useAdminMutation<AdminAccessCode, { code: string; patch: AdminAccessCodePatch }>({
    mutationFn: ({ code, patch }) => updateAccessCode(code, patch),
    success: (code, { patch }) =>
      patch.disabled === true
        ? `Access code ${code.code} disabled`
        : patch.disabled === false
          ? `Access code ${code.code} enabled`
          : `Access code ${code.code} saved`,
    invalidate: touched(),
    onFieldError: options.onFieldError,
    fieldErrorStatuses: [400, 409, 422],
  });
}
