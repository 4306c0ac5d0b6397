import { RATING_INTERVAL_DAYS } from '../constants';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RatingInput {
  agent_status: string;
  signup_status: string;
  onboarding_date: string | null;
  last_rating_date: string | null;
}

/**
 * DESIGN.md section 7: an active agent whose onboarding finished at least `intervalDays` ago
 * and who has not rated in the last `intervalDays` is asked to rate lead quality.
 */
export function isRatingRequired(
  agent: RatingInput,
  now: Date,
  intervalDays = RATING_INTERVAL_DAYS,
): boolean {
  if (agent.agent_status !== 'active' || agent.signup_status !== 'complete') return false;
  if (!agent.onboarding_date) return false;
  const interval = intervalDays * DAY_MS;
  if (now.getTime() - Date.parse(agent.onboarding_date) < interval) return false;
  if (agent.last_rating_date && now.getTime() - Date.parse(agent.last_rating_date) < interval) return false;
  return true;
}

/** Latest score against the mean of the three before it: +-threshold (0.5 unless the office set another) moves the trend. */
export function ratingTrend(scores: number[], threshold = 0.5): 'improving' | 'declining' | 'stable' | null {
  if (scores.length < 2) return null;
  const latest = scores[scores.length - 1]!;
  const before = scores.slice(-4, -1);
  const mean = before.reduce((sum, s) => sum + s, 0) / before.length;
  if (latest - mean >= threshold) return 'improving';
  if (mean - latest >= threshold) return 'declining';
  return 'stable';
}
