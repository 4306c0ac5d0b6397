import { z } from 'zod';
import { LEAD_STATUSES, LEAD_TYPES, LEADS_PAGE_LIMIT, STATE_CODES } from '../constants';
import {
  ACTIVITY_KINDS,
  ACTIVITY_OUTCOMES,
  LEAD_STAGES,
  LOST_REASONS,
  QUEUE_BUCKETS,
} from '../rules/lead-stages';
import { calendarDate } from './dates';
import { OptionalEmailSchema, OptionalPhoneSchema } from './profile';
import { LeadOfferSchema } from './routing';

/** Leads (DESIGN.md section 5; list shape of SPEC.md section 7). */

const text = (label: string, max: number) =>
  z.string().trim().max(max, `${label} is too long (at most ${max} characters)`);

/** POST /api/v1/leads: what a machine client sends. */
export const LeadIntakeSchema = z
  .strictObject({
    lead_type: z.enum(LEAD_TYPES, { message: `lead_type must be one of ${LEAD_TYPES.join(', ')}` }),
    first_name: text('first_name', 100).default(''),
    last_name: text('last_name', 100).default(''),
    phone: OptionalPhoneSchema.default(''),
    email: OptionalEmailSchema.default(''),
    street: text('street', 200).default(''),
    city: text('city', 100).default(''),
    state: z
      .string()
      .trim()
      .toUpperCase()
      .refine((value) => value === '' || (STATE_CODES as readonly string[]).includes(value), {
        message: 'state must be a two-letter US state code',
      })
      .default(''),
    zip: z
      .string({ message: 'zip is required' })
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, 'zip must be a 5-digit US ZIP code')
      .transform((value) => value.slice(0, 5)),
    county: text('county', 100).default(''),
    source: text('source', 100).min(1, 'source cannot be empty').optional(),
    external_id: text('external_id', 200).min(1, 'external_id cannot be empty').optional(),
    notes: text('notes', 5000).default(''),
  })
  .refine((lead) => lead.phone !== '' || lead.email !== '', {
    message: 'A lead needs a phone number or an e-mail address',
    path: ['phone'],
  });
export type LeadIntake = z.infer<typeof LeadIntakeSchema>;

export const LeadRoutingSchema = z.object({
  decision: z.enum(['assigned', 'unassigned', 'manual']),
  reason: z.string(),
  candidates: z.number(),
  decided_at: z.string(),
});

export const LeadClosingSchema = z.object({
  /** The invoice the closing created (null for a closing the agent owes no fee on). */
  invoice: z
    .object({
      id: z.string(),
      number: z.string(),
      amount_cents: z.number().int(),
      balance_cents: z.number().int(),
      status: z.enum(['open', 'paid', 'void']),
      due_at: z.string(),
      pdf_url: z.string(),
    })
    .nullable(),
  rate_percent: z.number().nullable(),
  /** The settlement statement, once uploaded. */
  statement: z.object({ file_name: z.string(), uploaded_at: z.string(), url: z.string() }).nullable(),
  /** The statement is due 14 days after the closing is recorded. */
  statement_due_on: z.string(),
});
export type LeadClosing = z.infer<typeof LeadClosingSchema>;

export const LeadSchema = z.object({
  id: z.string(),
  agent_id: z.string().nullable(),
  lead_type: z.enum(LEAD_TYPES),
  status: z.enum(LEAD_STATUSES),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  email: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  county: z.string(),
  source: z.string(),
  external_id: z.string().nullable(),
  notes: z.string(),
  routing: LeadRoutingSchema.nullable(),
  closing_date: z.string().nullable(),
  /** Null for a recipient: team members do not see the sale price or the commission. */
  sale_price: z.number().nullable(),
  gross_commission: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  // The lead's life after delivery (DESIGN.md section 10); status follows from the stage.
  stage: z.enum(LEAD_STAGES),
  next_action_at: z.string().nullable(),
  next_action: z.string(),
  first_contact_at: z.string().nullable(),
  last_activity_at: z.string().nullable(),
  /** From the lead's arrival to its first call, text or e-mail; null until then. */
  speed_to_contact_seconds: z.number().nullable(),
  /** When anyone first opened the lead; null is "New". */
  opened_at: z.string().nullable(),
  hold_until: z.string().nullable(),
  lost_reason: z.enum(LOST_REASONS).nullable(),
  lost_reason_text: z.string(),
  /**
   * An offer the holder has not accepted yet (ADR 62), null when none is open. While it is open,
   * outside the console, the seller's names, phone, e-mail, street and notes are empty strings.
   */
  offer: LeadOfferSchema.nullable(),
  /** When the holder accepted the lead (at once with offers off); null while offered or unassigned. */
  accepted_at: z.string().nullable(),
  /**
   * A closed lead's referral fee and settlement statement (ADR 66); null before closing and for
   * a recipient (team members do not see money).
   */
  closing: LeadClosingSchema.nullable().optional(),
  /** Only in the work queue (`view=queue`): which of its parts the row is in. */
  queue_bucket: z.enum(QUEUE_BUCKETS).optional(),
});
export type Lead = z.infer<typeof LeadSchema>;

export const LeadCountsSchema = z.object({ active: z.number(), archived: z.number(), closed: z.number() });

export const LeadsListSchema = z.object({
  items: z.array(LeadSchema),
  total: z.number(),
  counts: LeadCountsSchema,
});
export type LeadsList = z.infer<typeof LeadsListSchema>;

/** A query-string flag: true, false, 1 or 0. */
export const QueryFlagSchema = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1')
  .optional();

/** Paging and status flags of every leads list: skip 0 / limit 100 (SPEC.md section 9). */
export const LEADS_PAGING = {
  skip: z.coerce
    .number()
    .int()
    .min(0, 'skip must be 0 or more')
    .max(1_000_000, 'skip is too large')
    .default(0),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be between 1 and 100')
    .max(LEADS_PAGE_LIMIT, 'limit must be between 1 and 100')
    .default(LEADS_PAGE_LIMIT),
  active: QueryFlagSchema,
  archived: QueryFlagSchema,
  closed: QueryFlagSchema,
};

/**
 * GET /portal/me/leads: paging, status flags and a search; `view=queue` is the work queue (active
 * leads in the order to call them), `stage` narrows to one stage (the board).
 */
export const LeadsQuerySchema = z.object({
  ...LEADS_PAGING,
  q: z.string().trim().max(100, 'Search is too long').optional(),
  view: z.enum(['list', 'queue'], { message: 'view must be list or queue' }).optional(),
  stage: z.enum(LEAD_STAGES, { message: `stage must be one of ${LEAD_STAGES.join(', ')}` }).optional(),
});
export type LeadsQuery = z.infer<typeof LeadsQuerySchema>;

/** Dollars with at most two decimals: what the fee is computed from is exact to the cent. */
const money = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(1e11, `${label} is too large`)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
      message: `${label} has at most two decimals (cents)`,
    });

/**
 * PATCH /portal/me/leads/:id: a status or stage change (closing needs its figures; archiving needs
 * a lost reason or a hold date), the next action, and/or notes.
 */
export const LeadPatchSchema = z
  .strictObject({
    status: z.enum(LEAD_STATUSES).optional(),
    stage: z.enum(LEAD_STAGES, { message: `stage must be one of ${LEAD_STAGES.join(', ')}` }).optional(),
    notes: text('Notes', 5000).optional(),
    next_action_at: z.iso
      .datetime({ offset: true, message: 'next_action_at must be an ISO 8601 date-time or null' })
      .nullable()
      .optional(),
    next_action: text('The next action', 200).optional(),
    lost_reason: z
      .enum(LOST_REASONS, { message: `lost_reason must be one of ${LOST_REASONS.join(', ')}` })
      .optional(),
    lost_reason_text: text('The reason', 500).optional(),
    /** Why a lead under contract did not close, when it moves back to an earlier stage or on hold. */
    did_not_close_reason: text('Why it did not close', 500).optional(),
    hold_until: calendarDate('The hold date', 'Enter the date the lead comes back').optional(),
    closing_date: calendarDate('The closing date', 'Enter the closing date').optional(),
    sale_price: money('Sale price').optional(),
    gross_commission: money('Gross commission').optional(),
  })
  .superRefine((patch, ctx) => {
    if (patch.lost_reason === 'other' && !patch.lost_reason_text) {
      ctx.addIssue({ code: 'custom', path: ['lost_reason_text'], message: 'Say why the lead was lost' });
    }
    if (patch.status === 'closed') {
      if (!patch.closing_date)
        ctx.addIssue({ code: 'custom', path: ['closing_date'], message: 'Enter the closing date' });
      if (patch.sale_price === undefined)
        ctx.addIssue({ code: 'custom', path: ['sale_price'], message: 'Enter the sale price' });
      if (patch.gross_commission === undefined)
        ctx.addIssue({ code: 'custom', path: ['gross_commission'], message: 'Enter the gross commission' });
    }
  });
export type LeadPatch = z.infer<typeof LeadPatchSchema>;

export const LeadEventSchema = z.object({
  id: z.string(),
  kind: z.string(),
  actor_type: z.string(),
  actor_name: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type LeadEvent = z.infer<typeof LeadEventSchema>;

export const LeadDetailSchema = LeadSchema.extend({ events: z.array(LeadEventSchema) });

/** POST /portal/me/leads/:id/activities: a call, text, e-mail, meeting or note, by its author. */
export const LeadActivityInputSchema = z
  .strictObject({
    kind: z.enum(ACTIVITY_KINDS, { message: `kind must be one of ${ACTIVITY_KINDS.join(', ')}` }),
    outcome: z
      .enum(ACTIVITY_OUTCOMES, { message: `outcome must be one of ${ACTIVITY_OUTCOMES.join(', ')}` })
      .optional(),
    body: text('The text', 5000).optional(),
  })
  .superRefine((activity, ctx) => {
    if (activity.kind === 'note' && !activity.body) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: 'Write the note' });
    }
    if (activity.outcome && activity.kind !== 'call' && activity.kind !== 'text') {
      ctx.addIssue({ code: 'custom', path: ['outcome'], message: 'Only calls and texts have an outcome' });
    }
  });
export type LeadActivityInput = z.infer<typeof LeadActivityInputSchema>;

export const LeadActivitySchema = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  outcome: z.enum(ACTIVITY_OUTCOMES).nullable(),
  body: z.string(),
  author: z.object({ name: z.string(), role: z.enum(['agent', 'recipient']) }),
  created_at: z.string(),
});
export type LeadActivity = z.infer<typeof LeadActivitySchema>;

/**
 * GET /portal/me/events: what the Server-Sent Events stream carries. The page fetches what it
 * needs by id; a heartbeat (an SSE comment) keeps the connection open.
 */
export const LEAD_STREAM_EVENTS = ['lead.created', 'lead.updated'] as const;
export type LeadStreamEvent = (typeof LEAD_STREAM_EVENTS)[number];
export const LeadStreamDataSchema = z.object({ id: z.string() });
/**
 * The stream's own events (ADR 59): `resync` says notices may have been missed (read the page
 * again); `reconnect` ends the stream: open a new one, with a fresh access token first when the
 * reason is `token_expired`.
 */
export const LEAD_STREAM_CONTROL_EVENTS = ['resync', 'reconnect'] as const;
export const LEAD_STREAM_RECONNECT_REASONS = ['token_expired', 'renew', 'closing'] as const;
export const LeadStreamReconnectSchema = z.object({ reason: z.enum(LEAD_STREAM_RECONNECT_REASONS) });
export type LeadStreamReconnect = z.infer<typeof LeadStreamReconnectSchema>;
export type LeadDetail = z.infer<typeof LeadDetailSchema>;

/** POST /api/v1/calls: a call to a tracking number or about a lead. */
export const CallEventInputSchema = z
  .strictObject({
    outcome: z.enum(['answered', 'missed'], { message: 'outcome must be answered or missed' }),
    tracking_number: OptionalPhoneSchema.optional(),
    lead_id: z.uuid({ message: 'lead_id must be a lead id' }).optional(),
    duration_seconds: z.number().int().min(0).max(86_400).optional(),
    occurred_at: z.iso
      .datetime({ offset: true, message: 'occurred_at must be an ISO 8601 date-time' })
      .optional(),
    source: text('source', 100).min(1).optional(),
    external_id: text('external_id', 200).min(1).optional(),
  })
  .refine((call) => Boolean(call.tracking_number || call.lead_id), {
    message: 'Give the tracking_number that was called or the lead_id the call was about',
    path: ['tracking_number'],
  });
export type CallEventInput = z.infer<typeof CallEventInputSchema>;

/** GET /portal/me/lead-stats: the workspace's cards and its leads-per-week chart (12 weeks). */
export const LeadStatsSchema = z.object({
  this_week: z.number(),
  this_month: z.number(),
  answer_rate: z.object({ total_leads: z.number(), missed_calls: z.number(), answered_calls: z.number() }),
  per_week: z.array(z.object({ week_start: z.string(), counts: z.record(z.string(), z.number()) })),
  /** The queue's strip: leads that arrived today, next actions overdue, closings this month. */
  new_today: z.number(),
  overdue: z.number(),
  closings_this_month: z.number(),
  /** Median seconds from arrival to first contact of this month's leads contacted; null if none. */
  speed_to_contact_seconds_month: z.number().nullable(),
});
export type LeadStats = z.infer<typeof LeadStatsSchema>;
