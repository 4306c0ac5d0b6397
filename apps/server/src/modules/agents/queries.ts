import type { AgentRecord } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { agents } from '../../db/schema';
import { toAgentRecord } from './serialize';

export async function findAgentByUserId(db: Executor, userId: string) {
  const [row] = await db.select().from(agents).where(eq(agents.userId, userId));
  return row ?? null;
}

/**
 * A stamp of everything an agent record is read from: a digest of the agent's row, of its group
 * memberships and their groups, and of its corporate user's row. Any change to one of them gives
 * another stamp, and an older content can only come back with its own words, so a record written
 * for a stamp is right while the stamp is the same (row versions would not do: transaction ids
 * come back after a restore). Columns are named with their table: in a select from agents alone,
 * drizzle leaves them bare, and a bare `id` in the subqueries would be the group's.
 */
export const agentRecordStamp = sql<string | null>`case when ${agents}.id is null then null else md5(
  ${agents}::text || coalesce((
    select string_agg(m::text || g::text, ',' order by m.group_id)
    from group_memberships m join groups g on g.id = m.group_id where m.agent_id = ${agents}.id), '')
  || coalesce((select c::text from users c where c.id = ${agents}.corporate_user_id), '')) end`;

const statements = preparedFor((db) => ({
  /** The agent, its groups and its office in one statement, with the stamp they make. */
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

/** The agent record with its group memberships and corporate affiliation, and their stamp. */
export async function loadStampedAgentRecord(
  db: Db,
  userId: string,
): Promise<{ record: AgentRecord; stamp: string } | null> {
  const [row] = await statements(db).recordByUser.execute({ userId });
  if (!row) return null;
  const record = toAgentRecord(row.agent, {
    groupMemberships: row.memberships,
    corporateAffiliation: row.corporate,
  });
  return { record, stamp: row.stamp! };
}

/** The agent record with its group memberships and corporate affiliation filled in. */
export async function loadAgentRecord(db: Db, userId: string): Promise<AgentRecord | null> {
  return (await loadStampedAgentRecord(db, userId))?.record ?? null;
}
