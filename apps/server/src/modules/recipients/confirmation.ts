import {
  RECIPIENT_CONFIRM_FAILED,
  RECIPIENT_INVITATION_DETAIL,
  type RecipientConfirmResponse,
  TOKEN_TTL_SECONDS,
} from '@portal/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-context';
import type { Executor } from '../../db/client';
import {
  type AgentRow,
  agents,
  oneTimeTokens,
  type RecipientRow,
  recipients,
  type UserRow,
} from '../../db/schema';
import { recipientInvitationMessage } from '../../emails/account';
import { audit } from '../../lib/audit';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { addEmail, dispatch } from '../../lib/outbox';
import { enforceRateLimits, hitRateLimit } from '../../lib/rate-limit';
import { portalVisible } from '../agents/visibility';
import { consumeLinkToken, issueLinkToken } from '../auth/one-time-tokens';

/**
 * A recipient's address is confirmed by its owner before the agent's e-mail composer may write
 * to it (SECURITY.md item 27): by the invitation's link, or by signing in as the recipient with a
 * magic link (which also proves the mailbox). The agent's own row at the agent's verified account
 * address needs no invitation. Lead notifications go out either way.
 */

/** Invitations, per agent and per address (across agents), each per hour. */
export const INVITATION_LIMITS = {
  perAgent: 20,
  perAgentPerDay: 40,
  perAddress: 3,
  windowSeconds: 3600,
} as const;
const CONFIRM_PATH = '/recipient/confirm/';

export function isEmailConfirmed(
  recipient: Pick<RecipientRow, 'email' | 'emailConfirmedAt' | 'isAgent'>,
  user: Pick<UserRow, 'email' | 'isVerified'>,
): boolean {
  if (!recipient.email) return false;
  if (recipient.emailConfirmedAt) return true;
  return (
    recipient.isAgent && user.isVerified && recipient.email.trim().toLowerCase() === user.email.toLowerCase()
  );
}

/** The agent as the invitation names them: no line breaks or brackets, kept short (it is in the subject). */
export function agentDisplayName(
  agent: Pick<AgentRow, 'agent' | 'agentFirstName' | 'agentLastName'>,
  user?: UserRow,
) {
  const name = agent.agent || `${agent.agentFirstName} ${agent.agentLastName}`;
  return (
    (name || user?.name || '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[<>"\\\u0000-\u001f\u007f\u2028\u2029]/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80) || 'An agent'
  );
}

/** The links sent to the address a recipient had: after a change they confirm or open nothing. */
export async function revokeRecipientLinks(tx: Executor, recipientId: string): Promise<void> {
  await tx
    .update(oneTimeTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        inArray(oneTimeTokens.type, ['recipient_confirm', 'recipient_login']),
        eq(oneTimeTokens.subject, recipientId),
        isNull(oneTimeTokens.usedAt),
        isNull(oneTimeTokens.revokedAt),
      ),
    );
}

/**
 * Writes the invitation in the caller's transaction (a newer one revokes the earlier link) and
 * stamps `email_invited_at`; answers the message id to dispatch after commit. `strict` throws 429
 * past the limits; otherwise a throttled invitation is skipped (the recipient is still saved, and
 * the routing list offers to send it later).
 */
export async function writeInvitation(
  deps: AppDeps,
  tx: Executor,
  options: { agent: AgentRow; user: UserRow; recipient: RecipientRow; strict?: boolean },
): Promise<string | null> {
  const { agent, recipient } = options;
  const address = recipient.email.trim().toLowerCase();
  if (!address) return null;
  // Per agent an hour and a day, per address an hour (across agents): an invitation carries
  // words the agent chose to an address nobody has confirmed yet.
  const limits = [
    {
      key: `send:recipient-invitation:account:${agent.id}`,
      limit: INVITATION_LIMITS.perAgent,
      windowSeconds: INVITATION_LIMITS.windowSeconds,
    },
    {
      key: `send:recipient-invitation:account-day:${agent.id}`,
      limit: INVITATION_LIMITS.perAgentPerDay,
      windowSeconds: 86_400,
    },
    {
      key: `send:recipient-invitation:to:${address}`,
      limit: INVITATION_LIMITS.perAddress,
      windowSeconds: INVITATION_LIMITS.windowSeconds,
    },
  ];
  if (options.strict) {
    await enforceRateLimits(tx, limits);
  } else {
    for (const { key, limit, windowSeconds } of limits) {
      if (!(await hitRateLimit(tx, key, limit, windowSeconds)).allowed) return null;
    }
  }
  const token = await issueLinkToken(tx, {
    secret: deps.config.tokenSecret,
    type: 'recipient_confirm',
    subject: recipient.id,
    userId: null,
    ttlSeconds: TOKEN_TTL_SECONDS.recipient_confirm,
  });
  const message = await recipientInvitationMessage(
    `${deps.config.publicUrl}${CONFIRM_PATH}${token}`,
    agentDisplayName(agent, options.user),
  );
  const id = await addEmail(tx, deps.config, {
    to: recipient.email,
    ...message,
    priority: 'personal',
    meta: { agentId: agent.id },
  });
  await tx.update(recipients).set({ emailInvitedAt: sql`now()` }).where(eq(recipients.id, recipient.id));
  return id;
}

/** POST /portal/me/recipients/:id/resend-confirmation: a new invitation, throttled. */
export async function resendInvitation(deps: AppDeps, user: UserRow, id: string): Promise<void> {
  const messageId = await deps.database.db.transaction(async (tx) => {
    const [agent] = await tx.select().from(agents).where(eq(agents.userId, user.id)).for('update');
    if (!agent) throw forbidden('Agent profile not available');
    if (!(await portalVisible(tx, agent, user.userRole, 'can_see_portal_recipients')))
      throw forbidden('Lead routing is managed for you by your brokerage.');
    const [recipient] = await tx
      .select()
      .from(recipients)
      .where(and(eq(recipients.id, id), eq(recipients.agentId, agent.id)));
    // Another agent's recipient is "not found" (SECURITY.md item 15).
    if (!recipient) throw notFound('Recipient not found');
    if (!recipient.email) throw badRequest(RECIPIENT_INVITATION_DETAIL.noEmail);
    if (isEmailConfirmed(recipient, user)) throw badRequest(RECIPIENT_INVITATION_DETAIL.alreadyConfirmed);
    const written = await writeInvitation(deps, tx, { agent, user, recipient, strict: true });
    await audit(tx, {
      action: 'recipient_invitation_sent',
      actorId: user.id,
      targetType: 'recipient',
      targetId: recipient.id,
    });
    return written;
  });
  if (messageId) dispatch(deps.queue);
}

/** POST /recipient/confirm-email: the invitation's link, spent once. */
export async function confirmRecipientEmail(deps: AppDeps, token: string): Promise<RecipientConfirmResponse> {
  return deps.database.db.transaction(async (tx) => {
    const result = await consumeLinkToken(tx, {
      secret: deps.config.tokenSecret,
      token,
      types: ['recipient_confirm'],
    });
    if (!result.ok) throw badRequest(RECIPIENT_CONFIRM_FAILED);
    const [recipient] = await tx
      .update(recipients)
      .set({ emailConfirmedAt: sql`coalesce(${recipients.emailConfirmedAt}, now())` })
      .where(and(eq(recipients.id, result.subject), sql`${recipients.email} <> ''`))
      .returning();
    if (!recipient) throw badRequest(RECIPIENT_CONFIRM_FAILED);
    const [agent] = await tx.select().from(agents).where(eq(agents.id, recipient.agentId));
    await audit(tx, {
      action: 'recipient_email_confirmed',
      actorEmail: recipient.email,
      targetType: 'recipient',
      targetId: recipient.id,
      details: { via: 'invitation' },
    });
    return {
      detail: 'Your e-mail address is confirmed.',
      email: recipient.email,
      agent_name: agent ? agentDisplayName(agent) : '',
    };
  });
}

/** A recipient signed in with a magic link sent to its address: that confirms the address too. */
export async function confirmBySignIn(tx: Executor, recipient: RecipientRow): Promise<void> {
  if (recipient.emailConfirmedAt || !recipient.email) return;
  await tx
    .update(recipients)
    .set({ emailConfirmedAt: sql`now()` })
    .where(and(eq(recipients.id, recipient.id), isNull(recipients.emailConfirmedAt)));
  await audit(tx, {
    action: 'recipient_email_confirmed',
    actorEmail: recipient.email,
    targetType: 'recipient',
    targetId: recipient.id,
    details: { via: 'magic_link' },
  });
}
