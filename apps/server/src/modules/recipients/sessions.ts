import { ERROR, type RecipientContext, TOKEN_TTL_SECONDS } from '@portal/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { agents, type RecipientRow, recipientSessions, recipients, users } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/crypto';
import { unauthorized } from '../../lib/errors';

export const RECIPIENT_HEADER = 'x-recipient-session';

export async function startRecipientSession(
  db: Executor,
  options: { recipientId: string; ip?: string },
): Promise<string> {
  const token = randomToken();
  await db.insert(recipientSessions).values({
    tokenHash: sha256(token),
    recipientId: options.recipientId,
    expiresAt: sql`now() + make_interval(secs => ${TOKEN_TTL_SECONDS.recipient_session})`,
    ip: options.ip ?? null,
  });
  return token;
}

/**
 * A recipient works for an agent who still works with us: the agent is not inactive, suspended
 * or terminated, and the agent's account is active. Otherwise its recipients' sessions end and
 * no new sign-in link is sent or honoured. For a query joining `agents`.
 */
export const agentServing = sql`(${agents}.agent_status not in ('inactive', 'suspended', 'terminated')
  and exists (select 1 from ${users} u where u.id = ${agents}.user_id and u.is_active))`;

export function recipientContext(
  recipient: RecipientRow,
  agent: { id: string; agent: string; agentFirstName: string; agentLastName: string },
): RecipientContext {
  return {
    recipient_id: recipient.id,
    first_name: recipient.firstName,
    last_name: recipient.lastName,
    email: recipient.email,
    agent_id: agent.id,
    agent_name: agent.agent || `${agent.agentFirstName} ${agent.agentLastName}`.trim(),
  };
}

export interface RecipientAuth {
  recipient: RecipientRow;
  context: RecipientContext;
}

declare module 'fastify' {
  interface FastifyRequest {
    recipientAuth?: RecipientAuth;
  }
}

/**
 * A recipient session, checked on every request: an inactive or removed recipient, an expired or
 * revoked session, the agent's removal, the agent no longer active (inactive, suspended,
 * terminated) and the agent's account deactivated all end it at once. Never refreshed.
 */
export async function requireRecipient(request: FastifyRequest): Promise<void> {
  const token = request.headers[RECIPIENT_HEADER];
  if (typeof token !== 'string' || token.length < 20 || token.length > 200)
    throw unauthorized(ERROR.recipientSessionExpired);
  const [row] = await request.server.deps.database.db
    .select({ recipient: recipients, agent: agents })
    .from(recipientSessions)
    .innerJoin(recipients, eq(recipients.id, recipientSessions.recipientId))
    .innerJoin(agents, eq(agents.id, recipients.agentId))
    .where(
      and(
        eq(recipientSessions.tokenHash, sha256(token)),
        isNull(recipientSessions.revokedAt),
        gt(recipientSessions.expiresAt, sql`now()`),
        eq(recipients.isActive, true),
        agentServing,
      ),
    );
  if (!row) throw unauthorized(ERROR.recipientSessionExpired);
  request.recipientAuth = { recipient: row.recipient, context: recipientContext(row.recipient, row.agent) };
}
