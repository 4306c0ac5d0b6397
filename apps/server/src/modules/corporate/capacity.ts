import { type AgentCapacity, pauseProblem } from '@portal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, groupMemberships, type UserRow } from '../../db/schema';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import { agentDisplayName } from '../agents/display-name';
import { agentCapacity, agentToday } from '../leads/capacity';
import { MEMBER_NOT_FOUND, managerAgentId } from './queries';

/**
 * Pause and caps set by others (ADR 62): a group manager pauses a member of a group they manage;
 * an office caps the leads a month of an agent linked to it. Each change is audited; each answers
 * the agent's capacity as routing reads it.
 */

export const AGENT_NOT_LINKED = 'Agent not found';

interface Actor {
  user: Pick<UserRow, 'id' | 'email' | 'name'>;
  ip?: string;
  officeZone: string;
}

/** PATCH /portal/managed-groups/:groupId/members/:memberId {paused_until}. */
export async function pauseMember(
  db: Db,
  groupId: string,
  memberId: string,
  pausedUntil: string | null,
  actor: Actor,
): Promise<AgentCapacity> {
  await managerAgentId(db, actor.user.id, groupId);
  const row = await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ agent: agents })
      .from(groupMemberships)
      .innerJoin(agents, eq(agents.id, groupMemberships.agentId))
      .where(and(eq(groupMemberships.groupId, groupId), eq(groupMemberships.agentId, memberId)))
      .for('no key update', { of: agents });
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    const agent = member.agent;
    if (pausedUntil !== null) {
      const problem = pauseProblem(pausedUntil, agentToday(agent.timezone, actor.officeZone));
      if (problem) throw badRequest(problem);
    }
    if (agent.pausedUntil === pausedUntil) return agent;
    const [updated] = await tx
      .update(agents)
      .set({ pausedUntil, updatedAt: sql`now()` })
      .where(eq(agents.id, agent.id))
      .returning();
    await audit(tx, {
      action: pausedUntil === null ? 'manager_resume_agent' : 'manager_pause_agent',
      actorId: actor.user.id,
      actorEmail: actor.user.email,
      actorName: actor.user.name,
      targetType: 'agent',
      targetId: agent.id,
      targetName: agentDisplayName(agent),
      details: { group_id: groupId, before: agent.pausedUntil, paused_until: pausedUntil },
      ip: actor.ip,
    });
    return updated!;
  });
  return (await agentCapacity(db, row, { officeZone: actor.officeZone })).capacity;
}

/** PATCH /portal/corporate-agents/:agentId {monthly_lead_cap}: an agent linked to the office. */
export async function setOfficeCap(
  db: Db,
  agentId: string,
  cap: number | null,
  actor: Actor,
): Promise<AgentCapacity> {
  const row = await db.transaction(async (tx) => {
    const [agent] = await tx
      .select()
      .from(agents)
      .where(and(eq(agents.id, agentId), eq(agents.corporateUserId, actor.user.id)))
      .for('no key update');
    // Another office's agent and no agent at all look the same.
    if (!agent) throw notFound(AGENT_NOT_LINKED);
    if (agent.monthlyLeadCap === cap) return agent;
    const [updated] = await tx
      .update(agents)
      .set({ monthlyLeadCap: cap, updatedAt: sql`now()` })
      .where(eq(agents.id, agent.id))
      .returning();
    await audit(tx, {
      action: 'corporate_set_lead_cap',
      actorId: actor.user.id,
      actorEmail: actor.user.email,
      actorName: actor.user.name,
      targetType: 'agent',
      targetId: agent.id,
      targetName: agentDisplayName(agent),
      details: {
        before: agent.monthlyLeadCap,
        after: cap,
        cap: cap === null ? 'none' : `${cap} leads`,
      },
      ip: actor.ip,
    });
    return updated!;
  });
  return (await agentCapacity(db, row, { officeZone: actor.officeZone })).capacity;
}
