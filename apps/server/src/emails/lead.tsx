/** @jsxRuntime automatic */
import { formatPhone, LEAD_TYPE_LABELS, type LeadType } from '@portal/shared';
import type { LeadRow } from '../db/schema';
import { formatDateTime, joinPresent } from './format';
import { ActionButton, Details, Paragraph, TextLink } from './layout';
import { type Email, type EmailWords, emailTemplate, textLink, textRows } from './render';

/** What a lead message says about the lead: the row as intake stored it. */
export type LeadFacts = Pick<
  LeadRow,
  | 'leadType'
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'email'
  | 'street'
  | 'city'
  | 'state'
  | 'zip'
  | 'county'
  | 'notes'
  | 'createdAt'
>;

export const leadTypeLabel = (lead: Pick<LeadFacts, 'leadType'>) =>
  LEAD_TYPE_LABELS[lead.leadType as LeadType] ?? lead.leadType;

export const leadName = (lead: Pick<LeadFacts, 'firstName' | 'lastName'>) =>
  joinPresent([lead.firstName, lead.lastName], ' ');

/** "12 Palm Ave, Phoenix, AZ 85004", with only the parts the lead has. */
export const leadAddress = (lead: Pick<LeadFacts, 'street' | 'city' | 'state' | 'zip'>) =>
  joinPresent([lead.street, lead.city, joinPresent([lead.state, lead.zip], ' ')]);

export interface LeadEmailInput {
  lead: LeadFacts;
  /** The lead in the portal. */
  link: string;
  /** Empty when the agent record has no name yet: the e-mail then speaks to the reader. */
  agentName: string;
  /** The agent's time zone choice; times read in Eastern time without one. */
  timezone?: string | null;
}

const LEAD_WORD_KEYS = [
  'type',
  'name',
  'phone',
  'tel',
  'email',
  'city',
  'place',
  'address',
  'zip',
  'county',
  'received',
  'notes',
  'link',
  'agent',
] as const;

/** The words a lead e-mail is made of, each a plain string (empty: the lead has none). */
type LeadWords = EmailWords<(typeof LEAD_WORD_KEYS)[number]>;

const leadWordsOf = ({ lead, link, agentName, timezone }: LeadEmailInput): LeadWords => ({
  type: leadTypeLabel(lead),
  name: leadName(lead),
  phone: formatPhone(lead.phone),
  tel: lead.phone,
  email: lead.email,
  city: lead.city,
  place: leadAddress(lead) || `ZIP ${lead.zip}`,
  // A lead may come with its ZIP code alone: that is not an address.
  address: lead.street || lead.city || lead.state ? leadAddress(lead) : '',
  zip: lead.zip,
  county: lead.county,
  received: formatDateTime(lead.createdAt, timezone),
  notes: lead.notes,
  link,
  agent: agentName,
});

const leadSubject = (words: Pick<LeadWords, 'name' | 'type' | 'city'>) =>
  `New seller lead: ${words.name || 'A seller'} (${words.type})${words.city ? ` in ${words.city}` : ''}`;

/** Everything the lead e-mail says, from its words (rendered once per shape, with marks). */
function leadParts(words: LeadWords) {
  const heading = words.name ? `New seller lead: ${words.name}` : 'New seller lead';
  const intro = `A new ${words.type} lead for ${words.agent || 'you'}. Call soon: sellers choose the agent who answers first.`;
  return {
    template: 'lead_email',
    subject: leadSubject(words),
    preview: joinPresent([words.place, words.phone && `Call ${words.phone}`], ' · '),
    heading,
    footer: words.agent
      ? `You get this e-mail as a lead recipient of ${words.agent}.`
      : 'You get this e-mail as a lead recipient in the portal.',
    body: (
      <>
        <Paragraph>{intro}</Paragraph>
        <Details
          rows={[
            ['Phone', words.phone && <TextLink href={`tel:${words.tel}`}>{words.phone}</TextLink>],
            ['E-mail', words.email && <TextLink href={`mailto:${words.email}`}>{words.email}</TextLink>],
            ['Address', words.address],
            ['ZIP code', words.address ? null : words.zip],
            ['County', words.county],
            ['Lead type', words.type],
            ['Received', words.received],
            ['Notes', words.notes && <span style={{ whiteSpace: 'pre-line' }}>{words.notes}</span>],
          ]}
        />
        <ActionButton href={words.link}>Open the lead</ActionButton>
      </>
    ),
    text: [
      heading,
      intro,
      textRows([
        ['Phone', words.phone],
        ['E-mail', words.email],
        ['Address', words.address],
        ['ZIP code', words.address ? null : words.zip],
        ['County', words.county],
        ['Lead type', words.type],
        ['Received', words.received],
        ['Notes', words.notes],
      ]),
      textLink('Open the lead', words.link),
    ],
  };
}

/** Everything the lead e-mail says, before rendering (the bench and the tests render it whole). */
export const leadEmailParts = (input: LeadEmailInput) => leadParts(leadWordsOf(input));

const leadTemplate = emailTemplate(LEAD_WORD_KEYS, leadParts);

/** The e-mail of a new lead: a template filled with the lead's words (emailTemplate). */
export const leadEmail = (input: LeadEmailInput): Promise<Email> => leadTemplate(leadWordsOf(input));

export interface LeadCrmEmailInput {
  lead: LeadFacts;
  /** Where the lead came from: the intake client's source name. */
  source: string;
  /** The lead in the portal. */
  link: string;
  /** Empty when the agent record has no name yet. */
  agentName: string;
}

/** A field's value on one line: a CRM's parser reads a field to the end of its line. */
const oneLine = (value: string) => value.replace(/\s*[\r\n]+\s*/g, ' ').trim();

/**
 * The copy of a new lead for the agent's CRM (Follow Up Boss, Lofty, kvCORE and the like read
 * the e-mails their lead-parsing inbox receives): plain text only, one `Label: value` field per
 * line in the words those parsers look for, a field the lead does not have left out.
 */
export function leadCrmEmail({ lead, source, link, agentName }: LeadCrmEmailInput) {
  const subject = leadSubject({ name: leadName(lead), type: leadTypeLabel(lead), city: lead.city });
  const fields: [string, string][] = [
    ['First Name', lead.firstName],
    ['Last Name', lead.lastName],
    ['Phone', formatPhone(lead.phone)],
    ['Email', lead.email],
    ['Address', lead.street],
    ['City', lead.city],
    ['State', lead.state],
    ['Zip', lead.zip],
    ['County', lead.county],
    ['Lead Type', leadTypeLabel(lead)],
    ['Source', source],
    ['Lead Link', link],
    ['Notes', lead.notes],
  ];
  const text = [
    ...fields.flatMap(([label, value]) => (oneLine(value) ? [`${label}: ${oneLine(value)}`] : [])),
    '',
    agentName
      ? `A new seller lead for ${agentName}, copied to this address from the agent portal (Routing > CRM).`
      : 'A new seller lead, copied to this address from the agent portal (Routing > CRM).',
  ].join('\n');
  return { template: 'lead_crm', subject, text };
}

/** "15 minutes", "1 hour", "2 hours 30 minutes": the acceptance window in words. */
export function acceptWindow(minutes: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${plural(hours, 'hour')} ${plural(rest, 'minute')}` : plural(hours, 'hour');
}

/** "Phoenix, AZ 85004": where an offered lead is, without its street. */
export const leadArea = (lead: Pick<LeadFacts, 'city' | 'state' | 'zip'>) =>
  joinPresent([lead.city, joinPresent([lead.state, lead.zip], ' ')]);

export interface LeadOfferEmailInput {
  lead: Pick<LeadFacts, 'leadType' | 'city' | 'state' | 'zip' | 'county'>;
  /** The offer in the portal. */
  link: string;
  agentName: string;
  timezone?: string | null;
  /** The acceptance window (console > Settings > Routing). */
  minutes: number;
  expiresAt: Date;
}

const OFFER_WORD_KEYS = ['type', 'city', 'area', 'county', 'agent', 'within', 'deadline', 'link'] as const;

/** The words an offer e-mail is made of, each a plain string (empty: the lead has none). */
type OfferWords = EmailWords<(typeof OFFER_WORD_KEYS)[number]>;

const offerWordsOf = (input: LeadOfferEmailInput): OfferWords => ({
  type: leadTypeLabel(input.lead),
  city: input.lead.city,
  area: leadArea(input.lead),
  county: input.lead.county,
  agent: input.agentName,
  within: acceptWindow(input.minutes),
  deadline: formatDateTime(input.expiresAt, input.timezone),
  link: input.link,
});

/** The offer e-mail's parts from its words (the template renders them once with marks). */
function offerParts(words: OfferWords) {
  const intro = `A new ${words.type} lead${words.area ? ` in ${words.area}` : ''} is offered to ${words.agent || 'you'}. Accept within ${words.within} (by ${words.deadline}) to see the seller's name, phone and address. If it is not accepted in time, it goes to another agent.`;
  const rows: [string, string | null][] = [
    ['Area', words.area],
    ['County', words.county],
    ['Lead type', words.type],
    ['Accept by', words.deadline],
  ];
  const footer = words.agent
    ? `You get this e-mail as a lead recipient of ${words.agent}.`
    : 'You get this e-mail as a lead recipient in the portal.';
  return {
    template: 'lead_offer_email',
    subject: `Lead offer: ${words.type}${words.city ? ` in ${words.city}` : ''}. Accept within ${words.within}`,
    preview: `Accept within ${words.within}, by ${words.deadline}`,
    heading: 'A lead is offered to you',
    footer,
    body: (
      <>
        <Paragraph>{intro}</Paragraph>
        <Details rows={rows} />
        <ActionButton href={words.link}>Open the offer</ActionButton>
      </>
    ),
    text: ['A lead is offered to you', intro, textRows(rows), textLink('Open the offer', words.link)],
  };
}

/**
 * The e-mail of an offered lead (ADR 62): the lead type, the area and how long the agent has;
 * never the seller, whose details open in the portal once the agent accepts.
 */
export const leadOfferEmailParts = (input: LeadOfferEmailInput) => offerParts(offerWordsOf(input));

const offerTemplate = emailTemplate(OFFER_WORD_KEYS, offerParts);

/** The offer e-mail. A sweep writes thousands: a template filled with each offer's words. */
export const leadOfferEmail = (input: LeadOfferEmailInput): Promise<Email> =>
  offerTemplate(offerWordsOf(input));
