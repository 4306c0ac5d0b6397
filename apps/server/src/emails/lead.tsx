/** @jsxRuntime automatic */
import { formatPhone, LEAD_TYPE_LABELS, type LeadType } from '@portal/shared';
import type { LeadRow } from '../db/schema';
import { formatDateTime, joinPresent } from './format';
import { ActionButton, Details, Paragraph, TextLink } from './layout';
import { type Email, renderEmail, textLink, textRows } from './render';

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

type LeadWords = ReturnType<typeof leadContent>;

/** The lead e-mail's words, shared by its HTML and its text. */
function leadContent({ lead, agentName, timezone }: LeadEmailInput) {
  const type = leadTypeLabel(lead);
  const name = leadName(lead);
  const phone = formatPhone(lead.phone);
  return {
    type,
    name,
    phone,
    subject: `New seller lead: ${name || 'A seller'} (${type})${lead.city ? ` in ${lead.city}` : ''}`,
    heading: name ? `New seller lead: ${name}` : 'New seller lead',
    intro: `A new ${type} lead for ${agentName || 'you'}. Call soon: sellers choose the agent who answers first.`,
    preview: joinPresent([leadAddress(lead) || `ZIP ${lead.zip}`, phone && `Call ${phone}`], ' · '),
    // A lead may come with its ZIP code alone: that is not an address.
    address: lead.street || lead.city || lead.state ? leadAddress(lead) : '',
    received: formatDateTime(lead.createdAt, timezone),
    footer: agentName
      ? `You get this e-mail as a lead recipient of ${agentName}.`
      : 'You get this e-mail as a lead recipient in the portal.',
  };
}

/** The lead's details and the button to it: what fills the frame of the lead e-mail. */
function LeadEmailBody({ lead, link, words }: { lead: LeadFacts; link: string; words: LeadWords }) {
  return (
    <>
      <Paragraph>{words.intro}</Paragraph>
      <Details
        rows={[
          ['Phone', words.phone && <TextLink href={`tel:${lead.phone}`}>{words.phone}</TextLink>],
          ['E-mail', lead.email && <TextLink href={`mailto:${lead.email}`}>{lead.email}</TextLink>],
          ['Address', words.address],
          ['ZIP code', words.address ? null : lead.zip],
          ['County', lead.county],
          ['Lead type', words.type],
          ['Received', words.received],
          ['Notes', lead.notes && <span style={{ whiteSpace: 'pre-line' }}>{lead.notes}</span>],
        ]}
      />
      <ActionButton href={link}>Open the lead</ActionButton>
    </>
  );
}

/** Everything the lead e-mail says, before rendering (the bench renders it both ways). */
export function leadEmailParts(input: LeadEmailInput) {
  const words = leadContent(input);
  const { lead } = input;
  return {
    template: 'lead_email',
    subject: words.subject,
    preview: words.preview,
    heading: words.heading,
    footer: words.footer,
    body: <LeadEmailBody lead={lead} link={input.link} words={words} />,
    text: [
      words.heading,
      words.intro,
      textRows([
        ['Phone', words.phone],
        ['E-mail', lead.email],
        ['Address', words.address],
        ['ZIP code', words.address ? null : lead.zip],
        ['County', lead.county],
        ['Lead type', words.type],
        ['Received', words.received],
        ['Notes', lead.notes],
      ]),
      textLink('Open the lead', input.link),
    ],
  };
}

export const leadEmail = (input: LeadEmailInput): Promise<Email> => renderEmail(leadEmailParts(input));

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
  const { subject } = leadContent({ lead, link, agentName });
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

/** The words an offer e-mail is made of, each a plain string (empty: the lead has none). */
interface OfferWords {
  type: string;
  city: string;
  area: string;
  county: string;
  agent: string;
  within: string;
  deadline: string;
  link: string;
}

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

const WORD_KEYS = ['type', 'city', 'area', 'county', 'agent', 'within', 'deadline', 'link'] as const;
/** Stands for a word while the template is rendered; nothing a word holds once escaped looks like it. */
const markOf = (key: string) => `offerword${key}mark7f3a`;
const MARKS = /offerword([a-z]+)mark7f3a/g;

/** As React escapes text and attributes. */
const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');

/** Offer templates by which words are present: a few, each rendered once per process. */
const templates = new Map<string, Promise<Email>>();

/**
 * The offer e-mail. A sweep writes thousands, so the e-mail is rendered once per shape (which
 * words the lead has) with a mark for each word, and each offer's words replace the marks:
 * escaped in the HTML, as they are in the subject and the text.
 */
export async function leadOfferEmail(input: LeadOfferEmailInput): Promise<Email> {
  const words = offerWordsOf(input);
  const shape = WORD_KEYS.map((key) => (words[key] ? '1' : '0')).join('');
  let template = templates.get(shape);
  if (!template) {
    const marks = Object.fromEntries(
      WORD_KEYS.map((key) => [key, words[key] ? markOf(key) : '']),
    ) as unknown as OfferWords;
    template = renderEmail(offerParts(marks));
    templates.set(shape, template);
    template.catch(() => templates.delete(shape));
  }
  const email = await template;
  // One pass over each body for every mark.
  const fill = (text: string, html: boolean) =>
    text.replace(MARKS, (_, key: (typeof WORD_KEYS)[number]) => (html ? escapeHtml(words[key]) : words[key]));
  return {
    template: email.template,
    subject: fill(email.subject, false)
      .replace(/[\r\n]+/g, ' ')
      .trim(),
    text: fill(email.text, false),
    html: fill(email.html, true),
  };
}
