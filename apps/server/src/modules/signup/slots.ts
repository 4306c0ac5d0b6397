/**
 * Onboarding-call slots: weekdays, within the office's hours in the office's time zone, for the
 * next two weeks from tomorrow. Pure functions; the time zones come from Intl.
 */

function offsetMinutes(at: Date, timeZone: string): number {
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
  const first = guess - offsetMinutes(new Date(guess), timeZone) * 60_000;
  // A second pass settles days on which the offset changes (daylight saving).
  return new Date(guess - offsetMinutes(new Date(first), timeZone) * 60_000);
}

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
const icsText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

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
    `ORGANIZER;CN=Agent Portal:mailto:${options.organizerEmail}`,
    `ATTENDEE;CN=${icsText(options.attendeeName || options.attendeeEmail)};ROLE=REQ-PARTICIPANT;RSVP=TRUE:mailto:${options.attendeeEmail}`,
    'STATUS:CONFIRMED',
    'SEQUENCE:0',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** A vCard (RFC 6350, version 3.0 for the widest phone support) for the agent's tracking number. */
export function trackingNumberCard(options: { name: string; phone: string; note: string }): string {
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `FN:${icsText(options.name)}`,
    `N:${icsText(options.name)};;;;`,
    'ORG:Agent Portal',
    `TEL;TYPE=WORK,VOICE:${options.phone}`,
    `NOTE:${icsText(options.note)}`,
    'END:VCARD',
  ];
  return `${lines.join('\r\n')}\r\n`;
}
