import type { SendEmailRequestSchema, SendEmailResponse } from '@portal/shared';
import { SEND_EMAIL_DETAIL } from '@portal/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-context';
import type { AgentRow, UserRow } from '../../db/schema';
import { leadEvents } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, badRequest, forbidden } from '../../lib/errors';
import { addEmail, dispatch } from '../../lib/outbox';
import { enforceRateLimits, hitRateLimit, throttleSending } from '../../lib/rate-limit';
import { recordActivity } from '../leads/activities';
import { checkSender, findAgentLead, parseMailbox, requireAgent, resolveTarget } from './addresses';
import { htmlToText, sanitizeMessageHtml } from './sanitize';

export const AGENT_EMAIL_TEMPLATE = 'agent_email';
export const EMAIL_SENT_EVENT = 'email_sent';
const HOUR = 3600;
const DAY = 24 * HOUR;

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

/** "in 42 minutes", "in 3 hours": when a refused agent can send again. */
export function waitWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 120) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hours`;
}

export const newAgentLimitDetail = (
  limits: { days: number; perHour: number; perDay: number },
  retryAfterSeconds: number,
) =>
  `New accounts can send up to ${limits.perHour} e-mails an hour and ${limits.perDay} a day in their first ${limits.days} days. You can send again ${waitWords(retryAfterSeconds)}.`;

/**
 * An agent's first days after registration (ADR 30): a lower allowance per hour and per day, so
 * an account made a minute ago with a shared access code cannot send much before anyone notices.
 */
async function throttleNewAgent(deps: AppDeps, agent: AgentRow) {
  const limits = deps.config.rateLimits.agentEmailNewAgent;
  const ageSeconds = (Date.now() - agent.createdAt.getTime()) / 1000;
  if (ageSeconds >= limits.days * DAY) return;
  const { db } = deps.database;
  // The day counts only what the hour let through.
  for (const [key, limit, window] of [
    [`send:agent-email:new-agent:hour:${agent.id}`, limits.perHour, HOUR],
    [`send:agent-email:new-agent:day:${agent.id}`, limits.perDay, DAY],
  ] as const) {
    const result = await hitRateLimit(db, key, limit, window);
    if (result.allowed) continue;
    const wait = String(result.retryAfterSeconds);
    throw new AppError('rate_limited', newAgentLimitDetail(limits, result.retryAfterSeconds), {
      'Retry-After': wait,
    });
  }
}

/**
 * Per agent and per target address (ADR 18), and per IP (SECURITY.md item 12), each per hour;
 * less in the agent's first days.
 */
async function throttle(deps: AppDeps, options: { agent: AgentRow; to: string; ip: string }) {
  const { db } = deps.database;
  const limits = deps.config.rateLimits;
  await throttleNewAgent(deps, options.agent);
  await enforceRateLimits(db, [
    { key: `send:agent-email:ip:${options.ip}`, limit: limits.agentEmailPerIp, windowSeconds: HOUR },
  ]);
  await throttleSending(
    db,
    'agent-email',
    { account: options.agent.id, target: options.to },
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
  const target = await resolveTarget(db, caller.user, agent.id, request.to);
  // Written from a lead's sheet: to that lead or to a recipient, so the event on its timeline
  // (which its recipients read) never carries another lead's address.
  if (lead && !target.recipient && (lead.email ?? '').toLowerCase() !== request.to.toLowerCase())
    throw forbidden(SEND_EMAIL_DETAIL.otherLead);

  const html = sanitizeMessageHtml(request.message);
  const text = htmlToText(html);
  if (!text) throw badRequest(SEND_EMAIL_DETAIL.emptyMessage);

  await throttle(deps, { agent, to: request.to, ip: caller.ip });

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
    if (!toRecipient) {
      // Written to the lead: an e-mail activity, the lead's first contact if it had none.
      const author = {
        actorType: 'user' as const,
        actorId: caller.user.id,
        actorName: caller.user.name || caller.user.email,
      };
      for (const l of [...timelineLeads].sort((a, b) => a.id.localeCompare(b.id))) {
        await recordActivity(tx, l.id, author, { kind: 'email', body: request.subject });
      }
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
  dispatch(deps.queue);
  return { status: 'queued', message_id: id };
}
