import { formatPhone } from '@portal/shared';
import { joinPresent, spokenPhone } from './format';
import { acceptWindow, type LeadFacts, leadArea, leadName, leadTypeLabel } from './lead';
import { fitsOneSms, isGsm7, toGsmFriendly } from './sms';

/**
 * The text message of a new lead: who, where and how to reach them, in one SMS when it can be
 * done. The street goes first, then the last name is shortened, then the words are cut; the link
 * to the lead comes last and only when it still fits.
 */
export function leadSmsBody(lead: LeadFacts, link: string): string {
  const type = leadTypeLabel(lead);
  const name = leadName(lead) || 'a seller';
  const initial = lead.lastName.trim() ? `${lead.firstName.trim()} ${lead.lastName.trim()[0]}.`.trim() : name;
  const cityState = joinPresent([lead.city, lead.state], ' ');
  const place = lead.city ? cityState : `ZIP ${lead.zip}`;
  const phone = formatPhone(lead.phone);
  const contact = phone ? `Call ${phone}.` : lead.email ? `E-mail ${lead.email}.` : '';
  const compose = (about: string) => clean(`New ${type} lead: ${about}. ${contact}`);

  const tries = [
    joinPresent([name, lead.street, place]),
    joinPresent([name, place]),
    joinPresent([initial, place]),
    joinPresent([initial, lead.city || place]),
  ];
  let body: string | null = null;
  for (const about of tries) {
    body = oneSegment(compose(about));
    if (body) break;
  }
  // Still too long (a very long name or city): cut the words about the lead, keep the contact.
  if (!body) body = shortest(tries.at(-1)!, compose);
  const withLink = oneSegment(`${body} ${link}`);
  return withLink ?? body;
}

const clean = (text: string) => text.replace(/\s+/g, ' ').replace(/\.\./g, '.').trim();

/** The text as one SMS: as written, or with accents and typographic marks made plain. */
function oneSegment(text: string): string | null {
  if (fitsOneSms(text)) return text;
  if (isGsm7(text)) return null;
  const plain = toGsmFriendly(text);
  return fitsOneSms(plain) ? plain : null;
}

function shortest(about: string, compose: (about: string) => string): string {
  for (let length = about.length - 1; length > 0; length--) {
    const cut = about.slice(0, length).replace(/[\s,.]+$/, '');
    const fitted = oneSegment(compose(cut));
    if (fitted) return fitted;
  }
  // Nothing about the lead fits beside the contact (an enormous e-mail address): send it all.
  return compose(about);
}

/** What the call notification reads out: the number digit by digit, twice. */
export function leadCallScript(lead: LeadFacts, agentName: string): string {
  const type = leadTypeLabel(lead);
  const name = leadName(lead) || 'a seller';
  const where = lead.city ? ` in ${lead.city}` : ` in ZIP code ${lead.zip.split('').join(' ')}`;
  const number = lead.phone ? spokenPhone(lead.phone) : '';
  return clean(
    `New seller lead${agentName ? ` for ${agentName}` : ''}: ${name}${where}. Lead type: ${type}. ${
      number ? `Their number is ${number}. Again: ${number}.` : ''
    } The details are in your text messages, your e-mail and the portal.`,
  );
}

type OfferFacts = Pick<LeadFacts, 'leadType' | 'city' | 'state' | 'zip'>;

/**
 * The text of an offered lead (ADR 62): its type, its area and how long the agent has, with the
 * link to accept it; no seller. The area goes first when the words do not fit one SMS.
 */
export function leadOfferSmsBody(lead: OfferFacts, link: string, minutes: number): string {
  const type = leadTypeLabel(lead);
  const within = acceptWindow(minutes);
  const area = leadArea(lead);
  const tries = [
    `New ${type} lead${area ? ` in ${area}` : ''} offered to you. Accept within ${within}: ${link}`,
    `New ${type} lead in ZIP ${lead.zip} offered to you. Accept within ${within}: ${link}`,
    `New ${type} lead offered to you. Accept within ${within}: ${link}`,
  ];
  for (const text of tries) {
    const body = oneSegment(clean(text));
    if (body) return body;
  }
  return clean(tries.at(-1)!);
}

/** What the call notification of an offered lead reads out: where, and how long the agent has. */
export function leadOfferCallScript(lead: OfferFacts, agentName: string, minutes: number): string {
  const type = leadTypeLabel(lead);
  const where = lead.city ? ` in ${lead.city}` : ` in ZIP code ${lead.zip.split('').join(' ')}`;
  return clean(
    `A new seller lead${where} is offered${agentName ? ` to ${agentName}` : ''}. Lead type: ${type}. Accept it in the portal within ${acceptWindow(minutes)}, or it goes to another agent. The link is in your text messages and your e-mail.`,
  );
}
