import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { type LeadRow, recipients } from '../../db/schema';
import { leadEmail } from '../../emails/lead';
import { leadCallScript, leadSmsBody } from '../../emails/lead-texts';
import type { Email } from '../../emails/render';
import { addCall, addEmail, addSms } from '../../lib/outbox';
import { readSettings } from '../../lib/settings';
import { ensureAgentRecipientFor } from '../recipients/service';

export const leadLink = (config: Config, lead: LeadRow) => `${config.publicUrl}/leads?lead=${lead.id}`;

/** The agent a lead goes to, as its messages name them and tell the time. */
export interface LeadAgent {
  name: string;
  /** The agent's time zone choice (SPEC.md section 3); Eastern time without one. */
  timezone?: string | null;
}

/**
 * Writes one outbox message per channel for each active recipient of the agent, in the caller's
 * transaction (DESIGN.md section 5); answers their ids for dispatch after commit.
 */
export async function queueLeadDeliveries(
  tx: Tx,
  config: Config,
  lead: LeadRow,
  agent: LeadAgent,
): Promise<string[]> {
  if (!lead.agentId) return [];
  await ensureAgentRecipientFor(tx, lead.agentId);
  const people = await tx
    .select()
    .from(recipients)
    .where(and(eq(recipients.agentId, lead.agentId), eq(recipients.isActive, true)))
    .orderBy(asc(recipients.position), asc(recipients.createdAt));
  const ids: string[] = [];
  const meta = { agentId: lead.agentId };
  // The office can turn a channel off network-wide (console > Settings).
  const channels = (await readSettings(tx)).lead_delivery;
  const link = leadLink(config, lead);
  // Every recipient reads the same words: each is written once, and only if a channel needs it.
  let sms: string | undefined;
  let email: Promise<Email> | undefined;
  let call: string | undefined;
  for (const person of people) {
    const target = { leadId: lead.id, recipientId: person.id };
    if (channels.sms && person.sendSms && person.phoneNumber) {
      sms ??= leadSmsBody(lead, link);
      ids.push(
        await addSms(tx, config, {
          to: person.phoneNumber,
          body: sms,
          template: 'lead_sms',
          meta,
          lead: target,
        }),
      );
    }
    if (channels.email && person.sendEmail && person.email) {
      email ??= leadEmail({ lead, link, agentName: agent.name, timezone: agent.timezone });
      ids.push(await addEmail(tx, config, { to: person.email, ...(await email), meta, lead: target }));
    }
    if (channels.call && person.phoneCall && person.phoneNumber) {
      call ??= leadCallScript(lead, agent.name);
      ids.push(
        await addCall(tx, config, {
          to: person.phoneNumber,
          body: call,
          template: 'lead_call',
          meta,
          lead: target,
        }),
      );
    }
  }
  return ids;
}
