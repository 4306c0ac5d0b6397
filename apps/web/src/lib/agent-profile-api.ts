import type { AgentProfilePatchSchema, AgentRecord } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { setMeAgentProfile } from '@/lib/auth';

export type AgentProfilePatchInput = z.input<typeof AgentProfilePatchSchema>;

/**
 * PATCH /portal/me/agent_profile with the changed details only: 200 with the updated record,
 * 400 `{detail}` naming the field the server refused.
 */
export const updateDetails = (patch: AgentProfilePatchInput) =>
  api.patch<AgentRecord>('/portal/me/agent_profile', patch);

/** Saves the details; the returned record replaces the cached one. Messages are the form's. */
export function useUpdateDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDetails,
    onSuccess: (record) => setMeAgentProfile(queryClient, record),
  });
}
