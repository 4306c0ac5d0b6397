/**
 * Wall-clock time in a named time zone, with Intl only (no time-zone library): the server lays
 * out onboarding-call slots in the office's zone, the web app counts down in the agent's.
 */

/** Minutes the zone is ahead of UTC at that moment (negative west of Greenwich). */
export function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - at.getTime()) / 60_000);
}

/** The instant at which the wall clock in `timeZone` shows the given date and time. */
export function zonedTime(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
  // A second pass settles days on which the offset changes (daylight saving).
  return new Date(guess - zoneOffsetMinutes(new Date(first), timeZone) * 60_000);
}
