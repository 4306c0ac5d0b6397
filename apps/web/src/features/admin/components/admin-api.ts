// What every console api hook shares: one query-key factory (so a change can invalidate exactly
// the lists and records it touches) and a mutation wrapper that toasts success and says why a
// change was refused, next to the form when there is one, otherwise in a toast.
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export type AdminArea =
  | 'overview'
  | 'agents'
  | 'leads'
  | 'messages'
  | 'access-codes'
  | 'corporate-users'
  | 'groups'
  | 'api-keys'
  | 'audit'
  | 'scorecards'
  | 'billing'
  | 'settings';

type Query = Record<string, unknown>;

/** ['admin'] ⊃ ['admin', area] ⊃ ['admin', area, 'list', query] and ['admin', area, 'detail', id, ...]. */
export const adminKeys = {
  all: ['admin'] as const,
  area: (area: AdminArea) => ['admin', area] as const,
  lists: (area: AdminArea) => ['admin', area, 'list'] as const,
  list: (area: AdminArea, query: Query = {}) => ['admin', area, 'list', query] as const,
  details: (area: AdminArea) => ['admin', area, 'detail'] as const,
  detail: (area: AdminArea, id: string, ...rest: string[]) => ['admin', area, 'detail', id, ...rest] as const,
  overview: () => ['admin', 'overview'] as const,
  settings: () => ['admin', 'settings'] as const,
};

/** A refusal the person can fix in the form (a 400 or 422, or the given statuses, with the server's {detail}). */
export const isFieldError = (error: unknown, statuses: readonly number[] = [400, 422]) =>
  isApiError(error) && statuses.includes(error.status) && error.fromServer;

export function useAdminMutation<TData, TVariables = void>({
  mutationFn,
  success,
  invalidate = [],
  onSuccess,
  onFieldError,
  fieldErrorStatuses,
  forget = false,
}: {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** A secret in the answer (a new API key): not kept in the mutation cache once shown. */
  forget?: boolean;
  /** The toast on success; null shows none. */
  success: string | null | ((data: TData, variables: TVariables) => string | null);
  /** Query keys (prefixes) to refetch after success; the promise waits for them. */
  invalidate?: QueryKey[] | ((data: TData, variables: TVariables) => QueryKey[]);
  onSuccess?: (data: TData, variables: TVariables) => void;
  /** Given: a 400/422 detail goes here (shown next to the form) instead of a toast. */
  onFieldError?: (detail: string) => void;
  /** Which statuses count as a field error (default 400 and 422; e.g. add 409 "that code exists"). */
  fieldErrorStatuses?: readonly number[];
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    ...(forget ? { gcTime: 0 } : {}),
    onSuccess: async (data, variables) => {
      const keys = typeof invalidate === 'function' ? invalidate(data, variables) : invalidate;
      onSuccess?.(data, variables);
      const message = typeof success === 'function' ? success(data, variables) : success;
      if (message) toast.success(message);
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      if (onFieldError && isFieldError(error, fieldErrorStatuses)) onFieldError(errorMessage(error));
      else toast.error(errorMessage(error, 'The change was not saved. Try again in a moment.'));
    },
  });
}
