import type { AgentRecord } from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { agents, groupMemberships, groups, users } from '../../db/schema';
import { toAgentRecord } from './serialize';

export async function findAgentByUserId(db: Executor, userId: string) {
  const [row] = await db.select().from(agents).where(eq(agents.userId, userId));
  return row ?? null;
}

/** The agent record with its group memberships and corporate affiliation filled in. */
export async function loadAgentRecord(db: Executor, userId: string): Promise<AgentRecord | null> {
  const row = await findAgentByUserId(db, userId);
  if (!row) return null;
  const memberships = await db
    .select({ group_id: groups.id, group_name: groups.name, is_manager: groupMemberships.isManager })
    .from(groupMemberships)
    .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
    .where(eq(groupMemberships.agentId, row.id));
  let corporateAffiliation: AgentRecord['corporate_affiliation'] = null;
  if (row.corporateUserId) {
    const [corporate] = await db.select().from(users).where(eq(users.id, row.corporateUserId));
    if (corporate) {
      corporateAffiliation = {
        id: corporate.id,
        email: corporate.email,
        name: corporate.name,
        is_active: corporate.isActive,
        is_verified: corporate.isVerified,
        user_role: corporate.userRole,
        preferences: corporate.preferences,
      };
    }
  }
  return toAgentRecord(row, { groupMemberships: memberships, corporateAffiliation });
}
