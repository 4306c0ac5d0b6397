import { type AgentCapacity, type AgentRecord, monthlyCapProblem, pauseProblem } from '@portal/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setMeAgentProfile } from '@/lib/auth';

/** The agent record with what it tells about routing (ADR 62): pause, caps, this month's leads. */
export type AgentWithCapacity = AgentRecord & Partial<AgentCapacity>;

/** The agent's own say over their leads: a pause until a date (null resumes), a lower monthly cap. */
export interface CapacityPatch {
  paused_until?: string | null;
  own_monthly_lead_cap?: number | null;
}

/** PATCH /portal/me/agent_profile with the pause or the own cap: 200 with the updated record. */
export const updateCapacity = (patch: CapacityPatch) =>
  api.patch<AgentRecord>('/portal/me/agent_profile', patch);

/** Saves a pause or a cap; the returned record replaces the cached one (the shell's banner follows). */
export function useUpdateCapacity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCapacity,
    onSuccess: (record) => setMeAgentProfile(queryClient, record),
  });
}

/** Today in the browser's calendar, as YYYY-MM-DD. */
export function localDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** `days` after the day `day` (YYYY-MM-DD), as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The date leads start again when the agent is paused (paused through the day before it), or
 * null: not paused, or a pause that has ended.
 */
export function pausedUntil(agent: AgentWithCapacity | null | undefined, today = localDay()): string | null {
  const until = agent?.paused_until ?? null;
  return until !== null && until.slice(0, 10) > today ? until.slice(0, 10) : null;
}

const longDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Dec 5, 2026". */
export const formatPauseDay = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`));

/** The same day a year later (28 February for 29 February): the last day a pause may end on. */
export function yearAfter(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year + 1, month - 1, date));
  if (next.getUTCMonth() !== month - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

/**
 * The date a pause ends, checked before it is sent with the server's own rule (from tomorrow to
 * a year ahead); a message, or null when fine.
 */
export function pauseDateError(value: string, today = localDay()): string | null {
  if (!value) return 'Choose the day leads start again';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'Enter the date as YYYY-MM-DD';
  return pauseProblem(value, today);
}

/** A monthly cap as typed: the cap (null when left empty), or why it cannot be one. */
export function readMonthlyCap(typed: string): { cap: number | null; problem: string | null } {
  const text = typed.trim();
  const cap = text === '' ? null : Number(text);
  return { cap, problem: monthlyCapProblem(cap) };
}
