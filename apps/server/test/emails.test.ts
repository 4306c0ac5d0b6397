import { render } from '@react-email/render';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { magicLinkMessage, registrationAttemptMessage } from '../src/emails/account';
import { formatDateTime } from '../src/emails/format';
import { EmailLayout, Paragraph } from '../src/emails/layout';
import {
  type LeadFacts,
  leadCrmEmail,
  leadEmail,
  leadEmailParts,
  leadOfferEmail,
  leadOfferEmailParts,
} from '../src/emails/lead';
import { FULL_LEAD, MINIMAL_LEAD, messagePreviews } from '../src/emails/previews';
import { renderEmail, renderHtml } from '../src/emails/render';
import { brokerSigningEmail } from '../src/emails/signing';
import { failureNoticeEmail, onboardingCallEmail } from '../src/emails/signup';

const PUBLIC_URL = 'http://portal.test';
const LINK = `${PUBLIC_URL}/leads?lead=6f1c1c6e-8a43-4a5e-9a3b-2b1d8b1f0e11`;

const lead = (overrides: Partial<LeadFacts> = {}): LeadFacts => ({
  ...FULL_LEAD,
  email: 'jane@example.com',
  notes: 'Wants to sell before June',
  ...overrides,
});

/** What a reader sees of the HTML: the text between the tags, the hidden preview line included. */
const visibleText = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&');

const hrefs = (html: string) =>
  [...html.matchAll(/href="(https?:[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe('every template, with all fields and with only the required ones', async () => {
  const previews = (await messagePreviews(PUBLIC_URL)).filter((p) => p.channel === 'email');

  it('covers every e-mail the portal sends, each with both bodies and a subject', () => {
    expect(new Set(previews.map((p) => p.name))).toEqual(
      new Set([
        'verify_email',
        'password_reset',
        'magic_link',
        'registration_attempt',
        'registration_link',
        'password_changed',
        'corporate_login',
        'recipient_invitation',
        'lead_email',
        'lead_crm',
        'lead_offer_email',
        'broker_signing_request',
        'broker_signing_reminder',
        'agreement_completed',
        'signup_test_email',
        'signup_sms_test_reported',
        'signup_email_test_undeliverable',
        'onboarding_call',
        'agenda_email',
        'weekly_digest',
        'invoice_issued',
        'invoice_reminder_due',
        'invoice_reminder_overdue_7',
        'invoice_reminder_overdue_14',
        'statement_reminder',
      ]),
    );
    for (const preview of previews) {
      expect(preview.subject, preview.name).toBeTruthy();
      // The copy for a CRM's lead parser is plain text alone.
      if (preview.name === 'lead_crm') expect(preview.html).toBeNull();
      else expect(preview.html, preview.name).toMatch(/^<!DOCTYPE html/);
      expect(preview.text.trim(), preview.name).not.toBe('');
    }
  });

  it.each(previews.filter((p) => p.html !== null).map((p) => [`${p.name} (${p.variant})`, p] as const))(
    '%s has no placeholder, no empty row and no raw address in its HTML',
    (_, preview) => {
      const html = preview.html!;
      for (const body of [visibleText(html), preview.text, preview.subject!]) {
        expect(body).not.toMatch(/undefined|null|NaN|—|\(none\)/);
      }
      expect(html).not.toMatch(/<td[^>]*><\/td>/);
      // A label with nothing after it (a link's label is followed by the link on its own line).
      expect(preview.text).not.toMatch(/^[\w -]+: *$(?!\nhttps?:\/\/)/m);
      // Buttons carry the links; the address itself is only in the text part.
      expect(visibleText(html)).not.toMatch(/https?:\/\//);
      for (const href of hrefs(html)) expect(preview.text).toContain(href);
      expect(html).toContain('Agent Portal');
    },
  );
});

describe('the lead e-mail', () => {
  it('reads the lead the way people write it, in the agent’s time zone', async () => {
    const email = await leadEmail({
      lead: lead(),
      link: LINK,
      agentName: 'Dana Reyes',
      timezone: 'America/Denver',
    });
    expect(email.template).toBe('lead_email');
    expect(email.subject).toBe('New seller lead: Jane Doe (FSBO) in Phoenix');
    for (const body of [email.html, email.text]) {
      expect(body).toContain('(602) 555-0155');
      expect(body).toContain('Mon, Nov 30, 2026, 4:01 AM MST');
      expect(body).toContain('12 Main St, Phoenix, AZ 85004');
      expect(body).toContain('Maricopa');
    }
    expect(email.html).toContain(`href="${LINK}"`);
    expect(email.html).toContain('>Open the lead<');
    expect(email.html).toContain('href="tel:+16025550155"');
    expect(email.text).toContain(`Open the lead:\n${LINK}\n`);
    expect(email.text).not.toContain('+16025550155');
  });

  it('leaves out what the lead does not have, and tells time in Eastern time without a zone', async () => {
    const email = await leadEmail({
      lead: MINIMAL_LEAD,
      link: LINK,
      agentName: 'Dana',
    });
    expect(email.subject).toBe('New seller lead: A seller (Expired listing)');
    for (const label of ['Phone', 'E-mail', 'Address', 'County', 'Notes']) {
      expect(email.text).not.toContain(`${label}:`);
      expect(email.html).not.toContain(`>${label}</th>`);
    }
    expect(email.text).toContain('ZIP code: 85004');
    expect(email.text).toContain('Received: Mon, Nov 30, 2026, 6:01 AM EST');
    expect(email.html).toContain(`href="${LINK}"`);
  });

  it('escapes a name that is HTML', async () => {
    const email = await leadEmail({
      lead: lead({ firstName: '<script>alert(1)</script>', notes: '<img src=x onerror=alert(2)>' }),
      link: LINK,
      agentName: 'Dana & <b>Co</b>',
    });
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).not.toContain('<b>Co</b>');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Doe');
    expect(email.html).toContain('Dana &amp; &lt;b&gt;Co&lt;/b&gt;');
    // The text part is plain text: the name as written.
    expect(email.text).toContain('<script>alert(1)</script> Doe');
  });

  it("keeps each part in its place whatever a lead's name holds", async () => {
    const email = await leadEmail({
      lead: lead({ firstName: '<x-email-slot></x-email-slot>Eve' }),
      link: LINK,
      agentName: 'Dana',
    });
    const plain = await leadEmail({ lead: lead({ firstName: 'Eve' }), link: LINK, agentName: 'Dana' });
    // Only the name differs: escaped where it stands, every other part where it belongs.
    expect(email.html).toContain('&lt;x-email-slot&gt;&lt;/x-email-slot&gt;Eve');
    expect(email.html.replaceAll('&lt;x-email-slot&gt;&lt;/x-email-slot&gt;', '')).toBe(plain.html);
  });

  it('keeps a subject on one line whatever the lead holds', async () => {
    const email = await leadEmail({
      lead: lead({ city: 'Phoenix\r\nBcc: x@example.com' }),
      link: LINK,
      agentName: 'Dana',
    });
    expect(email.subject).not.toMatch(/[\r\n]/);
  });
});

describe('the lead and offer e-mails, filled in from a template', () => {
  // Each is compared with the same e-mail rendered whole: the template must change nothing.
  const long = 'Maximiliana-Josephina Wolfeschlegelsteinhausenbergerdorff';
  const leads: [string, LeadFacts][] = [
    ['every field', lead()],
    ['only the required fields', MINIMAL_LEAD],
    [
      'HTML and quotes in every field',
      lead({
        firstName: `<b>"Jo" & 'Al'</b>`,
        lastName: '</td></tr></table>',
        email: 'a&b@example.com',
        street: '1 <Main> St',
        city: `O'Fallon`,
        county: '"Maricopa"',
        notes: '<script>alert(1)</script>',
      }),
    ],
    ['line breaks and spaces alone', lead({ notes: 'First line\nsecond line\r\n\n  third', street: '   ' })],
    [
      'what looks like a mark or a slot',
      lead({
        firstName: 'emailwordnamemark7f3a',
        lastName: 'email-slot-preview-3c9f1a',
        notes: 'emailwordlinkmark7f3a <x-email-slot></x-email-slot>',
      }),
    ],
    [
      'a preview longer than 150 characters',
      lead({ firstName: long, lastName: long, street: `${long} ${long} Rd` }),
    ],
    ['letters of other scripts', lead({ firstName: 'Zoë 李', lastName: 'Ñúñez 🏡', city: 'Ōsaka' })],
  ];

  it.each(leads)('the lead e-mail with %s reads exactly as rendered whole', async (_, facts) => {
    for (const agentName of ['Dana Reyes', '']) {
      const input = { lead: facts, link: LINK, agentName, timezone: 'America/Denver' };
      expect(await leadEmail(input)).toEqual(await renderEmail(leadEmailParts(input)));
    }
  });

  it('writes a javascript: address as React does, harmless', async () => {
    for (const link of ['javascript:alert(1)', ' \tjava\nscript:alert(2)']) {
      const input = { lead: lead(), link, agentName: 'Dana Reyes' };
      const email = await leadEmail(input);
      expect(email).toEqual(await renderEmail(leadEmailParts(input)));
      expect(email.html).not.toContain('alert(');
      const offer = { ...input, minutes: 15, expiresAt: new Date('2026-11-30T11:16:00Z') };
      expect(await leadOfferEmail(offer)).toEqual(await renderEmail(leadOfferEmailParts(offer)));
    }
  });

  it.each(leads)('the offer e-mail with %s reads exactly as rendered whole', async (_, facts) => {
    for (const [agentName, minutes] of [
      ['Dana <Reyes>', 15],
      ['', 150],
    ] as const) {
      const input = {
        lead: facts,
        link: LINK,
        agentName,
        minutes,
        expiresAt: new Date('2026-11-30T11:16:00Z'),
        timezone: 'America/Chicago',
      };
      expect(await leadOfferEmail(input)).toEqual(await renderEmail(leadOfferEmailParts(input)));
    }
  });
});

describe('the account e-mails', () => {
  it('put the link on a short button and the full address in the text part', async () => {
    const url = `${PUBLIC_URL}/login/magic/aaa.bbb.ccc`;
    const email = await magicLinkMessage(url);
    expect(email).toMatchObject({ template: 'magic_link', subject: 'Your sign-in link' });
    expect(email.html).toContain(`href="${url}"`);
    expect(email.html).toContain('>Sign in<');
    expect(visibleText(email.html)).not.toContain(url);
    expect(email.text).toContain(`Sign in:\n${url}\n`);
  });

  it('the registration notice offers sign-in first and the reset second', async () => {
    const email = await registrationAttemptMessage(`${PUBLIC_URL}/login`, `${PUBLIC_URL}/recovery`);
    expect(hrefs(email.html)).toEqual([`${PUBLIC_URL}/login`, `${PUBLIC_URL}/recovery`]);
    expect(email.text.indexOf(`${PUBLIC_URL}/login`)).toBeLessThan(
      email.text.indexOf(`${PUBLIC_URL}/recovery`),
    );
  });
});

describe('the other e-mails', () => {
  it('the broker e-mail tells the expiry in the agent’s time zone', async () => {
    const email = await brokerSigningEmail({
      brokerName: 'Pat Broker',
      agentName: 'Dana Reyes',
      link: `${PUBLIC_URL}/sign/abc`,
      reminder: 0,
      expiresAt: new Date('2026-12-07T18:30:00Z'),
      timezone: 'America/Los_Angeles',
    });
    expect(email).toMatchObject({
      template: 'broker_signing_request',
      subject: 'Request for Pat Broker - Realty',
    });
    expect(email.text).toContain('expires on Mon, Dec 7, 2026, 10:30 AM PST.');
    expect(email.html).toContain('Open Document');
    expect(email.html).toMatch(/review and sign the master referral agreement/);
  });

  it('the office’s failure notice formats phones and leaves out what it does not know', async () => {
    const email = await failureNoticeEmail({
      channel: 'sms',
      reason: 'reported',
      name: 'Dana Reyes',
      accountEmail: 'dana@example.com',
      agentEmail: '',
      profilePhone: '',
      tried: '+16025550142',
      attemptNumber: 2,
      providerError: null,
    });
    expect(email.subject).toBe('Test SMS failed: Dana Reyes');
    expect(email.text).toContain('Phone tried: (602) 555-0142');
    expect(email.text).not.toMatch(/Agent e-mail|Phone on the profile|Provider error/);
    expect(email.html).toContain('(602) 555-0142');
  });

  it('the onboarding call reads in the agent’s zone; Pending reads in Eastern time', async () => {
    const startsAt = new Date('2026-12-02T17:00:00Z');
    const denver = await onboardingCallEmail({
      firstName: 'Dana',
      startsAt,
      timezone: 'America/Denver',
      when: 'x',
    });
    expect(denver.text).toContain('When: Wed, Dec 2, 2026, 10:00 AM MST');
    const pending = await onboardingCallEmail({ firstName: '', startsAt, timezone: 'Pending', when: 'x' });
    expect(pending.text).toContain('When: Wed, Dec 2, 2026, 12:00 PM EST');
    expect(pending.text).toContain('Hello there,');
  });
});

describe('formatDateTime', () => {
  it('writes a moment in the reader’s zone, Eastern time when unknown', () => {
    const at = new Date('2026-11-30T11:01:38Z');
    expect(formatDateTime(at, 'America/Denver')).toBe('Mon, Nov 30, 2026, 4:01 AM MST');
    expect(formatDateTime(at, 'Pacific/Honolulu')).toBe('Mon, Nov 30, 2026, 1:01 AM HST');
    expect(formatDateTime(at, 'Pending')).toBe('Mon, Nov 30, 2026, 6:01 AM EST');
    expect(formatDateTime(at, null)).toBe('Mon, Nov 30, 2026, 6:01 AM EST');
    expect(formatDateTime(at, 'Not/AZone')).toBe('Mon, Nov 30, 2026, 6:01 AM EST');
  });
});

describe('the cached frame', () => {
  it('renders exactly what React Email renders for the whole e-mail', async () => {
    const parts = {
      preview: 'A line for the inbox',
      heading: 'Heading & <more>',
      footer: 'Why you get this.',
      body: createElement(Paragraph, null, 'Hello & goodbye'),
    };
    expect(await renderHtml(parts)).toBe(await render(createElement(EmailLayout, { parts })));
  });
});

describe('the copy of a lead for the agent’s CRM', () => {
  it('is plain text, one labelled field a line, the lead’s link among them', () => {
    const copy = leadCrmEmail({
      lead: lead({ notes: 'Wants to sell\nbefore June' }),
      source: 'Seller feed',
      link: LINK,
      agentName: 'Dana Reyes',
    });
    expect(copy.template).toBe('lead_crm');
    expect(copy.text.split('\n').slice(0, 13)).toEqual([
      'First Name: Jane',
      'Last Name: Doe',
      'Phone: (602) 555-0155',
      'Email: jane@example.com',
      'Address: 12 Main St',
      'City: Phoenix',
      'State: AZ',
      'Zip: 85004',
      'County: Maricopa',
      'Lead Type: FSBO',
      'Source: Seller feed',
      `Lead Link: ${LINK}`,
      'Notes: Wants to sell before June',
    ]);
    const minimal = leadCrmEmail({ lead: MINIMAL_LEAD, source: 'Seller feed', link: LINK, agentName: '' });
    expect(minimal.text).not.toMatch(/^[\w ]+:$/m);
    expect(minimal.text).toContain('Lead Type: Expired listing');
  });
});
