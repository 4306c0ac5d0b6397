import type { MessagePreview } from '@portal/shared';
import {
  corporateLinkMessage,
  magicLinkMessage,
  passwordChangedMessage,
  passwordResetMessage,
  recipientInvitationMessage,
  recipientMagicLinkMessage,
  registrationAttemptMessage,
  registrationLinkMessage,
  verifyEmailMessage,
} from './account';
import { type AgendaLead, agendaEmail } from './agenda';
import {
  type InvoiceEmailInput,
  invoiceIssuedEmail,
  invoiceReminderEmail,
  statementReminderEmail,
} from './billing';
import { type DigestAgent, digestEmail } from './digest';
import { type LeadFacts, leadCrmEmail, leadEmail, leadOfferEmail } from './lead';
import { leadCallScript, leadOfferCallScript, leadOfferSmsBody, leadSmsBody } from './lead-texts';
import type { Email } from './render';
import { brokerSigningEmail, completedEmail } from './signing';
import { failureNoticeEmail, onboardingCallEmail, TEST_SMS_TEMPLATE, testEmail, testSmsBody } from './signup';
import { smsSegments } from './sms';

/**
 * Every message the portal writes, with sample data, for the dev mailbox's template page: each
 * template once with every field and, where fields are optional, once with only what is required.
 * The samples are made up; the links point at this portal and open nothing real.
 */

const FULL = 'all fields';
const REQUIRED = 'required fields only';

/** As long as a real signed token, so the preview shows what a long link does to the layout. */
const SAMPLE_TOKEN = `eyJhbGciOiJIUzI1NiJ9.${'c2FtcGxlLXByZXZpZXctdG9rZW4'.repeat(4)}.preview`;
const SAMPLE_LEAD_ID = '00000000-0000-4000-8000-000000000001';
const SAMPLE_TIME = new Date('2026-11-30T11:01:38Z');

/** A lead with every field (the previews, the render bench and the template tests start from it). */
export const FULL_LEAD: LeadFacts = {
  leadType: 'fsbo',
  firstName: 'Jane',
  lastName: 'Doe',
  phone: '+16025550155',
  email: 'jane.doe@example.com',
  street: '12 Main St',
  city: 'Phoenix',
  state: 'AZ',
  zip: '85004',
  county: 'Maricopa',
  notes: 'Wants to list before spring.\nBest reached after 5 PM.',
  createdAt: SAMPLE_TIME,
};

export const MINIMAL_LEAD: LeadFacts = {
  leadType: 'expired',
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  street: '',
  city: '',
  state: '',
  zip: '85004',
  county: '',
  notes: '',
  createdAt: SAMPLE_TIME,
};

const LONG_LEAD: LeadFacts = {
  ...FULL_LEAD,
  firstName: 'Maximiliana',
  lastName: 'Fitzgerald-Worthington',
  street: '12345 North Scottsdale Road, Building 7',
  city: 'Paradise Valley',
};

const email = (variant: string, message: Email): MessagePreview => ({
  name: message.template,
  variant,
  channel: 'email',
  subject: message.subject,
  html: message.html,
  text: message.text,
  sms_segments: null,
});

/** An e-mail with a plain-text part only (the copy a CRM's lead parser reads). */
const plainEmail = (
  variant: string,
  message: { template: string; subject: string; text: string },
): MessagePreview => ({
  name: message.template,
  variant,
  channel: 'email',
  subject: message.subject,
  html: null,
  text: message.text,
  sms_segments: null,
});

const sms = (name: string, variant: string, text: string): MessagePreview => ({
  name,
  variant,
  channel: 'sms',
  subject: null,
  html: null,
  text,
  sms_segments: smsSegments(text).segments,
});

const call = (name: string, variant: string, text: string): MessagePreview => ({
  name,
  variant,
  channel: 'call',
  subject: null,
  html: null,
  text,
  sms_segments: null,
});

export async function messagePreviews(publicUrl: string): Promise<MessagePreview[]> {
  const url = (path: string) => `${publicUrl}${path}`;
  const leadLink = url(`/leads?lead=${SAMPLE_LEAD_ID}`);
  const failure = {
    name: 'Dana Reyes',
    accountEmail: 'dana@example.com',
    tried: '+16025550142',
    attemptNumber: null,
    providerError: null,
    agentEmail: '',
    profilePhone: '',
  };
  return [
    email('default', await verifyEmailMessage(url(`/verify-email/${SAMPLE_TOKEN}`))),
    email('default', await passwordResetMessage(url(`/recovery/${SAMPLE_TOKEN}`))),
    // Asked for on /es/recovery: in Spanish, and its link opens the Spanish page.
    email('Spanish', await passwordResetMessage(url(`/es/recovery/${SAMPLE_TOKEN}`), 'es')),
    email('default', await passwordChangedMessage(url('/recovery'))),
    email('default', await magicLinkMessage(url(`/login/magic/${SAMPLE_TOKEN}`))),
    email(
      'to a lead recipient',
      await recipientMagicLinkMessage(url(`/login/magic/${SAMPLE_TOKEN}`), 'Dana Reyes'),
    ),
    email('default', await registrationAttemptMessage(url('/login'), url('/recovery'))),
    email('default', await registrationLinkMessage(url(`/signup/confirm/${SAMPLE_TOKEN}`))),
    email(
      'default',
      await corporateLinkMessage(url(`/login/corporate/${SAMPLE_TOKEN}`), 'Desert Realty Group'),
    ),
    email(
      'default',
      await recipientInvitationMessage(url(`/recipient/confirm/${SAMPLE_TOKEN}`), 'Dana Reyes'),
    ),

    email(
      FULL,
      await leadEmail({
        lead: FULL_LEAD,
        link: leadLink,
        agentName: 'Dana Reyes',
        timezone: 'America/Denver',
      }),
    ),
    email(REQUIRED, await leadEmail({ lead: MINIMAL_LEAD, link: leadLink, agentName: 'Dana Reyes' })),
    plainEmail(
      FULL,
      leadCrmEmail({ lead: FULL_LEAD, source: 'Seller feed', link: leadLink, agentName: 'Dana Reyes' }),
    ),
    plainEmail(
      REQUIRED,
      leadCrmEmail({ lead: MINIMAL_LEAD, source: 'Seller feed', link: leadLink, agentName: 'Dana Reyes' }),
    ),
    sms('lead_sms', FULL, leadSmsBody(FULL_LEAD, leadLink)),
    sms('lead_sms', 'long name and address', leadSmsBody(LONG_LEAD, leadLink)),
    sms('lead_sms', REQUIRED, leadSmsBody(MINIMAL_LEAD, leadLink)),
    call('lead_call', FULL, leadCallScript(FULL_LEAD, 'Dana Reyes')),
    call('lead_call', REQUIRED, leadCallScript(MINIMAL_LEAD, 'Dana Reyes')),
    // Offers (ADR 62): how long the agent has, no seller.
    email(
      FULL,
      await leadOfferEmail({
        lead: FULL_LEAD,
        link: leadLink,
        agentName: 'Dana Reyes',
        timezone: 'America/Denver',
        minutes: 15,
        expiresAt: new Date(SAMPLE_TIME.getTime() + 15 * 60_000),
      }),
    ),
    email(
      REQUIRED,
      await leadOfferEmail({
        lead: MINIMAL_LEAD,
        link: leadLink,
        agentName: '',
        minutes: 90,
        expiresAt: new Date(SAMPLE_TIME.getTime() + 90 * 60_000),
      }),
    ),
    sms('lead_offer_sms', FULL, leadOfferSmsBody(FULL_LEAD, leadLink, 15)),
    sms('lead_offer_sms', 'long city', leadOfferSmsBody(LONG_LEAD, leadLink, 1440)),
    sms('lead_offer_sms', REQUIRED, leadOfferSmsBody(MINIMAL_LEAD, leadLink, 15)),
    call('lead_offer_call', FULL, leadOfferCallScript(FULL_LEAD, 'Dana Reyes', 15)),
    call('lead_offer_call', REQUIRED, leadOfferCallScript(MINIMAL_LEAD, 'Dana Reyes', 15)),

    email(
      'built-in signing, link expires',
      await brokerSigningEmail({
        brokerName: 'Pat Broker',
        agentName: 'Dana Reyes',
        link: url(`/sign/${SAMPLE_TOKEN}`),
        reminder: 0,
        expiresAt: new Date('2026-12-07T11:01:38Z'),
        timezone: 'America/Denver',
      }),
    ),
    email(
      'provider link, no expiry',
      await brokerSigningEmail({
        brokerName: 'Pat Broker',
        agentName: 'Dana Reyes',
        link: 'https://www.digisigner.com/online/showTemplate?documentId=preview',
        reminder: 0,
        expiresAt: null,
      }),
    ),
    email(
      'default',
      await brokerSigningEmail({
        brokerName: 'Pat Broker',
        agentName: 'Dana Reyes',
        link: url(`/sign/${SAMPLE_TOKEN}`),
        reminder: 1,
        expiresAt: new Date('2026-12-07T11:01:38Z'),
        timezone: 'America/Denver',
      }),
    ),
    email(
      FULL,
      await completedEmail({
        title: 'Master Referral Agreement',
        names: 'Dana Reyes (Agent) and Pat Broker (Broker)',
        signerName: 'Pat Broker',
        verifyUrl: url('/verify-document'),
        completedAt: SAMPLE_TIME,
        timezone: 'America/Denver',
      }),
    ),
    email(
      REQUIRED,
      await completedEmail({
        title: 'Master Referral Agreement',
        names: 'Dana Reyes (Agent) and Pat Broker (Broker)',
        signerName: 'Pat Broker',
        verifyUrl: url('/verify-document'),
      }),
    ),

    sms(TEST_SMS_TEMPLATE, 'default', testSmsBody('Dana')),
    email(FULL, await testEmail('Dana', url('/signup/email'))),
    email(REQUIRED, await testEmail('Dana')),
    email(
      FULL,
      await failureNoticeEmail({
        ...failure,
        channel: 'sms',
        reason: 'reported',
        agentEmail: 'dana.reyes@realty.example',
        profilePhone: '+16025550142',
        attemptNumber: 2,
        agentUrl: url(`/admin/agents/${SAMPLE_LEAD_ID}`),
      }),
    ),
    email(REQUIRED, await failureNoticeEmail({ ...failure, channel: 'sms', reason: 'reported' })),
    email(
      FULL,
      await failureNoticeEmail({
        ...failure,
        channel: 'email',
        reason: 'undeliverable',
        tried: 'dana.reyes@realty.example',
        providerError: '550 5.1.1 The e-mail account that you tried to reach does not exist',
        agentUrl: url(`/admin/agents/${SAMPLE_LEAD_ID}`),
      }),
    ),
    email(
      'video call',
      await onboardingCallEmail({
        firstName: 'Dana',
        startsAt: new Date('2026-12-02T17:00:00Z'),
        timezone: 'America/Denver',
        when: 'Wednesday, December 2, 10:00 AM MST',
        joinUrl: 'https://zoom.us/j/0000000000',
      }),
    ),
    email(
      'phone call',
      await onboardingCallEmail({
        firstName: '',
        startsAt: new Date('2026-12-02T17:00:00Z'),
        timezone: 'Pending',
        when: 'Wednesday, December 2, 12:00 PM EST',
        agentPhone: '+16025550142',
      }),
    ),

    email(
      FULL,
      await agendaEmail({
        dayLabel: 'Tuesday, December 1',
        timeZone: 'America/Denver',
        overdue: { leads: [agendaLead(publicUrl, 1, { nextAction: 'Call back about the price' })], total: 3 },
        fresh: {
          leads: [agendaLead(publicUrl, 2, { stage: 'new', nextActionAt: null, nextAction: '' })],
          total: 1,
        },
        today: {
          leads: [
            agendaLead(publicUrl, 3, {
              stage: 'scheduled',
              nextAction: 'Listing appointment',
              nextActionAt: new Date('2026-12-01T17:00:00Z'),
            }),
          ],
          total: 1,
        },
        leadsUrl: url('/leads'),
        settingsUrl: url('/profile'),
      }),
    ),
    email(
      'one new lead without a name',
      await agendaEmail({
        dayLabel: 'Tuesday, December 1',
        timeZone: 'America/New_York',
        overdue: { leads: [], total: 0 },
        fresh: {
          leads: [
            agendaLead(publicUrl, 4, {
              firstName: '',
              lastName: '',
              phone: '',
              city: '',
              stage: 'new',
              nextAction: '',
              nextActionAt: null,
            }),
          ],
          total: 1,
        },
        today: { leads: [], total: 0 },
        leadsUrl: url('/leads'),
        settingsUrl: url('/profile'),
      }),
    ),
    email(
      FULL,
      await digestEmail({
        weekLabel: 'Nov 23 to Nov 29',
        staleAfterDays: 7,
        totals: digestFigures(9, 6, 2100, 5400, 2, 1, 4, 6),
        agents: [
          { id: 'dana', name: 'Dana Reyes', ...digestFigures(6, 2, 900, 7200, 1, 0, 1, 3) },
          { id: 'sam', name: 'Sam Ortiz', ...digestFigures(3, 4, null, 3600, 1, 1, 3, 3) },
        ],
        moreAgents: 12,
        dashboardUrl: url('/leads'),
        settingsUrl: url('/account/password'),
      }),
    ),
    email(
      'a quiet week',
      await digestEmail({
        weekLabel: 'Nov 23 to Nov 29',
        staleAfterDays: 7,
        totals: digestFigures(0, 0, null, null, 0, 0, 0, 0),
        agents: [{ id: 'dana', name: 'Dana Reyes', ...digestFigures(0, 0, null, null, 0, 0, 0, 0) }],
        moreAgents: 0,
        dashboardUrl: url('/leads'),
        settingsUrl: url('/account/password'),
      }),
    ),

    // Referral fees (DESIGN.md section 12): each goes to the billing contact and to the agent.
    email('to the billing contact', await invoiceIssuedEmail(sampleInvoice(url('/billing')))),
    email(
      'to the agent, with a credit already applied',
      await invoiceIssuedEmail({
        ...sampleInvoice(url('/billing')),
        recipientName: 'Dana Reyes',
        balanceCents: 208_642,
      }),
    ),
    email('default', await invoiceReminderEmail({ ...sampleInvoice(url('/billing')), stage: 'due' })),
    email(
      'default',
      await invoiceReminderEmail({
        ...sampleInvoice(url('/billing')),
        balanceCents: 208_642,
        stage: 'overdue_7',
      }),
    ),
    email(
      'default',
      await invoiceReminderEmail({
        ...sampleInvoice(url('/billing')),
        recipientName: '',
        stage: 'overdue_14',
      }),
    ),
    email(
      'due',
      await statementReminderEmail({
        recipientName: 'Dana Reyes',
        leadName: 'Jane Doe',
        property: '12 Main St, Phoenix, AZ 85004',
        closingDate: '2026-11-14',
        dueOn: '2026-11-28',
        link: leadLink,
      }),
    ),
    email(
      'overdue',
      await statementReminderEmail({
        recipientName: 'Pat Broker',
        leadName: 'Jane Doe',
        property: '12 Main St, Phoenix, AZ 85004',
        closingDate: '2026-11-14',
        dueOn: '2026-11-28',
        overdue: true,
        link: leadLink,
      }),
    ),
  ];
}

/** An invoice of the referral-fee previews: 25 % of a $12,345.67 commission on Jane Doe's sale. */
const sampleInvoice = (billingUrl: string): InvoiceEmailInput => ({
  recipientName: 'Pat Broker',
  agentName: 'Dana Reyes',
  number: 'INV-2026-000123',
  amountCents: 308_642,
  balanceCents: 308_642,
  dueOn: '2026-12-21',
  leadName: 'Jane Doe',
  property: '12 Main St, Phoenix, AZ 85004',
  link: billingUrl,
  howToPay:
    'Pay by ACH to Agent Portal LLC, First National Bank, routing 123456789, account 987654321, quoting the invoice number.\nChecks payable to Agent Portal LLC, 100 Central Ave, Phoenix, AZ 85004.',
});

/** A lead of the agenda previews: Jane Doe of FULL_LEAD, numbered so that each has its own id. */
const agendaLead = (publicUrl: string, n: number, overrides: Partial<AgendaLead> = {}): AgendaLead => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  link: `${publicUrl}/leads?lead=00000000-0000-4000-8000-00000000000${n}`,
  firstName: FULL_LEAD.firstName,
  lastName: FULL_LEAD.lastName,
  phone: FULL_LEAD.phone,
  city: FULL_LEAD.city,
  zip: FULL_LEAD.zip,
  stage: 'pursuing',
  nextAction: 'Call',
  nextActionAt: new Date('2026-11-28T16:00:00Z'),
  createdAt: SAMPLE_TIME,
  ...overrides,
});

/** The digest's figures: each pair is last week's, then the week before's. */
const digestFigures = (
  received: number,
  receivedBefore: number,
  speed: number | null,
  speedBefore: number | null,
  closings: number,
  closingsBefore: number,
  stale: number,
  staleAWeekAgo: number,
): Omit<DigestAgent, 'id' | 'name'> => ({
  received: { current: received, previous: receivedBefore },
  speedSeconds: { current: speed, previous: speedBefore },
  closings: { current: closings, previous: closingsBefore },
  stale: { current: stale, previous: staleAWeekAgo },
});
