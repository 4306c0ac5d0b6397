import { type AgentRecord, RECIPIENT_TOASTS } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { setMeAgentProfile } from '@/lib/auth';
import { toast } from '@/lib/toast';

/** PATCH /portal/me/agent_profile {crm_email}: where each new lead is also sent. */
export const updateCrmEmail = (crmEmail: string) =>
  api.patch<AgentRecord>('/portal/me/agent_profile', { crm_email: crmEmail });

export function useUpdateCrmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCrmEmail,
    onSuccess: (record) => {
      setMeAgentProfile(queryClient, record);
      toast.success(RECIPIENT_TOASTS.crmUpdated);
    },
    onError: (error) => {
      toast.error(RECIPIENT_TOASTS.crmFailed, { description: errorMessage(error) });
    },
  });
}
