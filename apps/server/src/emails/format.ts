import { displayTimeZone, parsePhone } from '@portal/shared';

/** Building an Intl formatter costs more than formatting with it: one per zone, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * A moment in the reader's time zone: "Mon, Nov 30, 2026, 4:01 AM MST". `timezone` is an agent's
 * choice (SPEC.md section 3): 'Pending', empty or a zone this runtime does not know reads in
 * Eastern time, like everywhere else in the portal.
 */
export function formatDateTime(value: Date | string, timezone?: string | null): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const zone = displayTimeZone(timezone);
  try {
    return formatterFor(zone).format(date);
  } catch {
    return formatterFor('America/New_York').format(date);
  }
}

/**
 * A phone number as a voice reads it: digit by digit, in the groups people write,
 * "6 0 2, 5 5 5, 0 1 5 5" for (602) 555-0155.
 */
export function spokenPhone(value: string): string {
  const parsed = parsePhone(value.trim());
  const written = parsed?.isPossible()
    ? parsed.countryCallingCode === '1'
      ? parsed.formatNational()
      : parsed.formatInternational().replace(/^\+/, 'plus ')
    : value;
  return written
    .split(/[^\dA-Za-z]+/)
    .filter(Boolean)
    .map((group) => (/^\d+$/.test(group) ? group.split('').join(' ') : group))
    .join(', ');
}

/** Joins the parts that are there: no empty piece, no dangling separator. */
export const joinPresent = (parts: (string | null | undefined)[], separator = ', ') =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(separator);
