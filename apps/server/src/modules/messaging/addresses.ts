import { type EmailAddressOption, ERROR, SEND_EMAIL_DETAIL, type SendEmailOptions } from '@portal/shared';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import {
  type AgentRow,
  type LeadRow,
  leads,
  type RecipientRow,
  recipients,
  type UserRow,
} from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { findAgentByUserId } from '../agents/queries';
import { requireAccepted } from '../leads/lifecycle';
import { isEmailConfirmed } from '../recipients/confirmation';

/**
 * Who an agent may write as and to (SECURITY.md items 17 and 27): From is the agent's own
 * verified address or the office; To is one of the agent's leads, or one of the agent's
 * recipients whose owner confirmed the address (ADR 30). The composer's options and the send's
 * checks both come from here, so they cannot disagree.
 */

export async function requireAgent(db: Executor, userId: string): Promise<AgentRow> {
  const agent = await findAgentByUserId(db, userId);
  if (!agent) throw forbidden(ERROR.agentProfileNotAvailable);
  return agent;
}

/** "Agent Portal <office@agentportal.local>" -> its name and address. */
export function parseMailbox(mailbox: string): { name: string; address: string } {
  const match = mailbox.match(/^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/);
  if (!match) return { name: '', address: mailbox.trim() };
  return { name: match[1]!.trim(), address: match[2]!.trim() };
}

const officeAddresses = (config: Config) => [
  ...new Set([config.officeEmail, parseMailbox(config.mailFrom).address].map((a) => a.toLowerCase())),
];

/** The addresses the agent may send as, own first. An unverified account address is not one. */
export function senderOptions(user: UserRow, config: Config): EmailAddressOption[] {
  const own: EmailAddressOption[] = user.isVerified
    ? [{ email: user.email.toLowerCase(), label: 'Your address', kind: 'own' }]
    : [];
  const office = officeAddresses(config)
    .filter((email) => !own.some((o) => o.email === email))
    .map((email): EmailAddressOption => ({ email, label: 'The office', kind: 'office' }));
  return [...own, ...office];
}

export function checkSender(user: UserRow, config: Config, fromEmail: string): void {
  if (senderOptions(user, config).some((option) => option.email === fromEmail)) return;
  if (fromEmail === user.email.toLowerCase()) throw forbidden(SEND_EMAIL_DETAIL.unverifiedSender);
  throw forbidden(SEND_EMAIL_DETAIL.foreignSender);
}

/**
 * One of the agent's leads; anyone else's is "not found" (SECURITY.md item 15), an offer not yet
 * accepted a 409 (ADR 62): its seller is not the agent's to write to yet.
 */
export async function findAgentLead(db: Executor, agentId: string, leadId: string): Promise<LeadRow> {
  const [lead] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.agentId, agentId)));
  if (!lead) throw notFound('Lead not found');
  requireAccepted(lead);
  return lead;
}

export interface Target {
  /** The agent's leads with this address (most recent first). */
  leads: LeadRow[];
  /** The agent's recipient with this address, once its owner confirmed it. */
  recipient: RecipientRow | null;
}

/**
 * The agent's leads and confirmed recipients with this address; refused when there are none,
 * saying so when the address is a recipient's that is not confirmed yet.
 */
export async function resolveTarget(
  db: Executor,
  user: UserRow,
  agentId: string,
  to: string,
): Promise<Target> {
  const address = to.trim().toLowerCase();
  const [leadRows, recipientRows] = await Promise.all([
    db
      .select()
      .from(leads)
      .where(
        and(
          eq(leads.agentId, agentId),
          sql`lower(${leads.email}) = ${address}`,
          // An offered lead's seller is not the agent's to write to until accepted (ADR 62).
          isNull(leads.offerExpiresAt),
        ),
      )
      .orderBy(desc(leads.createdAt))
      .limit(20),
    db
      .select()
      .from(recipients)
      .where(and(eq(recipients.agentId, agentId), sql`lower(${recipients.email}) = ${address}`))
      .orderBy(asc(recipients.position))
      .limit(20),
  ]);
  const recipient = recipientRows.find((row) => isEmailConfirmed(row, user)) ?? null;
  if (leadRows.length === 0 && !recipient) {
    throw forbidden(
      recipientRows.length > 0 ? SEND_EMAIL_DETAIL.unconfirmedRecipient : SEND_EMAIL_DETAIL.foreignTarget,
    );
  }
  return { leads: leadRows, recipient };
}

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** GET /portal/agents/send-email/options: what the composer offers for one lead (or none). */
export async function sendEmailOptions(
  db: Executor,
  config: Config,
  options: { user: UserRow; leadId?: string },
): Promise<SendEmailOptions> {
  const agent = await requireAgent(db, options.user.id);
  const lead = options.leadId ? await findAgentLead(db, agent.id, options.leadId) : null;
  const people = await db
    .select()
    .from(recipients)
    .where(and(eq(recipients.agentId, agent.id), ne(recipients.email, '')))
    .orderBy(asc(recipients.position), asc(recipients.createdAt));
  const to: EmailAddressOption[] = [];
  const awaiting: EmailAddressOption[] = [];
  const seen = new Set<string>();
  const add = (option: EmailAddressOption, list = to) => {
    const email = option.email.trim().toLowerCase();
    if (seen.has(email)) return;
    seen.add(email);
    list.push({ ...option, email });
  };
  if (lead?.email) {
    const name = fullName(lead.firstName, lead.lastName);
    add({ email: lead.email, label: name ? `${name} (lead)` : 'The lead', kind: 'lead' });
  }
  // Confirmed addresses first, so an address listed twice counts as confirmed if either row is.
  const confirmed = (person: RecipientRow) => isEmailConfirmed(person, options.user);
  for (const person of [...people.filter(confirmed), ...people.filter((p) => !confirmed(p))]) {
    const name = person.isAgent ? 'You' : fullName(person.firstName, person.lastName);
    const option: EmailAddressOption = {
      email: person.email,
      label: `${name || person.email} (recipient)`,
      kind: 'recipient',
    };
    add(option, confirmed(person) ? to : awaiting);
  }
  return { from: senderOptions(options.user, config), to, awaiting_confirmation: awaiting };
}
