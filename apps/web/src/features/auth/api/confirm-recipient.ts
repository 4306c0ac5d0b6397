import type { RecipientConfirmResponse } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /recipient/confirm-email: the invitation's link confirms a recipient's address, when the
 * person presses the button (a mail scanner that opens the link confirms nothing).
 */
export const confirmRecipient = (token: string) =>
  api.post<RecipientConfirmResponse>('/recipient/confirm-email', { token }, { auth: false });

export const useConfirmRecipient = () => useMutation({ mutationFn: confirmRecipient });
