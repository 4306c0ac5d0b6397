import {
  holdBounds,
  isActiveStage,
  type LeadPatch,
  type LeadStage,
  LOST_REASONS,
  statusOfStage,
} from '@portal/shared';
import type { LeadRow } from '../../db/schema';
import { AppError, badRequest, forbidden } from '../../lib/errors';

/**
 * The lead's life after delivery (DESIGN.md section 10, ADR 60): what a PATCH may do to a lead's
 * stage, lost reason, hold and next action, and what it records. Pure: the caller reads the
 * lead (locked), writes `set` and `events`, and moves the agent's totals.
 */
export type PatchRole = 'agent' | 'recipient';

export interface PlannedEvent {
  kind: string;
  details: Record<string, unknown>;
}

export interface PatchPlan {
  set: Partial<LeadRow>;
  events: PlannedEvent[];
  /** A closing adds to the agent's closings and commission; leaving `closed` takes them back. */
  totals?: 'add' | 'remove';
}

const DETAIL = {
  recipientCloses:
    'Only the agent can close a lead: closing records the sale price and commission. Ask the agent to close it.',
  recipientReopens: 'Only the agent can reopen a closed lead. Ask the agent to reopen it.',
  closedStays: 'This lead is closed: reopen it first (status "active" or stage "pursuing").',
  alreadyClosed: 'This lead is already closed; reopen it to change its figures.',
  figuresWithoutClosing: 'Closing figures are given when closing a lead: send status "closed" with them.',
  archiveWhy:
    'Say why the lead is archived: send lost_reason (and lost_reason_text for "other"), or hold_until for a lead that comes back later.',
  lostOrHold: 'Archive a lead as lost (lost_reason) or on hold (hold_until), not both.',
  lostReasonAlone: 'A lost reason is given when a lead is lost: send stage "lost" with it.',
  holdAlone: 'A hold date is given when a lead is put on hold: send stage "on_hold" with it.',
  needsReason: `Say why the lead was lost: send lost_reason (one of ${LOST_REASONS.join(', ')}).`,
  needsHold: 'Enter the date the lead comes back: send hold_until (YYYY-MM-DD).',
  didNotClose:
    'This lead was under contract: say why it did not close (send did_not_close_reason), or archive it as lost with a reason.',
  didNotCloseAlone:
    'A reason it did not close is given when a lead under contract moves back to an earlier stage or on hold.',
} as const;

/** The stage a patch asks for, or null when it leaves the stage alone. */
function requestedStage(lead: LeadRow, patch: LeadPatch): LeadStage | null {
  if (patch.stage !== undefined) {
    const status = statusOfStage(patch.stage);
    if (patch.status !== undefined && patch.status !== status) {
      throw badRequest(
        `Stage "${patch.stage}" is a stage of ${status} leads, not ${patch.status} ones: send a stage and a status that agree, or only one of them.`,
      );
    }
    return patch.stage;
  }
  switch (patch.status) {
    case 'closed':
      return 'closed';
    case 'archived':
      return patch.hold_until !== undefined ? 'on_hold' : 'lost';
    case 'active':
      // Reopening: an archived or closed lead is pursued again; an active one stays as it is.
      return lead.status === 'active' ? null : 'pursuing';
    default:
      return null;
  }
}

/** Who may move the lead from `from` to `to` (403), and whether the move exists at all (400). */
function checkMove(from: LeadStage, to: LeadStage, role: PatchRole): void {
  if (to === 'closed' && role !== 'agent') throw forbidden(DETAIL.recipientCloses);
  if (from !== 'closed') return;
  if (to === 'closed') throw badRequest(DETAIL.alreadyClosed);
  if (role !== 'agent') throw forbidden(DETAIL.recipientReopens);
  if (to !== 'pursuing') throw badRequest(DETAIL.closedStays);
}

/** The closing figures, each required when a lead closes (whichever of status or stage says so). */
function closingFigures(patch: LeadPatch) {
  if (!patch.closing_date) throw badRequest('Enter the closing date');
  if (patch.sale_price === undefined) throw badRequest('Enter the sale price');
  if (patch.gross_commission === undefined) throw badRequest('Enter the gross commission');
  return {
    closing_date: patch.closing_date,
    sale_price: patch.sale_price,
    gross_commission: patch.gross_commission,
  };
}

function checkHold(holdUntil: string, today: string): void {
  const { min, max } = holdBounds(today);
  if (holdUntil < min || holdUntil > max) {
    throw badRequest(
      `A hold lasts 1 to 6 months: choose a date from ${min} to ${max} for the lead to come back.`,
    );
  }
}

/** Fields given for a stage the lead does not end in: refused rather than dropped. */
function checkStrayFields(patch: LeadPatch, stage: LeadStage, changes: boolean): void {
  const figures =
    patch.closing_date !== undefined ||
    patch.sale_price !== undefined ||
    patch.gross_commission !== undefined;
  if (figures && !(stage === 'closed' && changes)) throw badRequest(DETAIL.figuresWithoutClosing);
  const reason = patch.lost_reason !== undefined || Boolean(patch.lost_reason_text);
  if (reason && patch.hold_until !== undefined) throw badRequest(DETAIL.lostOrHold);
  if (reason && stage !== 'lost') throw badRequest(DETAIL.lostReasonAlone);
  if (patch.hold_until !== undefined && stage !== 'on_hold') throw badRequest(DETAIL.holdAlone);
}

/** A lead under contract that moves back (not closed, not lost): why it did not close. */
const fellThrough = (from: LeadStage, to: LeadStage) =>
  from === 'contract' && to !== 'closed' && to !== 'lost';

const lostOf = (patch: LeadPatch) => ({
  lost_reason: patch.lost_reason!,
  lost_reason_text: patch.lost_reason === 'other' ? (patch.lost_reason_text ?? '') : '',
});

/** The stages that mean a lead reached an appointment, and a listing (or went past them). */
const REACHES_SCHEDULED: ReadonlySet<LeadStage> = new Set([
  'scheduled',
  'valuation',
  'listed',
  'contract',
  'closed',
]);
const REACHES_LISTED: ReadonlySet<LeadStage> = new Set(['listed', 'contract', 'closed']);

/** A move to another stage: the columns it sets and its timeline event. */
function planMove(
  lead: LeadRow,
  to: LeadStage,
  patch: LeadPatch,
  today: string,
  plan: PatchPlan,
  now: Date,
): void {
  const from = lead.stage;
  const set = plan.set;
  set.stage = to;
  set.status = statusOfStage(to);
  const details: Record<string, unknown> = { from, to };
  if (from === 'lost') Object.assign(set, { lostReason: null, lostReasonText: '' });
  if (from === 'on_hold') set.holdUntil = null;
  if (from === 'closed') {
    Object.assign(set, { closingDate: null, salePrice: null, grossCommission: null });
    Object.assign(details, {
      previous_sale_price: lead.salePrice,
      previous_gross_commission: lead.grossCommission,
    });
    plan.totals = 'remove';
  }
  if (to === 'lost') {
    if (patch.lost_reason === undefined) throw badRequest(DETAIL.needsReason);
    const lost = lostOf(patch);
    Object.assign(set, { lostReason: lost.lost_reason, lostReasonText: lost.lost_reason_text });
    Object.assign(details, lost);
  }
  if (fellThrough(from, to)) {
    const reason = patch.did_not_close_reason?.trim();
    if (!reason) throw badRequest(DETAIL.didNotClose);
    details.did_not_close_reason = reason;
  }
  if (to === 'on_hold') {
    if (patch.hold_until === undefined) throw badRequest(DETAIL.needsHold);
    checkHold(patch.hold_until, today);
    set.holdUntil = patch.hold_until;
    details.hold_until = patch.hold_until;
  }
  if (to === 'closed') {
    const figures = closingFigures(patch);
    Object.assign(set, {
      closingDate: figures.closing_date,
      salePrice: figures.sale_price,
      grossCommission: figures.gross_commission,
    });
    Object.assign(details, figures);
    plan.totals = 'add';
  }
  // How far the lead has gone (the scorecard's rates, ADR 62): kept from the first time, under
  // the lead's row lock, so a move back and forth does not change it.
  if (REACHES_SCHEDULED.has(to) && !lead.reachedScheduledAt) set.reachedScheduledAt = now;
  if (REACHES_LISTED.has(to) && !lead.reachedListedAt) set.reachedListedAt = now;
  const reopened = statusOfStage(from) !== 'active' && isActiveStage(to);
  plan.events.push({ kind: to === 'closed' ? 'closed' : reopened ? 'reopened' : 'stage_change', details });
}

/** A lost lead's reason or a held lead's date, changed without a move. */
function planSameStage(lead: LeadRow, patch: LeadPatch, today: string, plan: PatchPlan): void {
  if (lead.stage === 'lost' && patch.lost_reason !== undefined) {
    const to = lostOf(patch);
    const from = { lost_reason: lead.lostReason, lost_reason_text: lead.lostReasonText };
    if (to.lost_reason === from.lost_reason && to.lost_reason_text === from.lost_reason_text) return;
    Object.assign(plan.set, { lostReason: to.lost_reason, lostReasonText: to.lost_reason_text });
    plan.events.push({ kind: 'lost_reason_change', details: { from, to } });
  }
  if (lead.stage === 'on_hold' && patch.hold_until !== undefined && patch.hold_until !== lead.holdUntil) {
    checkHold(patch.hold_until, today);
    plan.set.holdUntil = patch.hold_until;
    plan.events.push({ kind: 'hold_change', details: { from: lead.holdUntil, to: patch.hold_until } });
  }
}

/** The next action (when and what), recorded as it was and as it becomes. */
function planNextAction(lead: LeadRow, patch: LeadPatch, plan: PatchPlan): void {
  const at =
    patch.next_action_at === undefined
      ? lead.nextActionAt
      : patch.next_action_at === null
        ? null
        : new Date(patch.next_action_at);
  const words = patch.next_action ?? lead.nextAction;
  if (at?.getTime() === lead.nextActionAt?.getTime() && words === lead.nextAction) return;
  Object.assign(plan.set, { nextActionAt: at, nextAction: words });
  plan.events.push({
    kind: 'next_action',
    details: {
      from: { next_action: lead.nextAction, next_action_at: lead.nextActionAt?.toISOString() ?? null },
      to: { next_action: words, next_action_at: at?.toISOString() ?? null },
    },
  });
}

/**
 * What a PATCH does to the lead's stage and next action. `today` is the agent's calendar day
 * (YYYY-MM-DD), for the hold's bounds; `now` stamps the first time the lead reaches an appointment
 * or a listing. Throws the 400 or 403 the request deserves.
 */
export function planPatch(
  lead: LeadRow,
  patch: LeadPatch,
  role: PatchRole,
  today: string,
  now = new Date(),
): PatchPlan {
  const plan: PatchPlan = { set: {}, events: [] };
  const wanted = requestedStage(lead, patch);
  const moves = wanted !== null && wanted !== lead.stage;
  if (wanted === 'closed' && lead.stage === 'closed') checkMove(lead.stage, wanted, role);
  if (moves) checkMove(lead.stage, wanted, role);
  checkStrayFields(patch, wanted ?? lead.stage, moves);
  if (patch.status === 'archived' && wanted === 'lost' && patch.lost_reason === undefined) {
    throw badRequest(DETAIL.archiveWhy);
  }
  if (patch.did_not_close_reason !== undefined && !(moves && fellThrough(lead.stage, wanted))) {
    throw badRequest(DETAIL.didNotCloseAlone);
  }
  if (moves) planMove(lead, wanted, patch, today, plan, now);
  else planSameStage(lead, patch, today, plan);
  planNextAction(lead, patch, plan);
  return plan;
}

/**
 * An open offer (ADR 62): the lead is shown without its seller until the holder accepts, and
 * nothing works it before then. Throws the 409 that says so.
 */
export function requireAccepted(lead: Pick<LeadRow, 'offerExpiresAt'>): void {
  if (lead.offerExpiresAt !== null) {
    throw new AppError(
      'conflict',
      "Accept the lead first: it is offered to you, and the seller's details and work on it open once you accept.",
    );
  }
}
