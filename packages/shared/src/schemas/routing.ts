import { z } from 'zod';
import { HAND_BACK_REASON_MAX, MONTHLY_LEAD_CAP_MAX } from '../rules/hand-back';
import { SCORECARD_FIGURES, type ScorecardFigureKey } from '../rules/scorecard';
import { calendarDate } from './dates';

/**
 * Routing that holds agents to account (DESIGN.md section 11, ADR 62): the console's routing
 * settings, offers and their answers, pause and caps, and the scorecard.
 */

export const ACCEPTANCE_MINUTES_MAX = 1440;

const floor = (label: string, min: number, max: number) =>
  z
    .number({ message: `The ${label} floor must be a number or none` })
    .min(min, `The ${label} floor is at least ${min}`)
    .max(max, `The ${label} floor is at most ${max}`)
    .nullable();

export const ScorecardFloorsSchema = z.object({
  speed_to_contact_minutes: floor('speed to contact', 1, 10_080),
  contacted_within_hour: floor('contacted within 1 hour', 0, 100),
  acceptance: floor('offers accepted', 0, 100),
  updated_within_7_days: floor('active leads updated', 0, 100),
  appointment_rate: floor('appointment rate', 0, 100),
  listing_rate: floor('listing rate', 0, 100),
  closing_rate: floor('closing rate', 0, 100),
  lead_quality_rating: floor('lead quality rating', 1, 5),
  paid_on_time: floor('fees paid on time', 0, 100),
}) satisfies z.ZodType<Record<ScorecardFigureKey, number | null>>;

/** `routing` in the console's settings. */
export const RoutingSettingsSchema = z.object({
  /** 0: offers are off and a routed lead is the agent's at once. */
  acceptance_minutes: z
    .number({ message: 'The acceptance window must be a number of minutes' })
    .int('The acceptance window is a whole number of minutes')
    .min(0, 'The acceptance window is 0 (off) or more minutes')
    .max(ACCEPTANCE_MINUTES_MAX, `The acceptance window is at most ${ACCEPTANCE_MINUTES_MAX} minutes`),
  floors: ScorecardFloorsSchema,
});
export type RoutingSettings = z.infer<typeof RoutingSettingsSchema>;

/** On a lead its holder has not accepted yet: the seller's details are empty until then. */
export const LeadOfferSchema = z.object({ offered_at: z.string(), expires_at: z.string() });
export type LeadOffer = z.infer<typeof LeadOfferSchema>;

const reason = (what: string) =>
  z
    .string({ message: `Say why you ${what} the lead` })
    .trim()
    .min(1, `Say why you ${what} the lead`)
    .max(HAND_BACK_REASON_MAX, `The reason is at most ${HAND_BACK_REASON_MAX} characters`);

/** POST /portal/me/leads/:id/pass (an open offer) and /release (an accepted lead). */
export const LeadPassSchema = z.strictObject({ reason: reason('pass') });
export const LeadReleaseSchema = z.strictObject({ reason: reason('release') });

export const LEAD_OFFER_OUTCOMES = ['accepted', 'passed', 'lapsed', 'released'] as const;
export type LeadOfferOutcome = (typeof LEAD_OFFER_OUTCOMES)[number];

/** Pause: leads stop until this date (the agent's calendar) and start again on it; null resumes. */
export const pausedUntil = calendarDate('paused_until').nullable();

export const monthlyLeadCap = z
  .number({ message: 'The monthly cap must be a whole number of leads or none' })
  .int('The monthly cap is a whole number of leads')
  .min(0, 'The monthly cap is at least 0')
  .max(MONTHLY_LEAD_CAP_MAX, `The monthly cap is at most ${MONTHLY_LEAD_CAP_MAX.toLocaleString('en-US')}`)
  .nullable();

/** What the agent record tells about routing: pause, the caps, and this month's leads. */
export const AgentCapacitySchema = z.object({
  paused_until: z.string().nullable(),
  /** Set by the office or a superuser. */
  monthly_lead_cap: z.number().nullable(),
  /** The agent's own, never above the office's. */
  own_monthly_lead_cap: z.number().nullable(),
  /** Leads that reached the agent this calendar month and are still theirs. */
  leads_this_month: z.number(),
});
export type AgentCapacity = z.infer<typeof AgentCapacitySchema>;

/** PATCH /portal/managed-groups/:groupId/members/:memberId (a group manager). */
export const MemberPausePatchSchema = z.strictObject({ paused_until: pausedUntil });

export const ScorecardFigureSchema = z.object({
  key: z.enum(SCORECARD_FIGURES),
  label: z.string(),
  unit: z.enum(['minutes', 'percent', 'rating']),
  better: z.enum(['lower', 'higher']),
  /** Null when there is nothing to measure yet (no lead, no offer, no rating). */
  value: z.number().nullable(),
  /** The same figure over the 90 days before: the trend. */
  previous: z.number().nullable(),
  /** How many leads (offers, ratings) the figure is computed over. */
  sample: z.number(),
  floor: z.number().nullable(),
  /** Null with no floor or no value. */
  meets_floor: z.boolean().nullable(),
  computed: z.string(),
  routing: z.string(),
});
export type ScorecardFigure = z.infer<typeof ScorecardFigureSchema>;

/** GET /portal/me/scorecard, and each agent's card in the lists. */
export const ScorecardSchema = z.object({
  agent_id: z.string(),
  agent_name: z.string(),
  from: z.string(),
  to: z.string(),
  figures: z.array(ScorecardFigureSchema),
  below_floors: z.array(z.enum(SCORECARD_FIGURES)),
  computed_at: z.string(),
});
export type Scorecard = z.infer<typeof ScorecardSchema>;

/** Offices, group managers and the console: their agents' cards side by side. */
export const ScorecardListSchema = z.object({
  floors: ScorecardFloorsSchema,
  items: z.array(ScorecardSchema),
  total: z.number(),
});
export type ScorecardList = z.infer<typeof ScorecardListSchema>;

/** An office's or a group manager's card of an agent: its figures, and the agent's pause and caps. */
export const TeamScorecardSchema = ScorecardSchema.extend({ capacity: AgentCapacitySchema });
export type TeamScorecard = z.infer<typeof TeamScorecardSchema>;

export const TeamScorecardListSchema = ScorecardListSchema.extend({ items: z.array(TeamScorecardSchema) });
export type TeamScorecardList = z.infer<typeof TeamScorecardListSchema>;

/** PATCH /portal/corporate-agents/:agentId (an office, for an agent linked to it). */
export const CorporateAgentCapPatchSchema = z.strictObject({ monthly_lead_cap: monthlyLeadCap });
export const CorporateAgentParamsSchema = z.object({ agentId: z.uuid({ message: 'Agent not found' }) });
