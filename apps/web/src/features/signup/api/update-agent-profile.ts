import type { AgentProfilePatchSchema, AgentRecord } from '@portal/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type AgentProfilePatchInput = z.input<typeof AgentProfilePatchSchema>;

/**
 * PATCH /portal/me/agent_profile: saves a wizard step and, with `signup_status`, moves on.
 * 200 with the updated record; 400 `{detail}` with a field message or the step rule's message.
 */
export const updateAgentProfile = (patch: AgentProfilePatchInput) =>
  api.patch<AgentRecord>('/portal/me/agent_profile', patch);
