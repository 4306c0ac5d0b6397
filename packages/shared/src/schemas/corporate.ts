import { z } from 'zod';
import { AGENT_STATUSES } from '../constants';
import { LEAD_STAGES, type LeadStage } from '../rules/lead-stages';
import { calendarDate } from './dates';
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

/**
 * The pipeline of the agents an office or a group manager sees (DESIGN.md section 10): each
 * agent's leads by stage, stale leads, and for a date range beside the period of equal length
 * before it, the leads received, speed to first contact and closings.
 */
export const PIPELINE_DEFAULT_DAYS = 30;
export const PIPELINE_MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const dayIndex = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** `date` (YYYY-MM-DD) moved by `days` calendar days. */
export const shiftDate = (date: string, days: number) => dateOfDay(dayIndex(date) + days);

/** A date range, both days included, and the period of equal length just before it. */
export interface PipelineRange {
  from: string;
  to: string;
  previous_from: string;
  previous_to: string;
  days: number;
}

/**
 * The range a query asks for, from `today` (YYYY-MM-DD, the office's calendar): the last 30 days
 * by default, 30 days up to `to` or from `from` to today when only one is given. A message that
 * says what to change when the range is reversed or too long.
 */
export function resolvePipelineRange(
  query: { from?: string; to?: string },
  today: string,
): { range: PipelineRange } | { error: string } {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? shiftDate(to, 1 - PIPELINE_DEFAULT_DAYS);
  if (from > to) {
    return {
      error: `The range starts (${from}) after it ends (${to}): choose a from date on or before the to date`,
    };
  }
  const days = dayIndex(to) - dayIndex(from) + 1;
  if (days > PIPELINE_MAX_DAYS) {
    return { error: `The range is ${days} days long: choose at most ${PIPELINE_MAX_DAYS} days` };
  }
  return {
    range: { from, to, previous_from: shiftDate(from, -days), previous_to: shiftDate(from, -1), days },
  };
}

const rangeFields = {
  from: calendarDate('from', 'from must be a date (YYYY-MM-DD)').optional(),
  to: calendarDate('to', 'to must be a date (YYYY-MM-DD)').optional(),
};

/** Both dates given: reversed or too long is refused before anything is read. */
const checkRange = (query: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (!query.from || !query.to) return;
  // A date refused by its own field is reported there (the refinement still runs after it).
  if (!rangeFields.from.safeParse(query.from).success || !rangeFields.to.safeParse(query.to).success) return;
  const resolved = resolvePipelineRange(query, query.to);
  if ('error' in resolved) ctx.addIssue({ code: 'custom', path: ['from'], message: resolved.error });
};

const agentUriFilter = GroupLeadsQuerySchema.shape.filter_agent_uri;
const groupFilter = z.uuid({ message: 'group_id must be the id of one of your groups' }).optional();
const memberFilter = z.uuid({ message: 'member_id must be the id of a member of the group' }).optional();

/** GET /portal/corporate-pipeline (and its CSV files): every linked agent, or a group's, or one. */
export const CorporatePipelineQuerySchema = z
  .object({ ...rangeFields, group_id: groupFilter, filter_agent_uri: agentUriFilter })
  .superRefine(checkRange);
export type CorporatePipelineQuery = z.infer<typeof CorporatePipelineQuerySchema>;

/** GET /portal/managed-groups/:groupId/pipeline (and its CSV files): the group's agents, or one. */
export const ManagedPipelineQuerySchema = z
  .object({ ...rangeFields, member_id: memberFilter })
  .superRefine(checkRange);
export type ManagedPipelineQuery = z.infer<typeof ManagedPipelineQuerySchema>;

/** GET /portal/corporate-pipeline/stale-leads: paged, the longest untouched first. */
export const CorporateStaleLeadsQuerySchema = z.object({
  skip: LEADS_PAGING.skip,
  limit: LEADS_PAGING.limit,
  group_id: groupFilter,
  filter_agent_uri: agentUriFilter,
});
export type CorporateStaleLeadsQuery = z.infer<typeof CorporateStaleLeadsQuerySchema>;

/** GET /portal/managed-groups/:groupId/stale-leads. */
export const ManagedStaleLeadsQuerySchema = z.object({
  skip: LEADS_PAGING.skip,
  limit: LEADS_PAGING.limit,
  member_id: memberFilter,
});
export type ManagedStaleLeadsQuery = z.infer<typeof ManagedStaleLeadsQuerySchema>;

/** A figure of the range and of the period before it. */
const compared = <T extends z.ZodType>(value: T) => z.object({ current: value, previous: value });

export const PipelineStageCountsSchema = z.object(
  Object.fromEntries(LEAD_STAGES.map((stage) => [stage, z.number()])) as Record<LeadStage, z.ZodNumber>,
);
export type PipelineStageCounts = z.infer<typeof PipelineStageCountsSchema>;

export const PipelineFiguresSchema = z.object({
  /** Every lead the agent holds now, by stage. */
  stages: PipelineStageCountsSchema,
  /** Active leads with no activity (or, never worked, no arrival) for STALE_AFTER_DAYS days. */
  stale: z.number(),
  /** Leads that arrived in the period. */
  received: compared(z.number()),
  /** Median seconds from arrival to first contact of the period's leads contacted; null if none. */
  speed_to_contact_seconds: compared(z.number().nullable()),
  /** The period's leads first contacted within an hour of arriving. */
  contacted_within_hour: compared(z.number()),
  /** contacted_within_hour over received (0 to 1); null when no lead arrived. */
  contacted_within_hour_share: compared(z.number().nullable()),
  /** Leads closed with a closing date in the period. */
  closings: compared(z.number()),
});
export type PipelineFigures = z.infer<typeof PipelineFiguresSchema>;

export const PipelineAgentSchema = PipelineFiguresSchema.extend({
  agent_id: z.string(),
  name: z.string(),
  agent_uri: z.string(),
});
export type PipelineAgent = z.infer<typeof PipelineAgentSchema>;

export const PipelineSchema = z.object({
  from: z.string(),
  to: z.string(),
  previous_from: z.string(),
  previous_to: z.string(),
  /** The calendar the dates are days of (the office's time zone), and its today. */
  time_zone: z.string(),
  today: z.string(),
  stale_after_days: z.number(),
  /** By name. */
  agents: z.array(PipelineAgentSchema),
  totals: PipelineFiguresSchema,
});
export type Pipeline = z.infer<typeof PipelineSchema>;

/** A page of stale leads, the longest untouched first. */
export const StaleLeadsListSchema = z.object({ items: z.array(GroupLeadSchema), total: z.number() });
export type StaleLeadsList = z.infer<typeof StaleLeadsListSchema>;
