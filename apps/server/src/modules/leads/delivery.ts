import { LEAD_TYPE_LABELS, type LeadType } from '@portal/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { type LeadRow, recipients } from '../../db/schema';
import { addCall, addEmail, addSms } from '../../lib/outbox';
import { readSettings } from '../../lib/settings';
import { ensureAgentRecipientFor } from '../recipients/service';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const nameOf = (lead: LeadRow) => `${lead.firstName} ${lead.lastName}`.trim() || 'A seller';
const addressOf = (lead: LeadRow) =>
  [lead.street, [lead.city, [lead.state, lead.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')]
    .filter(Boolean)
    .join(', ');

export const leadLink = (config: Config, lead: LeadRow) => `${config.publicUrl}/leads?lead=${lead.id}`;

/** The text message: short, with the phone number to call and a link to the lead. */
export function leadSmsBody(config: Config, lead: LeadRow): string {
  const type = LEAD_TYPE_LABELS[lead.leadType as LeadType] ?? lead.leadType;
  const contact = lead.phone ? `Call ${lead.phone}.` : lead.email ? `E-mail ${lead.email}.` : '';
  return `New ${type} seller lead: ${nameOf(lead)}, ${addressOf(lead) || `ZIP ${lead.zip}`}. ${contact} Details: ${leadLink(config, lead)}`
    .replace(/\s+/g, ' ')
    .trim();
}

/** What the call notification says (read out by the voice provider). */
export function leadCallScript(lead: LeadRow, agentName: string): string {
  const type = LEAD_TYPE_LABELS[lead.leadType as LeadType] ?? lead.leadType;
  const where = lead.city ? ` in ${lead.city}` : ` in ZIP code ${lead.zip.split('').join(' ')}`;
  return `New seller lead for ${agentName}. A ${type} lead, ${nameOf(lead)}${where}. ${
    lead.phone ? `Their number is ${lead.phone.replace(/^\+1/, '').split('').join(' ')}. ` : ''
  }The details are in your text messages, your e-mail and the portal.`;
}

export function leadEmail(config: Config, lead: LeadRow, agentName: string) {
  const type = LEAD_TYPE_LABELS[lead.leadType as LeadType] ?? lead.leadType;
  const rows: [string, string][] = [
    ['Lead type', type],
    ['Name', nameOf(lead)],
    ['Phone', lead.phone || '—'],
    ['E-mail', lead.email || '—'],
    ['Address', addressOf(lead) || '—'],
    ['County', lead.county || '—'],
    ['Notes', lead.notes || '—'],
  ];
  const link = leadLink(config, lead);
  const subject = `New seller lead: ${nameOf(lead)} (${type})${lead.city ? ` in ${lead.city}` : ''}`;
  const text = [
    `A new seller lead for ${agentName}.`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `Open it in the portal: ${link}`,
    'Call soon: sellers choose the agent who answers first.',
  ].join('\n');
  const html = `<p>A new seller lead for ${escapeHtml(agentName)}.</p>
<table cellpadding="6" style="border-collapse:collapse">${rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="border-bottom:1px solid #ddd">${escapeHtml(label)}</th><td style="border-bottom:1px solid #ddd">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>
<p><a href="${escapeHtml(link)}">Open the lead in the portal</a></p>
<p>Call soon: sellers choose the agent who answers first.</p>`;
  return { subject, text, html };
}

/**
 * Writes one outbox message per channel for each active recipient of the agent, in the caller's
 * transaction (DESIGN.md section 5); answers their ids for dispatch after commit.
 */
export async function queueLeadDeliveries(
  tx: Tx,
  config: Config,
  lead: LeadRow,
  agentName: string,
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
  for (const person of people) {
    const link = { leadId: lead.id, recipientId: person.id };
    if (channels.sms && person.sendSms && person.phoneNumber) {
      const body = leadSmsBody(config, lead);
      ids.push(
        await addSms(tx, config, { to: person.phoneNumber, body, template: 'lead_sms', meta, lead: link }),
      );
    }
    if (channels.email && person.sendEmail && person.email) {
      const email = leadEmail(config, lead, agentName);
      ids.push(
        await addEmail(tx, config, { to: person.email, ...email, template: 'lead_email', meta, lead: link }),
      );
    }
    if (channels.call && person.phoneCall && person.phoneNumber) {
      const body = leadCallScript(lead, agentName);
      ids.push(
        await addCall(tx, config, { to: person.phoneNumber, body, template: 'lead_call', meta, lead: link }),
      );
    }
  }
  return ids;
}
