import type { AgentRecord } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { agents, groupMemberships, groups, users } from '../../db/schema';
import { toAgentRecord } from './serialize';

export async function findAgentByUserId(db: Executor, userId: string) {
  const [row] = await db.select().from(agents).where(eq(agents.userId, userId));
  return row ?? null;
}

const statements = preparedFor((db) => ({
  agentByUser: db
    .select()
    .from(agents)
    .where(eq(agents.userId, sql.placeholder('userId')))
    .prepare('agent_by_user'),
  memberships: db
    .select({ group_id: groups.id, group_name: groups.name, is_manager: groupMemberships.isManager })
    .from(groupMemberships)
    .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
    .where(eq(groupMemberships.agentId, sql.placeholder('agentId')))
    .prepare('agent_memberships'),
  userById: db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('user_by_id'),
}));

/** The agent record with its group memberships and corporate affiliation filled in. */
export async function loadAgentRecord(db: Db, userId: string): Promise<AgentRecord | null> {
  const queries = statements(db);
  const [row] = await queries.agentByUser.execute({ userId });
  if (!row) return null;
  const memberships = await queries.memberships.execute({ agentId: row.id });
  let corporateAffiliation: AgentRecord['corporate_affiliation'] = null;
  if (row.corporateUserId) {
    const [corporate] = await queries.userById.execute({ userId: row.corporateUserId });
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
