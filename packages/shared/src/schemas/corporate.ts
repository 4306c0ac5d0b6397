import { z } from 'zod';
import { AGENT_STATUSES } from '../constants';
import { LEADS_PAGING, LeadCountsSchema, LeadSchema } from './leads';

/**
 * Corporate users and group managers (SPEC.md sections 3, 6 and 7; DESIGN.md section 7).
 * A corporate user sees the agents linked to it and the groups it owns; a group manager (an agent
 * with is_manager in a membership) sees the members of the groups it manages and their leads.
 */

/** GET /portal/corporate-accessible-groups: one row per group the corporate user can see. */
export const CorporateGroupSchema = z.object({
  group_id: z.string(),
  group_name: z.string(),
  /** Members linked to this corporate user: the ones whose leads it sees. */
  accessible_agent_count: z.number(),
  total_agent_count: z.number(),
});
export type CorporateGroup = z.infer<typeof CorporateGroupSchema>;

/** A member of a group (corporate-groups/:id/members and managed-groups/:id/members). */
export const GroupMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_agent: z.boolean(),
  agent_uri: z.string().nullable(),
});
export type GroupMember = z.infer<typeof GroupMemberSchema>;

/** GET /portal/linked-agents: the corporate user's agents with the figures of its dashboard. */
export const LinkedAgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  agent_uri: z.string(),
  agent_status: z.enum(AGENT_STATUSES),
  groups: z.array(z.object({ group_id: z.string(), group_name: z.string(), is_manager: z.boolean() })),
  leads_last_30_days: z.number(),
  total_leads: z.number(),
  answer_rate: z.object({ total_leads: z.number(), missed_calls: z.number(), answered_calls: z.number() }),
  total_closings: z.number(),
  total_gross_commission_earned: z.number(),
});
export type LinkedAgent = z.infer<typeof LinkedAgentSchema>;

/** A lead in a group's list: the lead and whose it is. */
export const GroupLeadSchema = LeadSchema.extend({
  agent_name: z.string(),
  agent_uri: z.string(),
});
export type GroupLead = z.infer<typeof GroupLeadSchema>;

export const GroupLeadsListSchema = z.object({
  items: z.array(GroupLeadSchema),
  total: z.number(),
  counts: LeadCountsSchema,
});
export type GroupLeadsList = z.infer<typeof GroupLeadsListSchema>;

/** GET /portal/groups/:groupId/leads (SPEC.md section 7). */
export const GroupLeadsQuerySchema = z.object({
  ...LEADS_PAGING,
  filter_agent_uri: z
    .string()
    .trim()
    .max(200, 'filter_agent_uri is too long')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'filter_agent_uri cannot contain control characters')
    .optional(),
});
export type GroupLeadsQuery = z.infer<typeof GroupLeadsQuerySchema>;

/** GET /portal/managed-groups/:groupId/members/:memberId/leads (SPEC.md section 7). */
export const MemberLeadsQuerySchema = z.object(LEADS_PAGING);
export type MemberLeadsQuery = z.infer<typeof MemberLeadsQuerySchema>;

/** GET /portal/corporate-stats: leads per week per group for the dashboard's chart (12 weeks). */
export const CorporateStatsSchema = z.object({
  weeks: z.array(z.string()),
  groups: z.array(z.object({ group_id: z.string(), group_name: z.string(), per_week: z.array(z.number()) })),
});
export type CorporateStats = z.infer<typeof CorporateStatsSchema>;

export const GroupIdParamsSchema = z.object({ groupId: z.uuid({ message: 'Group not found' }) });
export const MemberParamsSchema = z.object({
  groupId: z.uuid({ message: 'Group not found' }),
  memberId: z.uuid({ message: 'Member not found' }),
});
