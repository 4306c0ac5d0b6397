import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { type LeadRow, type outboxMessages, recipients } from '../../db/schema';
import { leadCrmEmail, leadEmail, leadOfferEmail } from '../../emails/lead';
import { leadCallScript, leadOfferCallScript, leadOfferSmsBody, leadSmsBody } from '../../emails/lead-texts';
import type { Email } from '../../emails/render';
import { emailMessage, insertMessages, phoneMessage } from '../../lib/outbox';
import { readSettings } from '../../lib/settings';
import { ensureAgentRecipientFor } from '../recipients/service';

export const leadLink = (config: Config, lead: LeadRow) => `${config.publicUrl}/leads?lead=${lead.id}`;

/** The agent a lead goes to, as its messages name them and tell the time. */
export interface LeadAgent {
  name: string;
  /** The agent's time zone choice (SPEC.md section 3); Eastern time without one. */
  timezone?: string | null;
  /** The agent's CRM inbox (Routing > CRM): every new lead is copied to it. Empty: none. */
  crmEmail?: string | null;
}

/** What a delivery needs of a recipient. */
export interface DeliveryPerson {
  id: string;
  sendSms: boolean;
  phoneNumber: string | null;
  sendEmail: boolean;
  email: string | null;
  phoneCall: boolean;
}

/** The agent's active recipients in their order (the agent's own row made first if missing). */
export async function deliveryPeople(tx: Tx, agentId: string): Promise<DeliveryPerson[]> {
  await ensureAgentRecipientFor(tx, agentId);
  return tx
    .select({
      id: recipients.id,
      sendSms: recipients.sendSms,
      phoneNumber: recipients.phoneNumber,
      sendEmail: recipients.sendEmail,
      email: recipients.email,
      phoneCall: recipients.phoneCall,
    })
    .from(recipients)
    .where(and(eq(recipients.agentId, agentId), eq(recipients.isActive, true)))
    .orderBy(asc(recipients.position), asc(recipients.createdAt));
}

/**
 * Writes one outbox message per channel for each active recipient of the agent, in the caller's
 * transaction and in one insert (DESIGN.md section 5); answers their ids for dispatch after
 * commit. `people` when the caller has already read them.
 */
export async function queueLeadDeliveries(
  tx: Tx,
  config: Config,
  lead: LeadRow,
  agent: LeadAgent,
  people?: DeliveryPerson[],
): Promise<string[]> {
  return insertMessages(tx, await leadDeliveries(tx, config, lead, agent, people));
}

type MessageValues = typeof outboxMessages.$inferInsert;

/**
 * The outbox rows of a lead's deliveries, one per channel for each active recipient, and the
 * copy for the agent's CRM, not yet written (the intake writes a whole batch's in one insert).
 * Each is lead traffic, tagged with the lead; the CRM copy has no recipient.
 */
export async function leadDeliveries(
  tx: Tx,
  config: Config,
  lead: LeadRow,
  agent: LeadAgent,
  people?: DeliveryPerson[],
): Promise<MessageValues[]> {
  if (!lead.agentId) return [];
  const meta = { agentId: lead.agentId };
  // The office can turn a channel off network-wide (console > Settings).
  const channels = (await readSettings(tx)).lead_delivery;
  const link = leadLink(config, lead);
  // An offer (ADR 62) says how long the agent has and names no seller.
  const offer = lead.offerExpiresAt ? { expiresAt: lead.offerExpiresAt, minutes: offerMinutes(lead) } : null;
  // Every recipient reads the same words: each is written once, and only if a channel needs it.
  let sms: string | undefined;
  let email: Email | undefined;
  let call: string | undefined;
  const messages: MessageValues[] = [];
  for (const person of people ?? (await deliveryPeople(tx, lead.agentId))) {
    const target = { leadId: lead.id, recipientId: person.id };
    if (channels.sms && person.sendSms && person.phoneNumber) {
      sms ??= offer ? leadOfferSmsBody(lead, link, offer.minutes) : leadSmsBody(lead, link);
      messages.push(
        phoneMessage('sms', config, {
          to: person.phoneNumber,
          body: sms,
          template: offer ? 'lead_offer_sms' : 'lead_sms',
          meta,
          lead: target,
        }),
      );
    }
    if (channels.email && person.sendEmail && person.email) {
      email ??= offer
        ? await leadOfferEmail({ lead, link, agentName: agent.name, timezone: agent.timezone, ...offer })
        : await leadEmail({ lead, link, agentName: agent.name, timezone: agent.timezone });
      messages.push(emailMessage(config, { to: person.email, ...email, meta, lead: target }));
    }
    if (channels.call && person.phoneCall && person.phoneNumber) {
      call ??= offer
        ? leadOfferCallScript(lead, agent.name, offer.minutes)
        : leadCallScript(lead, agent.name);
      messages.push(
        phoneMessage('call', config, {
          to: person.phoneNumber,
          body: call,
          template: offer ? 'lead_offer_call' : 'lead_call',
          meta,
          lead: target,
        }),
      );
    }
  }
  // The CRM's copy names the seller: an offered lead's goes when it is accepted (crmCopy).
  if (!offer) messages.push(...crmCopy(config, lead, agent, channels.email));
  return messages;
}

/** The acceptance window an offer was made with, in whole minutes. */
const offerMinutes = (lead: LeadRow) =>
  Math.max(
    1,
    Math.round(
      ((lead.offerExpiresAt?.getTime() ?? 0) - (lead.assignedAt ?? lead.createdAt).getTime()) / 60_000,
    ),
  );

/** The copy of the lead for the agent's CRM inbox, when the agent has one and e-mail is on. */
export function crmCopy(config: Config, lead: LeadRow, agent: LeadAgent, emailOn: boolean): MessageValues[] {
  const crm = agent.crmEmail?.trim();
  if (!emailOn || !crm || !lead.agentId) return [];
  const copy = leadCrmEmail({
    lead,
    source: lead.source,
    link: leadLink(config, lead),
    agentName: agent.name,
  });
  return [
    emailMessage(config, { to: crm, ...copy, meta: { agentId: lead.agentId }, lead: { leadId: lead.id } }),
  ];
}
