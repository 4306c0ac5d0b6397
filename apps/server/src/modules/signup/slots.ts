import { zonedTime } from '@portal/shared';
import type { EventAttributes } from 'ics';

export { zonedTime };

/**
 * Onboarding-call slots: weekdays but US federal holidays, within the office's hours in the
 * office's time zone, for the next two weeks from tomorrow. Pure functions; the time zones come from Intl.
 */

export function localDate(
  at: Date,
  timeZone: string,
): { year: number; month: number; day: number; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { year: Number(get('year')), month: Number(get('month')), day: Number(get('day')), weekday };
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const weekdayOf = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month - 1, day)).getUTCDay();

/** The `nth` (1-based) `weekday` (0 = Sunday) of a month; `nth` -1 is the last one. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  if (nth > 0) {
    const first = (weekday - weekdayOf(year, month, 1) + 7) % 7;
    return iso(year, month, 1 + first + (nth - 1) * 7);
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return iso(year, month, lastDay - ((weekdayOf(year, month, lastDay) - weekday + 7) % 7));
}

/** A fixed-date holiday on a weekend is observed on the Friday before or the Monday after. */
function observed(year: number, month: number, day: number): string {
  const at = new Date(Date.UTC(year, month - 1, day));
  const weekday = at.getUTCDay();
  if (weekday === 6) at.setUTCDate(at.getUTCDate() - 1);
  if (weekday === 0) at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

/**
 * The days US federal offices close (5 U.S.C. 6103), as observed, that fall in `year` (as
 * YYYY-MM-DD): the office takes no onboarding calls on them.
 */
export function usFederalHolidays(year: number): Set<string> {
  const days = [
    observed(year, 1, 1),
    nthWeekday(year, 1, 1, 3), // Martin Luther King Jr. Day
    nthWeekday(year, 2, 1, 3), // Washington's Birthday
    nthWeekday(year, 5, 1, -1), // Memorial Day
    observed(year, 6, 19), // Juneteenth
    observed(year, 7, 4),
    nthWeekday(year, 9, 1, 1), // Labor Day
    nthWeekday(year, 10, 1, 2), // Columbus Day
    observed(year, 11, 11), // Veterans Day
    nthWeekday(year, 11, 4, 4), // Thanksgiving
    observed(year, 12, 25),
    observed(year + 1, 1, 1), // a Saturday New Year's Day is observed on December 31
  ];
  return new Set(days.filter((day) => day.startsWith(`${year}-`)));
}

export interface SlotRules {
  officeTimezone: string;
  startHour: number;
  endHour: number;
  minutes: number;
  days?: number;
}

export function callSlots(now: Date, rules: SlotRules): { starts_at: string; ends_at: string }[] {
  const slots: { starts_at: string; ends_at: string }[] = [];
  const today = localDate(now, rules.officeTimezone);
  for (let offset = 1; offset <= (rules.days ?? 14); offset++) {
    // Noon of the office's day `offset` days ahead, to step over days safely.
    const noon = zonedTime(today.year, today.month, today.day, 12, 0, rules.officeTimezone);
    const day = localDate(new Date(noon.getTime() + offset * 86_400_000), rules.officeTimezone);
    if (day.weekday === 0 || day.weekday === 6) continue;
    if (usFederalHolidays(day.year).has(iso(day.year, day.month, day.day))) continue;
    for (
      let minute = rules.startHour * 60;
      minute + rules.minutes <= rules.endHour * 60;
      minute += rules.minutes
    ) {
      const start = zonedTime(
        day.year,
        day.month,
        day.day,
        Math.floor(minute / 60),
        minute % 60,
        rules.officeTimezone,
      );
      slots.push({
        starts_at: start.toISOString(),
        ends_at: new Date(start.getTime() + rules.minutes * 60_000).toISOString(),
      });
    }
  }
  return slots;
}

/** Control characters no calendar or vCard value may hold (a tab stays; line breaks are escaped first). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed.
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/g;

/**
 * A TEXT value (RFC 5545 section 3.3.11, RFC 6350 section 3.4): backslash, semicolon and comma
 * escaped, every line break (CRLF, CR or LF) written as \n, other control characters dropped, so
 * no value can end its line and start a property of its own.
 */
export const icsText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(CONTROL, '');

/** A text for `ics` to escape: every line break one LF (it escapes LF and CRLF, not a lone CR), no other control character. */
const plainText = (value: string) =>
  value
    .replace(/\r\n|\r/g, '\n')
    .split('\n')
    .map((line) => line.replace(CONTROL, ''))
    .join('\n');

/**
 * A parameter value such as CN (RFC 5545 section 3.2): `ics` puts it in double quotes, which it
 * cannot hold itself (a backslash does not escape one there), so ':' ';' ',' inside a name stay
 * part of the name and its own quotes become apostrophes.
 */
const paramText = (value: string) => value.replace(/"/g, "'").replace(CONTROL, '');

/** A mailto: address: nothing that could end the line or the value. */
const icsAddress = (value: string) => value.replace(CONTROL, '').replace(/[\s";:,]/g, '');

/**
 * Lines longer than 75 octets folded (RFC 5545 section 3.1): CRLF and a space, never inside a
 * UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const contentLines = (lines: string[]) => `${lines.map(foldLine).join('\r\n')}\r\n`;

/**
 * `ics` checks addresses with a stricter pattern than the portal's (a domain label ending in '-',
 * a non-ASCII local part): it is given stand-ins, and the addresses the portal accepted are put in
 * their place, so no accepted address can make a booking fail.
 */
const ORGANIZER_STAND_IN = 'organizer@stand-in.invalid';
const ATTENDEE_STAND_IN = 'attendee@stand-in.invalid';

/**
 * An iCalendar invitation (RFC 5545) for the call, written by `ics` (loaded with the first
 * booking, not at start). `ics` folds lines at 75 characters, not octets: its lines are unfolded
 * and folded again by octets.
 */
export async function callInvitation(options: {
  uid: string;
  startsAt: string;
  endsAt: string;
  organizerEmail: string;
  attendeeEmail: string;
  attendeeName: string;
  location: string;
  description: string;
  now?: Date;
}): Promise<string> {
  const { createEvent } = await import('ics');
  // `timestamp` (DTSTAMP, else the time of writing) is read by `ics` but missing from its types.
  const attributes: EventAttributes & { timestamp: number } = {
    productId: '-//Agent Portal//Onboarding call//EN',
    method: 'REQUEST',
    uid: `${options.uid}@agent-portal`,
    timestamp: (options.now ?? new Date()).getTime(),
    start: Date.parse(options.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(options.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: 'Onboarding call with the agent portal team',
    description: plainText(options.description),
    location: plainText(options.location),
    organizer: { name: 'Agent Portal', email: ORGANIZER_STAND_IN },
    attendees: [
      {
        name: paramText(options.attendeeName || options.attendeeEmail),
        email: ATTENDEE_STAND_IN,
        // The role is the default one, REQ-PARTICIPANT, which `ics` would write in quotes.
        rsvp: true,
      },
    ],
    status: 'CONFIRMED',
    sequence: 0,
  };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw new Error(`The call invitation could not be written: ${error?.message}`);
  return contentLines(
    value
      .replace(/\r\n[\t ]/g, '')
      .replace(ORGANIZER_STAND_IN, () => icsAddress(options.organizerEmail))
      .replace(ATTENDEE_STAND_IN, () => icsAddress(options.attendeeEmail))
      .split('\r\n')
      .slice(0, -1),
  );
}

/** A vCard (RFC 6350, version 3.0 for the widest phone support) for the agent's tracking number. */
export function trackingNumberCard(options: { name: string; phone: string; note: string }): string {
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `FN:${icsText(options.name)}`,
    `N:${icsText(options.name)};;;;`,
    'ORG:Agent Portal',
    `TEL;TYPE=WORK,VOICE:${icsAddress(options.phone)}`,
    `NOTE:${icsText(options.note)}`,
    'END:VCARD',
  ];
  return contentLines(lines);
}
