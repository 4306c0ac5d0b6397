import { TIMEZONES, type Timezone, zonedTime } from '@portal/shared';

/** The zones an agent can choose: every one of TIMEZONES but the "Pending" placeholder. */
export type TimezoneChoice = Exclude<Timezone, 'Pending'>;
export const TIMEZONE_CHOICES = TIMEZONES.filter(
  (zone): zone is TimezoneChoice => zone !== 'Pending',
) as readonly TimezoneChoice[];

export const TIMEZONE_NAMES: Record<TimezoneChoice, string> = {
  'Pacific/Honolulu': 'Hawaii — Honolulu',
  'America/Anchorage': 'Alaska — Anchorage',
  'America/Los_Angeles': 'Pacific — Los Angeles',
  'America/Denver': 'Mountain — Denver',
  'America/Phoenix': 'Arizona — Phoenix (no daylight saving time)',
  'America/Chicago': 'Central — Chicago',
  'America/New_York': 'Eastern — New York',
};

export const isTimezoneChoice = (value: string | undefined | null): value is TimezoneChoice =>
  (TIMEZONE_CHOICES as readonly string[]).includes(value ?? '');

/** The browser's own zone, when it is one of the choices. */
export function browserTimezone(): TimezoneChoice | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return isTimezoneChoice(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}

/** "PDT", "EST": the short name of a zone at a moment. */
export function zoneShortName(timeZone: string, at: Date = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** The day a moment falls on in a zone, as YYYY-MM-DD (for grouping and comparing days). */
export function dayInZone(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The moment a day (YYYY-MM-DD) begins in a zone. */
export function startOfDayInZone(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return zonedTime(year, month, date, 0, 0, timeZone);
}
