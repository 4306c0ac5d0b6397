/**
 * The agent's scorecard (DESIGN.md section 11, ADR 62): what each figure measures, its unit,
 * which way is better and the floor the network may hold it to. The server computes the
 * figures; routing, the pages and the console read their meaning from here.
 */

export const SCORECARD_DAYS = 90;

export const SCORECARD_FIGURES = [
  'speed_to_contact_minutes',
  'contacted_within_hour',
  'acceptance',
  'updated_within_7_days',
  'appointment_rate',
  'listing_rate',
  'closing_rate',
  'lead_quality_rating',
  'paid_on_time',
] as const;
export type ScorecardFigureKey = (typeof SCORECARD_FIGURES)[number];

export type ScorecardUnit = 'minutes' | 'percent' | 'rating';

export interface ScorecardFigureRule {
  label: string;
  unit: ScorecardUnit;
  /** `lower` for a ceiling (minutes to first contact), `higher` for a lower bound. */
  better: 'lower' | 'higher';
  /** One sentence: how the figure is computed. */
  computed: string;
  /** One sentence: what it does to routing. */
  routing: string;
}

const FLOOR_ROUTING =
  'When the network sets a floor for it, agents below the floor get leads only when no eligible agent meets every floor.';

export const SCORECARD_RULES: Record<ScorecardFigureKey, ScorecardFigureRule> = {
  speed_to_contact_minutes: {
    label: 'Speed to first contact',
    unit: 'minutes',
    better: 'lower',
    computed:
      'The median time from a lead reaching you to its first call, text or e-mail, over your leads of the last 90 days that were contacted.',
    routing: FLOOR_ROUTING,
  },
  contacted_within_hour: {
    label: 'Contacted within 1 hour',
    unit: 'percent',
    better: 'higher',
    computed:
      'The share of your leads of the last 90 days whose first call, text or e-mail came within an hour of the lead reaching you.',
    routing: FLOOR_ROUTING,
  },
  acceptance: {
    label: 'Offers accepted',
    unit: 'percent',
    better: 'higher',
    computed:
      'The share of the offers of the last 90 days you accepted before their deadline (passed and lapsed offers count against it); none while offers are off.',
    routing: FLOOR_ROUTING,
  },
  updated_within_7_days: {
    label: 'Active leads updated this week',
    unit: 'percent',
    better: 'higher',
    computed:
      'The share of your active leads with an activity or a stage change in the last 7 days; a lead that reached you in those 7 days counts as up to date.',
    routing: FLOOR_ROUTING,
  },
  appointment_rate: {
    label: 'Appointment rate',
    unit: 'percent',
    better: 'higher',
    computed:
      'The share of your leads of the last 90 days that reached Appointment set (or any stage after it).',
    routing: FLOOR_ROUTING,
  },
  listing_rate: {
    label: 'Listing rate',
    unit: 'percent',
    better: 'higher',
    computed: 'The share of your leads of the last 90 days that reached Listed (or any stage after it).',
    routing: FLOOR_ROUTING,
  },
  closing_rate: {
    label: 'Closing rate',
    unit: 'percent',
    better: 'higher',
    computed: 'The share of your leads of the last 90 days that closed.',
    routing: FLOOR_ROUTING,
  },
  lead_quality_rating: {
    label: 'Your rating of lead quality',
    unit: 'rating',
    better: 'higher',
    computed: 'Your latest rating of the quality of the leads you receive, from 1 to 5.',
    routing: FLOOR_ROUTING,
  },
  paid_on_time: {
    label: 'Referral fees paid on time',
    unit: 'percent',
    better: 'higher',
    computed:
      'The share of your invoices that fell due in the last 90 days and were paid in full by their due date (one still unpaid after it counts as late).',
    routing: FLOOR_ROUTING,
  },
};

export type ScorecardFloors = Record<ScorecardFigureKey, number | null>;

export const NO_FLOORS: ScorecardFloors = Object.fromEntries(
  SCORECARD_FIGURES.map((key) => [key, null]),
) as ScorecardFloors;

/**
 * Whether a figure meets its floor: null when there is no floor or no figure (an agent with no
 * leads yet is not held below a floor for it).
 */
export function meetsFloor(
  key: ScorecardFigureKey,
  value: number | null,
  floor: number | null,
): boolean | null {
  if (floor === null || value === null) return null;
  return SCORECARD_RULES[key].better === 'lower' ? value <= floor : value >= floor;
}

/** The floors an agent's figures miss, in SCORECARD_FIGURES order. */
export function floorsMissed(
  values: Partial<Record<ScorecardFigureKey, number | null>>,
  floors: ScorecardFloors,
): ScorecardFigureKey[] {
  return SCORECARD_FIGURES.filter((key) => meetsFloor(key, values[key] ?? null, floors[key]) === false);
}

/** "Contacted within 1 hour, Closing rate": the floors a routing reason names. */
export const floorLabels = (keys: readonly ScorecardFigureKey[]) =>
  keys.map((key) => SCORECARD_RULES[key].label).join(', ');
