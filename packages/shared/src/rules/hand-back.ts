/**
 * The checks of routing's inputs in plain functions (ADR 62), so that the leads page checks a
 * form without loading zod (its first load, ADR 51); the schemas in schemas/routing.ts apply
 * the same functions on the server.
 */

export const HAND_BACK_REASON_MAX = 500;
export const MONTHLY_LEAD_CAP_MAX = 10_000;

/** Why a pass's or a release's reason is refused, or null when it will do. */
export function handBackReasonProblem(reason: string, what: 'pass' | 'release'): string | null {
  const trimmed = reason.trim();
  if (trimmed === '') return `Say why you ${what} the lead`;
  if (trimmed.length > HAND_BACK_REASON_MAX) {
    return `The reason is at most ${HAND_BACK_REASON_MAX} characters`;
  }
  return null;
}

/** Why a monthly cap is refused, or null when it will do (null itself is "no cap"). */
export function monthlyCapProblem(cap: number | null): string | null {
  if (cap === null) return null;
  if (!Number.isFinite(cap)) return 'The monthly cap must be a whole number of leads or none';
  if (!Number.isInteger(cap)) return 'The monthly cap is a whole number of leads';
  if (cap < 0) return 'The monthly cap is at least 0';
  if (cap > MONTHLY_LEAD_CAP_MAX) {
    return `The monthly cap is at most ${MONTHLY_LEAD_CAP_MAX.toLocaleString('en-US')}`;
  }
  return null;
}
