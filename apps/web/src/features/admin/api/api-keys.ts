import type { AdminApiKey, AdminApiKeyCreatedSchema, AdminApiKeysListSchema } from '@portal/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminKeys, useAdminMutation } from '../components/admin-api';

export type AdminApiKeysList = z.infer<typeof AdminApiKeysListSchema>;
export type AdminApiKeyCreated = z.infer<typeof AdminApiKeyCreatedSchema>;

export const getApiKeys = (signal?: AbortSignal) => api.get<AdminApiKeysList>('/admin/api-keys', { signal });

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.list('api-keys'), queryFn: ({ signal }) => getApiKeys(signal) });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());

/** POST: the key itself is in this answer only. */
export const createApiKey = (input: { name: string }) =>
  api.post<AdminApiKeyCreated>('/admin/api-keys', input);

/** DELETE revokes: intake with the key answers 401 from then on. */
export const revokeApiKey = (id: string) =>
  api.delete<AdminApiKey>(`/admin/api-keys/${encodeURIComponent(id)}`);

export function useCreateApiKey(options: {
  onFieldError: (detail: string) => void;
  onSuccess: (created: AdminApiKeyCreated) => void;
}) {
  return useAdminMutation<AdminApiKeyCreated, { name: string }>({
    mutationFn: createApiKey,
    success: (created) => `Client ${created.api_key.name} created`,
    invalidate: [adminKeys.area('api-keys')],
    onSuccess: options.onSuccess,
    onFieldError: options.onFieldError,
    fieldErrorStatuses: [400, 409, 422],
    forget: true,
  });
}

export function useRevokeApiKey(options: { onFieldError: (detail: string) => void }) {
  return useAdminMutation<AdminApiKey, AdminApiKey>({
    mutationFn: (key) => revokeApiKey(key.id),
    success: (key) => `${key.name}'s key revoked`,
    invalidate: [adminKeys.area('api-keys')],
    onFieldError: options.onFieldError,
    fieldErrorStatuses: [400, 404, 409, 422],
  });
}
