import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { callInvitation, foldLine, trackingNumberCard } from '../src/modules/signup/slots';

/** Lines as a calendar program reads them: any CR or LF ends one; a leading space continues it. */
function readLines(text: string): string[] {
  const physical = text.split(/\r\n|\r|\n/).filter((line, i, all) => i < all.length - 1 || line !== '');
  const logical: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ') && logical.length > 0) logical[logical.length - 1] += line.slice(1);
    else logical.push(line);
  }
  return logical;
}

const propertyNames = (text: string) => readLines(text).map((line) => line.split(/[;:]/, 1)[0]);

const invitation = (attendeeName: string, description = 'Your onboarding call.') =>
  callInvitation({
    uid: 'call-1',
    startsAt: '2026-12-01T17:00:00.000Z',
    endsAt: '2026-12-01T17:30:00.000Z',
    organizerEmail: 'onboarding@agentportal.example',
    attendeeEmail: 'dana@example.com',
    attendeeName,
    location: 'Phone: (602) 555-0100',
    description,
    now: new Date('2026-11-24T00:00:00.000Z'),
  });

describe('the onboarding call invitation (.ics, RFC 5545)', () => {
  const expected = [
    'BEGIN',
    'VERSION',
    'CALSCALE',
    'PRODID',
    'METHOD',
    'X-PUBLISHED-TTL',
    'BEGIN',
    'UID',
    'SUMMARY',
    'DTSTAMP',
    'DTSTART',
    'DTEND',
    'SEQUENCE',
    'DESCRIPTION',
    'LOCATION',
    'STATUS',
    'ORGANIZER',
    'ATTENDEE',
    'END',
    'END',
  ];

  it('keeps a name holding CR, LF, colons and semicolons inside its own parameter', async () => {
    const name = 'Eve\rORGANIZER:mailto:evil@example.net\nX;ROLE=CHAIR:mailto:x@y';
    const ics = await invitation(name, 'Line one\r\nLine two\rMETHOD:CANCEL');
    expect(propertyNames(ics)).toEqual(expected);
    const lines = readLines(ics);
    expect(lines.filter((line) => line.startsWith('ORGANIZER'))).toEqual([
      'ORGANIZER;CN="Agent Portal":MAILTO:onboarding@agentportal.example',
    ]);
    const attendee = lines.find((line) => line.startsWith('ATTENDEE'))!;
    expect(attendee).toBe(
      'ATTENDEE;RSVP=TRUE;CN="EveORGANIZER:mailto:evil@example.netX;ROLE=CHAIR:mailto:x@y":mailto:dana@example.com',
    );
    expect(lines.find((line) => line.startsWith('DESCRIPTION'))).toBe(
      'DESCRIPTION:Line one\\nLine two\\nMETHOD:CANCEL',
    );
  });

  it('escapes TEXT values and folds long lines at 75 octets without splitting a character', async () => {
    const description = `Słowa, znaki; i backslash \\ — ${'ñé'.repeat(60)}`;
    const ics = await invitation('Zoë "Z" Łukasz', description);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics).not.toContain('\uFFFD');
    const lines = readLines(ics);
    expect(lines.find((line) => line.startsWith('DESCRIPTION'))).toBe(
      `DESCRIPTION:Słowa\\, znaki\\; i backslash \\\\ — ${'ñé'.repeat(60)}`,
    );
    expect(lines.find((line) => line.startsWith('ATTENDEE'))).toContain(`CN="Zoë 'Z' Łukasz":`);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('reads back in a calendar parser (ical.js) with what it was written from', async () => {
    const description = 'Line one\r\nLine two; a, b \\ c — Zoë';
    const ics = await invitation('Dana "D" Reyes, Jr.', description);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe('call-1@agent-portal');
    expect(event.summary).toBe('Onboarding call with the agent portal team');
    expect(event.description).toBe('Line one\nLine two; a, b \\ c — Zoë');
    expect(event.location).toBe('Phone: (602) 555-0100');
    expect(event.startDate.zone.tzid).toBe('UTC');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-01T17:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-01T17:30:00.000Z');
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-11-24T00:00:00Z');
    const organizer = vevent.getFirstProperty('organizer')!;
    expect(organizer.getParameter('cn')).toBe('Agent Portal');
    expect(String(organizer.getFirstValue()).toLowerCase()).toBe('mailto:onboarding@agentportal.example');
    const [attendee] = event.attendees;
    expect(attendee!.getParameter('cn')).toBe("Dana 'D' Reyes, Jr.");
    expect(attendee!.getParameter('rsvp')).toBe('TRUE');
    expect(attendee!.getFirstValue()).toBe('mailto:dana@example.com');
  });

  it('writes addresses the portal accepts even where the calendar library would refuse them', async () => {
    const ics = await callInvitation({
      uid: 'call-2',
      startsAt: '2026-12-01T17:00:00.000Z',
      endsAt: '2026-12-01T17:30:00.000Z',
      organizerEmail: 'calls@office-.example',
      attendeeEmail: 'dana@my-.example',
      attendeeName: 'Dana',
      location: 'Phone call',
      description: 'Your onboarding call.',
      now: new Date('2026-11-24T00:00:00.000Z'),
    });
    const lines = readLines(ics);
    expect(lines.find((line) => line.startsWith('ORGANIZER'))).toMatch(/:mailto:calls@office-\.example$/i);
    expect(lines.find((line) => line.startsWith('ATTENDEE'))).toMatch(/:mailto:dana@my-\.example$/);
    expect(ics).not.toContain('stand-in');
  });

  it('folds only what needs it', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
    const long = `X:${'a'.repeat(200)}`;
    const folded = foldLine(long);
    expect(folded.split('\r\n ').join('')).toBe(long);
    expect(folded.split('\r\n').map((line) => line.length)).toEqual([75, 75, 54]);
  });
});

describe('the tracking number card (.vcf)', () => {
  it('keeps a name with line breaks on its own lines', () => {
    const card = trackingNumberCard({
      name: 'Dana\r\nTEL:+15555550000\rX',
      phone: '+16025550100',
      note: 'Leads call you from this number.',
    });
    expect(propertyNames(card)).toEqual(['BEGIN', 'VERSION', 'FN', 'N', 'ORG', 'TEL', 'NOTE', 'END']);
    expect(readLines(card).filter((line) => line.startsWith('TEL'))).toEqual([
      'TEL;TYPE=WORK,VOICE:+16025550100',
    ]);
  });
});
