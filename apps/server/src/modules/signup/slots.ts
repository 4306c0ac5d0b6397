import { zonedTime } from '@portal/shared';

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
 * YYYY-MM-DD): the office takes no onboarding calls on them (issue #18 item 10).
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

const icsDate = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
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

/**
 * A parameter value such as CN (RFC 5545 section 3.2): always in double quotes, which it cannot
 * hold itself, so ':' ';' ',' inside a name stay part of the name.
 */
const icsParam = (value: string) => `"${value.replace(/"/g, "'").replace(CONTROL, '')}"`;

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

/** An iCalendar invitation (RFC 5545) for the call. */
export function callInvitation(options: {
  uid: string;
  startsAt: string;
  endsAt: string;
  organizerEmail: string;
  attendeeEmail: string;
  attendeeName: string;
  location: string;
  description: string;
  now?: Date;
}): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Agent Portal//Onboarding call//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:${options.uid}@agent-portal`,
    `DTSTAMP:${icsDate((options.now ?? new Date()).toISOString())}`,
    `DTSTART:${icsDate(options.startsAt)}`,
    `DTEND:${icsDate(options.endsAt)}`,
    'SUMMARY:Onboarding call with the agent portal team',
    `DESCRIPTION:${icsText(options.description)}`,
    `LOCATION:${icsText(options.location)}`,
    `ORGANIZER;CN=${icsParam('Agent Portal')}:mailto:${icsAddress(options.organizerEmail)}`,
    `ATTENDEE;CN=${icsParam(options.attendeeName || options.attendeeEmail)};ROLE=REQ-PARTICIPANT;RSVP=TRUE:mailto:${icsAddress(options.attendeeEmail)}`,
    'STATUS:CONFIRMED',
    'SEQUENCE:0',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return contentLines(lines);
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
