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
