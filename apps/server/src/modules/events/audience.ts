import { TOKEN_TTL_SECONDS } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { Db } from '../../db/client';
import { forbidden } from '../../lib/errors';
import { requireUser } from '../../plugins/auth';
import { RECIPIENT_HEADER, requireRecipient } from '../recipients/sessions';
import type { Audience } from './stream';

export const NO_LEADS_TO_FOLLOW =
  'Live lead updates are for agents, their recipients, group managers and offices: this account has no leads to follow.';

/** Even a listener whose credentials last longer is asked again this often (a revoked session ends). */
const LONGEST_STREAM_MS = TOKEN_TTL_SECONDS.access * 1000;

const idsOf = (rows: unknown) => new Set((rows as { rows: { id: string }[] }).rows.map((row) => row.id));

/**
 * The members of every group the agent manages: whose leads a group manager reads
 * (corporate/queries.ts, managedMemberLeads).
 */
const managedAgents = (agentId: string) => async (db: Db) =>
  idsOf(
    await db.execute(sql`select distinct m.agent_id as id
      from group_memberships g join group_memberships m on m.group_id = g.group_id
      where g.agent_id = ${agentId} and g.is_manager`),
  );

/**
 * An office's agents in the groups it owns: whose leads an office (corporate user) reads
 * (corporate/queries.ts, groupLeads).
 */
const officeAgents = (userId: string) => async (db: Db) =>
  idsOf(
    await db.execute(sql`select a.id from agents a
      where a.corporate_user_id = ${userId}
        and exists (select 1 from group_memberships gm join groups g on g.id = gm.group_id
                    where gm.agent_id = a.id and g.corporate_user_id = ${userId})`),
  );

export interface Listener {
  audience: Audience;
  /** When the stream ends, and what the client is told to do then. */
  endsAt: number;
  endReason: 'token_expired' | 'renew';
}

/**
 * Who is asking to listen, authenticated as every /api/portal route is: a recipient session
 * header, or the bearer token. A user with no leads to follow (a team member, a superuser
 * without an agent record) is refused. Answers 401 or 403 by throwing.
 */
export async function resolveListener(request: FastifyRequest): Promise<Listener> {
  const now = Date.now();
  const renew = { endsAt: now + LONGEST_STREAM_MS, endReason: 'renew' as const };
  if (request.headers[RECIPIENT_HEADER] !== undefined) {
    await requireRecipient(request);
    const { recipient } = request.recipientAuth!;
    return {
      audience: {
        kind: 'recipient',
        key: `recipient:${recipient.id}`,
        agentId: recipient.agentId,
        recipientId: recipient.id,
      },
      ...renew,
    };
  }
  await requireUser(request);
  const { user, agentId } = request.auth!;
  const db = request.server.deps.database.db;
  const key = `user:${user.id}`;
  // The stream ends when its access token does: the client comes back with a fresh one.
  const exp = decodeJwt(request.headers.authorization!.slice(7).trim()).exp;
  const expires = exp ? exp * 1000 : renew.endsAt;
  const ending = expires <= renew.endsAt ? { endsAt: expires, endReason: 'token_expired' as const } : renew;
  if (user.userRole === 'corporate') {
    const load = officeAgents(user.id);
    return { audience: { kind: 'wide', key, agentId, agents: await load(db), load }, ...ending };
  }
  if (!agentId) throw forbidden(NO_LEADS_TO_FOLLOW);
  const load = managedAgents(agentId);
  const managed = await load(db);
  managed.delete(agentId);
  if (managed.size === 0) return { audience: { kind: 'agent', key, agentId }, ...ending };
  return { audience: { kind: 'wide', key, agentId, agents: managed, load }, ...ending };
}
