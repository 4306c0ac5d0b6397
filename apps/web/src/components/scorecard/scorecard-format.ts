import {
  SCORECARD_RULES,
  type ScorecardFigure,
  type ScorecardFigureKey,
  type ScorecardUnit,
} from '@portal/shared';

/** "12 min", "2 h 5 min", "81%", "4.2 of 5"; "No data yet" when there is nothing to measure. */
export function formatFigure(unit: ScorecardUnit, value: number | null): string {
  if (value === null) return 'No data yet';
  if (unit === 'percent') return `${Math.round(value)}%`;
  if (unit === 'rating') return `${value.toFixed(1)} of 5`;
  const minutes = Math.round(value);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours < 48) return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  return `${Math.round(hours / 24)} days`;
}

/** "At most 30 min", "At least 60%": the floor in words; "No floor" when the network sets none. */
export function formatFloor(key: ScorecardFigureKey, floor: number | null): string {
  if (floor === null) return 'No floor';
  const rule = SCORECARD_RULES[key];
  return `${rule.better === 'lower' ? 'At most' : 'At least'} ${formatFigure(rule.unit, floor)}`;
}

export type TrendDirection = 'better' | 'worse' | 'same' | 'none';

/** The figure against the 90 days before, in the figure's own sense of better. */
export function trendOf(figure: Pick<ScorecardFigure, 'value' | 'previous' | 'better'>): TrendDirection {
  if (figure.value === null || figure.previous === null) return 'none';
  if (figure.value === figure.previous) return 'same';
  const up = figure.value > figure.previous;
  return up === (figure.better === 'higher') ? 'better' : 'worse';
}

/** "Better than the 90 days before (20 min then)". */
export function trendText(figure: ScorecardFigure): string {
  const trend = trendOf(figure);
  if (trend === 'none') return 'Nothing to compare with in the 90 days before';
  const was = formatFigure(figure.unit, figure.previous);
  if (trend === 'same') return `The same as the 90 days before (${was})`;
  return `${trend === 'better' ? 'Better' : 'Worse'} than the 90 days before (${was} then)`;
}

/** The unit a floor is typed in, for the console's fields. */
export const FLOOR_UNIT_WORDS: Record<ScorecardUnit, string> = {
  minutes: 'minutes, at most',
  percent: '%, at least',
  rating: 'of 5, at least',
};
