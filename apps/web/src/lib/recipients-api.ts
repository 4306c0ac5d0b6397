import {
  INACTIVE_PRIMARY_DETAIL,
  RECIPIENT_TOASTS,
  type Recipient,
  type RecipientCreate,
  type RecipientUpdate,
} from '@portal/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { api, errorMessage, isApiError } from './api-client';
import { meQueryKey } from './auth';

/**
 * The agent's lead recipients (/portal/me/recipients), shared by the routing pages and the
 * lead_routing onboarding step. Every change also moves the lead_routing step on the server,
 * so /portal/me is fetched again after each one.
 */

export const recipientsQueryKey = ['portal', 'recipients'] as const;
const mutationKey = ['portal', 'recipients', 'change'] as const;

const recipientPath = (id: string) => `/portal/me/recipients/${encodeURIComponent(id)}`;

/** GET: the agent first, then the others. 403 when recipients are hidden for this agent. */
export const getRecipients = () => api.get<Recipient[]>('/portal/me/recipients');
export const createRecipient = (input: RecipientCreate) =>
  api.post<Recipient>('/portal/me/recipients', input);
export const updateRecipient = (id: string, patch: RecipientUpdate) =>
  api.patch<Recipient>(recipientPath(id), patch);
export const deleteRecipient = (id: string) => api.delete<void>(recipientPath(id));
/** A new invitation to confirm the recipient's address (the composer writes only to confirmed ones). */
export const resendInvitation = (id: string) =>
  api.post<{ detail: string }>(`${recipientPath(id)}/resend-confirmation`);

export const recipientsQueryOptions = () =>
  queryOptions({ queryKey: recipientsQueryKey, queryFn: getRecipients });

export const useRecipients = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...recipientsQueryOptions(), enabled: options.enabled ?? true });

export const recipientName = (recipient: Pick<Recipient, 'first_name' | 'last_name'>) =>
  `${recipient.first_name} ${recipient.last_name}`.trim();

/** The server refused because of who may see recipients, not because something broke. */
export const isRecipientsHidden = (error: unknown) => isApiError(error) && error.status === 403;

/** Only when no other change is on its way, so a refetch cannot undo one still being saved. */
function refreshAfterChange(queryClient: QueryClient) {
  if (queryClient.isMutating({ mutationKey }) > 1) return Promise.resolve();
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: recipientsQueryKey }),
    queryClient.invalidateQueries({ queryKey: meQueryKey, exact: true }),
  ]);
}

export function showInvalidStatus() {
  toast.error(RECIPIENT_TOASTS.invalidStatusTitle, {
    description: RECIPIENT_TOASTS.invalidStatus,
    duration: RECIPIENT_TOASTS.invalidStatusDurationMs,
  });
}

export function useAddRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: createRecipient,
    onSuccess: () => {
      toast.success(RECIPIENT_TOASTS.added);
    },
    onError: (error) => {
      toast.error(RECIPIENT_TOASTS.addFailed, { description: errorMessage(error) });
    },
    onSettled: () => refreshAfterChange(queryClient),
  });
}

export interface RecipientChange {
  recipient: Recipient;
  patch: RecipientUpdate;
}

/**
 * PATCH one recipient. Switches (channels, active) show the new value at once and go back to
 * the old one if the save fails; making someone primary changes other rows too, so the list
 * is fetched again instead.
 */
export function useUpdateRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: ({ recipient, patch }: RecipientChange) => updateRecipient(recipient._id, patch),
    onMutate: async ({ recipient, patch }) => {
      if (patch.is_primary) return { restore: null };
      await queryClient.cancelQueries({ queryKey: recipientsQueryKey });
      // Only the fields this change touches are put back: other switches may be on their way.
      const restore = Object.fromEntries(
        Object.keys(patch).map((key) => [key, recipient[key as keyof Recipient]]),
      ) as Partial<Recipient>;
      queryClient.setQueryData<Recipient[]>(recipientsQueryKey, (list) =>
        list?.map((item) => (item._id === recipient._id ? ({ ...item, ...patch } as Recipient) : item)),
      );
      return { restore };
    },
    onError: (error, { recipient }, context) => {
      if (context?.restore) {
        const restore = context.restore;
        queryClient.setQueryData<Recipient[]>(recipientsQueryKey, (list) =>
          list?.map((item) => (item._id === recipient._id ? { ...item, ...restore } : item)),
        );
      }
      if (isApiError(error) && error.detail === INACTIVE_PRIMARY_DETAIL) showInvalidStatus();
      else toast.error(RECIPIENT_TOASTS.updateFailedTitle, { description: RECIPIENT_TOASTS.updateFailed });
    },
    onSuccess: (updated) => {
      // One primary at a time: the server made the others non-primary.
      queryClient.setQueryData<Recipient[]>(recipientsQueryKey, (list) =>
        list?.map((item) =>
          item._id === updated._id ? updated : updated.is_primary ? { ...item, is_primary: false } : item,
        ),
      );
      toast.success(RECIPIENT_TOASTS.updated);
    },
    onSettled: () => refreshAfterChange(queryClient),
  });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recipient: Recipient) => resendInvitation(recipient._id),
    onSuccess: (answer) => {
      toast.success(answer.detail);
      return queryClient.invalidateQueries({ queryKey: recipientsQueryKey });
    },
    onError: (error) => {
      toast.error('Invitation not sent', { description: errorMessage(error) });
    },
  });
}

export function useRemoveRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: (recipient: Recipient) => deleteRecipient(recipient._id),
    onSuccess: () => {
      toast.success(RECIPIENT_TOASTS.removed);
    },
    onError: (error) => {
      toast.error(RECIPIENT_TOASTS.removeFailed, { description: errorMessage(error) });
    },
    onSettled: () => refreshAfterChange(queryClient),
  });
}
