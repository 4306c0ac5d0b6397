import type { LeadStatus } from '../constants';

/**
 * The lead's life after delivery (DESIGN.md section 10). Active leads move through the first six
 * stages freely, forwards and back; `closed` follows closing, `lost` and `on_hold` follow
 * archiving. SPEC.md's status follows from the stage, so its counts stay as they are.
 */
export const ACTIVE_STAGES = ['new', 'pursuing', 'scheduled', 'valuation', 'listed', 'contract'] as const;
export const LEAD_STAGES = [...ACTIVE_STAGES, 'closed', 'lost', 'on_hold'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];
export type ActiveStage = (typeof ACTIVE_STAGES)[number];

export const STAGE_LABELS: Record<LeadStage, string> = {
  new: 'New',
  pursuing: 'Pursuing',
  scheduled: 'Appointment set',
  valuation: 'Price opinion given',
  listed: 'Listed',
  contract: 'Under contract',
  closed: 'Closed',
  lost: 'Lost',
  on_hold: 'On hold',
};

/** Each stage's colour: a name of SPEC.md's palette (`--color-<name>` in the web app's styles). */
export const STAGE_COLOURS: Record<LeadStage, string> = {
  new: 'seller',
  pursuing: 'pursuing',
  scheduled: 'scheduled',
  valuation: 'valuation',
  listed: 'listed',
  contract: 'contract',
  closed: 'active',
  lost: 'buyer',
  on_hold: 'buyer',
};

export function statusOfStage(stage: LeadStage): LeadStatus {
  if (stage === 'closed') return 'closed';
  if (stage === 'lost' || stage === 'on_hold') return 'archived';
  return 'active';
}

export const isActiveStage = (stage: string): stage is ActiveStage =>
  (ACTIVE_STAGES as readonly string[]).includes(stage);

/** Why a lead was lost (archiving without a hold needs one; `other` needs its text). */
export const LOST_REASONS = [
  'not_selling',
  'chose_another_agent',
  'unreachable',
  'wrong_contact',
  'contract_fell_through',
  'other',
] as const;
export type LostReason = (typeof LOST_REASONS)[number];
export const LOST_REASON_LABELS: Record<LostReason, string> = {
  not_selling: 'Not selling',
  chose_another_agent: 'Chose another agent',
  unreachable: 'Unreachable',
  wrong_contact: 'Wrong or duplicate contact',
  contract_fell_through: 'Contract fell through',
  other: 'Other',
};

/** A hold lasts 1 to 6 months: the lead comes back to `pursuing` on its date. */
export const HOLD_MIN_MONTHS = 1;
export const HOLD_MAX_MONTHS = 6;

/** The first and last day a hold may end on, from `today` (YYYY-MM-DD, the agent's calendar). */
export function holdBounds(today: string): { min: string; max: string } {
  const add = (months: number) => {
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1 + months, 1));
    const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(d, last));
    return date.toISOString().slice(0, 10);
  };
  return { min: add(HOLD_MIN_MONTHS), max: add(HOLD_MAX_MONTHS) };
}

export const ACTIVITY_KINDS = ['call', 'text', 'email', 'meeting', 'note'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ACTIVITY_OUTCOMES = ['no_answer', 'left_message', 'spoke', 'wrong_number'] as const;
export type ActivityOutcome = (typeof ACTIVITY_OUTCOMES)[number];
export const ACTIVITY_OUTCOME_LABELS: Record<ActivityOutcome, string> = {
  no_answer: 'No answer',
  left_message: 'Left message',
  spoke: 'Spoke',
  wrong_number: 'Wrong number',
};
/** The kinds of activity that try to reach the seller: the first sets `first_contact_at`. */
export const CONTACT_KINDS: readonly ActivityKind[] = ['call', 'text', 'email'];

/** The work queue's buckets, in the order an agent should call (DESIGN.md section 10). */
export const QUEUE_BUCKETS = ['overdue', 'new', 'today', 'later'] as const;
export type QueueBucket = (typeof QUEUE_BUCKETS)[number];

/** A lead with no activity for this many days is stale (managers' and offices' views). */
export const STALE_AFTER_DAYS = 7;
