import { describe, expect, it } from 'vitest';
import type { LeadFacts } from '../src/emails/lead';
import { leadCallScript, leadSmsBody } from '../src/emails/lead-texts';
import { FULL_LEAD } from '../src/emails/previews';
import { testSmsBody } from '../src/emails/signup';
import { smsSegments, toGsmFriendly } from '../src/emails/sms';

const LINK = 'https://portal.example.com/leads?lead=6f1c1c6e-8a43-4a5e-9a3b-2b1d8b1f0e11';

const lead = (overrides: Partial<LeadFacts> = {}): LeadFacts => ({
  ...FULL_LEAD,
  email: 'jane@example.com',
  notes: '',
  ...overrides,
});

describe('smsSegments', () => {
  it('counts GSM-7 text: 160 in one, then 153 a part', () => {
    expect(smsSegments('')).toMatchObject({ segments: 0, units: 0 });
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1, limit: 160 });
    expect(smsSegments('a'.repeat(161)).segments).toBe(2);
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
    expect(smsSegments('Café à Zürich, £5 @ 10%').encoding).toBe('GSM-7');
  });

  it('counts the extension characters twice', () => {
    expect(smsSegments('€[]{}').units).toBe(10);
    expect(smsSegments(`${'a'.repeat(159)}€`).segments).toBe(2);
  });

  it('switches to UCS-2 for one character outside the alphabet: 70, then 67 a part', () => {
    expect(smsSegments('Zoë')).toMatchObject({ encoding: 'UCS-2', limit: 70, segments: 1 });
    expect(smsSegments(`—${'a'.repeat(69)}`).segments).toBe(1);
    expect(smsSegments(`—${'a'.repeat(70)}`).segments).toBe(2);
    expect(smsSegments(`—${'a'.repeat(134)}`).segments).toBe(3);
    // An emoji is two UTF-16 units.
    expect(smsSegments('🏠').units).toBe(2);
  });

  it('toGsmFriendly drops accents and typographic marks, keeps what has no plain form', () => {
    expect(toGsmFriendly('Zoë’s “house” – ok…')).toBe('Zoe\'s "house" - ok...');
    expect(toGsmFriendly('王伟')).toBe('王伟');
    expect(toGsmFriendly('José Muñoz')).toBe('José Muñoz');
  });
});

describe('the lead text message', () => {
  it('says who, where and how to call in one SMS, with the link when it fits', () => {
    const body = leadSmsBody(lead(), LINK);
    expect(body).toBe(`New FSBO lead: Jane Doe, 12 Main St, Phoenix AZ. Call (602) 555-0155. ${LINK}`);
    expect(smsSegments(body).segments).toBe(1);
  });

  it.each([
    ['a typical lead', lead()],
    [
      'an expired listing with a long street',
      lead({ leadType: 'expired', street: '4821 East Camelback Road, Unit 12' }),
    ],
    [
      'a long name, street and city',
      lead({
        firstName: 'Maximiliana',
        lastName: 'Fitzgerald-Worthington',
        street: '12345 North Scottsdale Road, Building 7',
        city: 'Paradise Valley',
      }),
    ],
    ['no phone, an e-mail', lead({ phone: '' })],
    [
      'only a ZIP code',
      lead({ firstName: '', lastName: '', phone: '', email: '', street: '', city: '', state: '' }),
    ],
    ['an accented name', lead({ firstName: 'Zoë', lastName: 'Ångström-Øvergård' })],
    ['a name in Chinese', lead({ firstName: '伟', lastName: '王' })],
    [
      'an enormous name',
      lead({ firstName: 'A'.repeat(100), lastName: 'B'.repeat(100), city: 'C'.repeat(100) }),
    ],
  ])('%s fits one segment and keeps the number to call', (_, facts) => {
    const body = leadSmsBody(facts, LINK);
    expect(smsSegments(body).segments).toBe(1);
    if (facts.phone) expect(body).toContain('Call (602) 555-0155.');
    else if (facts.email) expect(body).toContain(`E-mail ${facts.email}.`);
    expect(body).not.toMatch(/undefined|null|, ,|\.\./);
  });

  it('drops the link first, then the street, then shortens the name', () => {
    const long = lead({
      firstName: 'Maximiliana',
      lastName: 'Fitzgerald-Worthington',
      street: '12345 North Scottsdale Road, Building 7',
      city: 'Paradise Valley',
    });
    expect(leadSmsBody(long, LINK)).toBe(
      'New FSBO lead: Maximiliana Fitzgerald-Worthington, 12345 North Scottsdale Road, Building 7, Paradise Valley AZ. Call (602) 555-0155.',
    );
    const longer = { ...long, street: `${long.street}, Suite 1200, the rear entrance by the palms` };
    expect(leadSmsBody(longer, LINK)).toBe(
      'New FSBO lead: Maximiliana Fitzgerald-Worthington, Paradise Valley AZ. Call (602) 555-0155.',
    );
    const longest = {
      ...longer,
      lastName:
        'Fitzgerald-Worthington-Montgomery-Smythe-Harrington-Wolfe-Ashford-Kensington-Blackwood-Pemberton',
    };
    // Shortened this far, there is room for the link again.
    expect(leadSmsBody(longest, LINK)).toBe(
      `New FSBO lead: Maximiliana F., Paradise Valley AZ. Call (602) 555-0155. ${LINK}`,
    );
  });

  it('only a ZIP code: says so', () => {
    expect(
      leadSmsBody(
        lead({ firstName: '', lastName: '', phone: '', email: '', street: '', city: '', state: '' }),
        LINK,
      ),
    ).toBe(`New FSBO lead: a seller, ZIP 85004. ${LINK}`);
  });

  it('writes accents plainly only when that is what makes it fit', () => {
    expect(leadSmsBody(lead({ firstName: 'Zoë', street: '' }), 'x')).toBe(
      'New FSBO lead: Zoë Doe, Phoenix AZ. Call (602) 555-0155. x',
    );
    expect(leadSmsBody(lead({ firstName: 'Zoë' }), LINK)).toBe(
      `New FSBO lead: Zoe Doe, 12 Main St, Phoenix AZ. Call (602) 555-0155. ${LINK}`,
    );
  });

  it('the signup test message is one GSM-7 segment', () => {
    expect(smsSegments(testSmsBody('Maximiliana'))).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });
});

describe('the call script', () => {
  it('reads the number digit by digit in its groups, twice', () => {
    const script = leadCallScript(lead(), 'Dana Reyes');
    expect(script).toContain('Their number is 6 0 2, 5 5 5, 0 1 5 5. Again: 6 0 2, 5 5 5, 0 1 5 5.');
    expect(script).toMatch(/^New seller lead for Dana Reyes: Jane Doe in Phoenix\. Lead type: FSBO\./);
  });

  it('reads a ZIP code digit by digit when there is no city, and no number when there is none', () => {
    const script = leadCallScript(lead({ city: '', phone: '', firstName: '', lastName: '' }), 'Dana');
    expect(script).toContain('a seller in ZIP code 8 5 0 0 4.');
    expect(script).not.toContain('number');
  });

  it('reads a number outside North America in its international groups', () => {
    expect(leadCallScript(lead({ phone: '+442079460958' }), 'Dana')).toContain(
      'Their number is plus, 4 4, 2 0, 7 9 4 6, 0 9 5 8.',
    );
  });
});
