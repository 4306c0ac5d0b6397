import type {
  AdminCorporateUser,
  AdminCorporateUserCreatedSchema,
  AdminCorporateUserCreateSchema,
  AdminCorporateUserPatchSchema,
  AdminCorporateUsersListSchema,
  AdminLoginLinkSchema,
} from '@portal/shared';
import { keepPreviousData, type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, errorMessage } from '@/lib/api-client';
import { adminKeys, useAdminMutation } from '../components/admin-api';

export type AdminCorporateUsersList = z.infer<typeof AdminCorporateUsersListSchema>;
export type AdminCorporateUserCreated = z.infer<typeof AdminCorporateUserCreatedSchema>;
export type AdminCorporateUserCreate = z.infer<typeof AdminCorporateUserCreateSchema>;
export type AdminCorporateUserPatch = z.infer<typeof AdminCorporateUserPatchSchema>;
export type AdminLoginLink = z.infer<typeof AdminLoginLinkSchema>;

export interface CorporateUsersParams {
  q?: string;
  skip: number;
  limit: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

export const getCorporateUsers = (params: CorporateUsersParams, signal?: AbortSignal) =>
  api.get<AdminCorporateUsersList>('/admin/corporate-users', { query: { ...params }, signal });

export const corporateUsersQueryOptions = (params: CorporateUsersParams) =>
  queryOptions({
    queryKey: adminKeys.list('corporate-users', { ...params }),
    queryFn: ({ signal }) => getCorporateUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useCorporateUsers = (params: CorporateUsersParams) =>
  useQuery(corporateUsersQueryOptions(params));

/** Every corporate user for a picker (the server pages at 100, more than an office has). */
export const useCorporateUserChoices = () => useQuery(corporateUsersQueryOptions({ skip: 0, limit: 100 }));

/** POST: the new user and a one-time sign-in link, which the server also e-mails. */
export const createCorporateUser = (input: AdminCorporateUserCreate) =>
  api.post<AdminCorporateUserCreated>('/admin/corporate-users', input);

export const updateCorporateUser = (id: string, patch: AdminCorporateUserPatch) =>
  api.patch<AdminCorporateUser>(`/admin/corporate-users/${encodeURIComponent(id)}`, patch);

/** A fresh sign-in link (older ones stop working), e-mailed to them too. */
export const sendCorporateLoginLink = (id: string) =>
  api.post<AdminLoginLink>(`/admin/corporate-users/${encodeURIComponent(id)}/login-link`);

/** Names and counts of corporate users show in groups and access codes too. */
const touched = () => [
  adminKeys.area('corporate-users'),
  adminKeys.area('groups'),
  adminKeys.area('access-codes'),
];

export function useCreateCorporateUser(options: {
  onFieldError: (detail: string) => void;
  onSuccess: (created: AdminCorporateUserCreated) => void;
}) {
  return useAdminMutation<AdminCorporateUserCreated, AdminCorporateUserCreate>({
    // The referral fee is created with the user, in the same request.
    mutationFn: createCorporateUser,
    success: (created) => `Corporate user ${created.user.name ?? created.user.email} created`,
    invalidate: touched(),
    onSuccess: options.onSuccess,
    onFieldError: options.onFieldError,
    // 409: someone already uses the e-mail address.
    fieldErrorStatuses: [400, 409, 422],
  });
}

export function useUpdateCorporateUser(
  options: {
    onFieldError?: (detail: string) => void;
    /** More queries the change touches (agents' rates, for a referral fee). */
    invalidate?: QueryKey[];
  } = {},
) {
  return useAdminMutation<AdminCorporateUser, { id: string; patch: AdminCorporateUserPatch }>({
    mutationFn: ({ id, patch }) => updateCorporateUser(id, patch),
    success: (user, { patch }) => {
      const name = user.name ?? user.email;
      if (patch.is_active === false) return `${name} deactivated`;
      if (patch.is_active === true) return `${name} reactivated`;
      if (patch.referral_fee_percent !== undefined) return `Referral fee of ${name} saved`;
      return `Renamed to ${name}`;
    },
    invalidate: [...touched(), adminKeys.overview(), ...(options.invalidate ?? [])],
    onFieldError: options.onFieldError,
    fieldErrorStatuses: [400, 409, 422],
  });
}

export function useSendCorporateLoginLink(options: {
  onFieldError: (detail: string) => void;
  onSuccess: (link: AdminLoginLink) => void;
}) {
  return useAdminMutation<AdminLoginLink, string>({
    mutationFn: sendCorporateLoginLink,
    success: 'Sign-in link sent',
    onSuccess: options.onSuccess,
    onFieldError: options.onFieldError,
    fieldErrorStatuses: [400, 404, 409, 422],
  });
}

/** For RenameDialog: saves a corporate user's new name. */
export function useCorporateUserRenamer(id: string, onFieldError: (detail: string) => void) {
  const update = useUpdateCorporateUser({ onFieldError });
  return (name: string) => update.mutateAsync({ id, patch: { name } });
}
