import type { SendEmailRequestSchema, SendEmailResponse } from '@portal/shared';
import { SEND_EMAIL_DETAIL } from '@portal/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-context';
import type { AgentRow, UserRow } from '../../db/schema';
import { leadEvents } from '../../db/schema';
import { audit } from '../../lib/audit';
import { badRequest, forbidden } from '../../lib/errors';
import { addEmail, dispatchSafely } from '../../lib/outbox';
import { enforceRateLimits, throttleSending } from '../../lib/rate-limit';
import { checkSender, findAgentLead, parseMailbox, requireAgent, resolveTarget } from './addresses';
import { htmlToText, sanitizeMessageHtml } from './sanitize';

export const AGENT_EMAIL_TEMPLATE = 'agent_email';
export const EMAIL_SENT_EVENT = 'email_sent';
const HOUR = 3600;

export interface Caller {
  user: UserRow;
  ip: string;
}

/** A display name is part of a header: no quotes, brackets or control characters, kept short. */
const headerName = (name: string) =>
  name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/["\\<>\u0000-\u001f\u007f\u2028\u2029]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);

/**
 * From stays the portal's own address, so the mail passes SPF/DKIM and the portal cannot be
 * used to impersonate anyone; the name says who wrote it, and replies go to the agent.
 */
export function senderFor(deps: Pick<AppDeps, 'config'>, agent: AgentRow, user: UserRow): string {
  const portal = parseMailbox(deps.config.mailFrom);
  const who = headerName(`${agent.agentFirstName} ${agent.agentLastName}`) || headerName(user.name ?? '');
  if (!who) return deps.config.mailFrom;
  const via = headerName(portal.name);
  return `"${via ? `${who} via ${via}` : who}" <${portal.address}>`;
}

/** Per agent and per target address (ADR 18), and per IP (SECURITY.md item 12), each per hour. */
async function throttle(deps: AppDeps, options: { agentId: string; to: string; ip: string }) {
  const { db } = deps.database;
  const limits = deps.config.rateLimits;
  await enforceRateLimits(db, [
    { key: `send:agent-email:ip:${options.ip}`, limit: limits.agentEmailPerIp, windowSeconds: HOUR },
  ]);
  await throttleSending(
    db,
    'agent-email',
    { account: options.agentId, target: options.to },
    { perAccount: limits.agentEmailPerAgent, perTarget: limits.agentEmailPerTarget, windowSeconds: HOUR },
  );
}

/**
 * POST /portal/agents/send-email: an e-mail the agent writes to one of their leads or
 * recipients. Checked (sender, target, lead), sanitised, throttled, written to the outbox with
 * its timeline event in one transaction, then handed to delivery.
 */
export async function sendAgentEmail(
  deps: AppDeps,
  caller: Caller,
  request: z.output<typeof SendEmailRequestSchema>,
): Promise<SendEmailResponse> {
  const { db } = deps.database;
  const agent = await requireAgent(db, caller.user.id);
  checkSender(caller.user, deps.config, request.from_email);
  const lead = request.lead_id ? await findAgentLead(db, agent.id, request.lead_id) : null;
  const target = await resolveTarget(db, agent.id, request.to);
  // Written from a lead's sheet: to that lead or to a recipient, so the event on its timeline
  // (which its recipients read) never carries another lead's address.
  if (lead && !target.recipient && (lead.email ?? '').toLowerCase() !== request.to.toLowerCase())
    throw forbidden(SEND_EMAIL_DETAIL.otherLead);

  const html = sanitizeMessageHtml(request.message);
  const text = htmlToText(html);
  if (!text) throw badRequest(SEND_EMAIL_DETAIL.emptyMessage);

  await throttle(deps, { agentId: agent.id, to: request.to, ip: caller.ip });

  // The lead the agent wrote from, or else the agent's leads at this address.
  const timelineLeads = lead ? [lead] : target.leads;
  const toLead = (l: { email: string | null }) => (l.email ?? '').toLowerCase() === request.to.toLowerCase();
  const toRecipient = target.recipient !== null && (lead ? !toLead(lead) : !target.leads.some(toLead));
  const id = await db.transaction(async (tx) => {
    // Not linked to the lead in the outbox: a lead's outbox rows are its deliveries, and they
    // open the lead to the recipient they went to. The timeline event links it instead.
    const messageId = await addEmail(tx, deps.config, {
      to: request.to,
      from: senderFor(deps, agent, caller.user),
      replyTo: request.from_email,
      subject: request.subject,
      text,
      html,
      template: AGENT_EMAIL_TEMPLATE,
      priority: 'personal',
      meta: { agentId: agent.id, userId: caller.user.id },
    });
    if (timelineLeads.length > 0) {
      await tx.insert(leadEvents).values(
        timelineLeads.map((l) => ({
          leadId: l.id,
          kind: EMAIL_SENT_EVENT,
          actorType: 'user' as const,
          actorId: caller.user.id,
          actorName: caller.user.name || caller.user.email,
          details: {
            to: request.to,
            to_kind: toRecipient ? 'recipient' : 'lead',
            recipient_id: toRecipient ? target.recipient!.id : null,
            subject: request.subject,
            message_id: messageId,
          },
        })),
      );
    }
    await audit(tx, {
      action: 'agent_email_sent',
      actorId: caller.user.id,
      actorEmail: caller.user.email,
      targetType: 'agent',
      targetId: agent.id,
      details: {
        to: request.to,
        reply_to: request.from_email,
        subject: request.subject,
        message_id: messageId,
        lead_ids: timelineLeads.map((l) => l.id),
      },
      ip: caller.ip,
    });
    return messageId;
  });
  await dispatchSafely(deps.queue, id);
  return { status: 'queued', message_id: id };
}
