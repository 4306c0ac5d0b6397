import type { SendEmailRequest, SendEmailResponse } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { leadDetailQueryKey } from './get-lead';

/** POST /portal/agents/send-email: 202 once the mail is in the outbox; delivery follows. */
export const sendEmail = (input: SendEmailRequest) =>
  api.post<SendEmailResponse>('/portal/agents/send-email', input);

/**
 * Sends and refreshes the lead's timeline, where the e-mail now shows. Errors are shown by the
 * composer itself, beside what was typed, so there is no error toast here.
 */
export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEmail,
    onSuccess: (_answer, input) => {
      toast.success('E-mail sent', { description: `On its way to ${input.to}.` });
      if (!input.lead_id) return;
      return queryClient.invalidateQueries({ queryKey: leadDetailQueryKey(input.lead_id) });
    },
  });
}
