import type { AgentRecord } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { agents } from '../../db/schema';
import { agentRecordStamp } from '../../db/stamps';
import { agentCapacity } from '../leads/capacity';
import { toAgentRecord } from './serialize';

export async function findAgentByUserId(db: Executor, userId: string) {
  const [row] = await db.select().from(agents).where(eq(agents.userId, userId));
  return row ?? null;
}

const statements = preparedFor((db) => ({
  /** The agent, its groups and its office in one statement, with the agent's record_stamp. */
  recordByUser: db
    .select({
      agent: agents,
      stamp: agentRecordStamp,
      memberships: sql<AgentRecord['group_memberships']>`coalesce((
        select json_agg(json_build_object('group_id', g.id, 'group_name', g.name, 'is_manager', m.is_manager))
        from group_memberships m join groups g on g.id = m.group_id
        where m.agent_id = ${agents}.id), '[]'::json)`,
      corporate: sql<AgentRecord['corporate_affiliation']>`(
        select json_build_object('id', c.id, 'email', c.email, 'name', c.name, 'is_active', c.is_active,
          'is_verified', c.is_verified, 'user_role', c.user_role, 'preferences', c.preferences)
        from users c where c.id = ${agents}.corporate_user_id)`,
    })
    .from(agents)
    .where(eq(agents.userId, sql.placeholder('userId')))
    .prepare('agent_record_by_user'),
}));

/**
 * The agent record with its group memberships, corporate affiliation and capacity (pause, caps,
 * this month's leads), and their stamp; `until`: the time (ms) the capacity may change without a
 * new stamp (the next midnight in the agent's zone: a pause ending, a month starting).
 */
export async function loadStampedAgentRecord(
  db: Db,
  userId: string,
  options: { officeZone?: string } = {},
): Promise<{ record: AgentRecord; stamp: string; until: number } | null> {
  const [row] = await statements(db).recordByUser.execute({ userId });
  if (!row) return null;
  const { capacity, until } = await agentCapacity(db, row.agent, options);
  const record = toAgentRecord(row.agent, {
    groupMemberships: row.memberships,
    corporateAffiliation: row.corporate,
    capacity,
  });
  return { record, stamp: row.stamp!, until };
}

/** The agent record with its group memberships, corporate affiliation and capacity filled in. */
export async function loadAgentRecord(
  db: Db,
  userId: string,
  options: { officeZone?: string } = {},
): Promise<AgentRecord | null> {
  return (await loadStampedAgentRecord(db, userId, options))?.record ?? null;
}
