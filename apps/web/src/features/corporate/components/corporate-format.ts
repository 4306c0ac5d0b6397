import { AGENT_STATUS_TITLES, type LinkedAgent } from '@portal/shared';

/** How the office dashboard reads its figures. */

/** Answered calls as a share of the calls that were answered or missed; null without calls. */
export function answerRate(rate: LinkedAgent['answer_rate']): number | null {
  const calls = rate.answered_calls + rate.missed_calls;
  return calls === 0 ? null : rate.answered_calls / calls;
}

export const formatPercent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`);

export const AGENT_STATUS_LABELS = AGENT_STATUS_TITLES;

const dayOfInstant = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The day of a moment (an invoice issued), in the browser's time zone. */
export function formatDayOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dayOfInstant.format(date);
}
