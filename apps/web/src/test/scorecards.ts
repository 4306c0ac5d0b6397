import {
  floorsMissed,
  meetsFloor,
  NO_FLOORS,
  SCORECARD_FIGURES,
  SCORECARD_RULES,
  type Scorecard,
  type ScorecardFigureKey,
  type ScorecardFloors,
} from '@portal/shared';

type Values = Partial<Record<ScorecardFigureKey, number | null>>;

/** A card as the server computes it: each figure from `values` (null: nothing to measure). */
export function buildScorecard({
  agent_id = 'agent-1',
  agent_name = 'Alex Agent',
  values = {},
  previous = {},
  floors = NO_FLOORS,
  sample = 10,
}: {
  agent_id?: string;
  agent_name?: string;
  values?: Values;
  previous?: Values;
  floors?: ScorecardFloors;
  sample?: number;
} = {}): Scorecard {
  return {
    agent_id,
    agent_name,
    from: '2026-08-28',
    to: '2026-11-26',
    figures: SCORECARD_FIGURES.map((key) => {
      const rule = SCORECARD_RULES[key];
      const value = values[key] ?? null;
      return {
        key,
        label: rule.label,
        unit: rule.unit,
        better: rule.better,
        value,
        previous: previous[key] ?? null,
        sample: value === null ? 0 : sample,
        floor: floors[key],
        meets_floor: meetsFloor(key, value, floors[key]),
        computed: rule.computed,
        routing: rule.routing,
      };
    }),
    below_floors: floorsMissed(values, floors),
    computed_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  };
}
