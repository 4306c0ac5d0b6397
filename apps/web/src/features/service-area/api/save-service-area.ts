import type { AgentRecord, PortalMe, ServiceAreaPatch } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryKey, setMeAgentProfile } from '@/lib/auth';

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
