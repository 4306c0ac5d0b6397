import {
  AGENT_ACCESS,
  type AgentStatus,
  isOnboardingComplete,
  type StatusActor,
  statusChangeProblem,
} from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type AgentRow, agents } from '../../db/schema';
import { audit } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import { revokeAllSessions } from '../auth/sessions';
import { agentDisplayName } from './display-name';
import { toAgentRecord } from './serialize';

export interface StatusChange {
  to: AgentStatus;
  actor: StatusActor;
  /** Who made it: a user id, or null for the system and the CLI. */
  actorId?: string | null;
  actorEmail?: string | null;
  /** The superuser's name, kept with the audit row. */
  actorName?: string | null;
  reason: string;
  ip?: string | null;
}

/**
 * Moves an agent to another status when the shared rule allows it, and records who, when and
 * why in the audit log (DESIGN.md section 4). Suspending or terminating ends the agent's
 * sessions. Runs inside the caller's transaction; the caller holds the agent row locked.
 */
export async function changeAgentStatus(tx: Executor, agent: AgentRow, change: StatusChange): Promise<void> {
  const from = agent.agentStatus as AgentStatus;
  const problem = statusChangeProblem(from, change.to, change.actor);
  if (problem) throw badRequest(problem);
  const becomesActive = from === 'onboarding' && change.to === 'active';
  await tx
    .update(agents)
    .set({
      agentStatus: change.to,
      ...(becomesActive && !agent.onboardingDate ? { onboardingDate: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(agents.id, agent.id));
  // A suspended or terminated agent's sessions end with the change (ADR 28); every request
  // also checks the status, for a status set by other means.
  if (!AGENT_ACCESS[change.to].signIn && agent.userId) {
    await revokeAllSessions(tx, agent.userId, `agent ${change.to}`);
  }
  await audit(tx, {
    action: 'agent_status_change',
    actorId: change.actorId ?? null,
    actorEmail: change.actorEmail ?? (change.actor === 'system' ? 'system' : null),
    actorName: change.actorName,
    targetType: 'agent',
    targetId: agent.id,
    targetName: agentDisplayName(agent),
    details: { from, to: change.to, reason: change.reason },
    ip: change.ip ?? null,
  });
}

/**
 * The automatic onboarding -> active move: called after every change that can complete a step,
 * in the same transaction, with the agent row as it now stands.
 */
export async function activateIfOnboardingComplete(tx: Executor, agentId: string): Promise<boolean> {
  const [agent] = await tx.select().from(agents).where(eq(agents.id, agentId));
  if (!agent || agent.agentStatus !== 'onboarding') return false;
  const record = toAgentRecord(agent);
  if (!isOnboardingComplete(record)) return false;
  await changeAgentStatus(tx, agent, {
    to: 'active',
    actor: 'system',
    reason: agent.onboardingCompletedOverride
      ? 'onboarding marked complete by override'
      : 'every onboarding section complete',
  });
  return true;
}
