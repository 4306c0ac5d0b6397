import {
  type CorporateGroup,
  type CorporateStats,
  ERROR,
  type GroupLeadsList,
  type GroupLeadsQuery,
  type GroupMember,
  LEAD_STATUSES,
  type LeadStatus,
  type LeadsList,
  type LinkedAgent,
  type MemberLeadsQuery,
} from '@portal/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type AgentRow, agents, groupMemberships, groups, leadCounts, leads, users } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { toLead } from '../leads/serialize';
import { listLeads } from '../leads/workspace';

/**
 * What corporate users and group managers may read (SPEC.md sections 6 and 7, ADR 16).
 *
 * A corporate user sees the agents linked to it (agents.corporate_user_id) and the groups it owns
 * (groups.corporate_user_id). In one of its groups it sees the members that are linked to it:
 * a group may also hold agents of another office, counted in total_agent_count but never shown.
 * A group manager sees every member of the groups it manages.
 */

const GROUP_NOT_FOUND = 'Group not found';
export const MEMBER_NOT_FOUND = 'Member not found';
export const MEMBER_NOT_AN_AGENT = 'This member is not an agent: there are no leads to show.';

const agentName = (row: Pick<AgentRow, 'agent' | 'agentFirstName' | 'agentLastName' | 'agentEmail'>) =>
  row.agent.trim() ||
  `${row.agentFirstName} ${row.agentLastName}`.trim() ||
  row.agentEmail ||
  'Unnamed agent';

export const nameSql = sql<string>`coalesce(nullif(trim(${agents.agent}), ''), nullif(trim(${agents.agentFirstName} || ' ' || ${agents.agentLastName}), ''), nullif(${agents.agentEmail}, ''), 'Unnamed agent')`;

/** The caller's agent record, or 403 "User is not a group manager". */
export async function managerAgentId(db: Db, userId: string, groupId: string): Promise<string> {
  const [row] = await db
    .select({ agentId: agents.id })
    .from(agents)
    .innerJoin(groupMemberships, eq(groupMemberships.agentId, agents.id))
    .where(
      and(
        eq(agents.userId, userId),
        eq(groupMemberships.groupId, groupId),
        eq(groupMemberships.isManager, true),
      ),
    );
  // A group that does not exist and one managed by someone else look the same.
  if (!row) throw forbidden(ERROR.notGroupManager);
  return row.agentId;
}

export async function ownedGroup(db: Db, corporateUserId: string, groupId: string) {
  const [group] = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.corporateUserId, corporateUserId)));
  if (!group) throw notFound(GROUP_NOT_FOUND);
  return group;
}

export async function linkedAgents(db: Db, corporateUserId: string): Promise<LinkedAgent[]> {
  const [rows, memberships] = await Promise.all([
    db
      .select()
      .from(agents)
      .where(eq(agents.corporateUserId, corporateUserId))
      .orderBy(asc(nameSql), asc(agents.id)),
    db
      .select({
        agentId: groupMemberships.agentId,
        group_id: groups.id,
        group_name: groups.name,
        is_manager: groupMemberships.isManager,
      })
      .from(groupMemberships)
      .innerJoin(groups, eq(groups.id, groupMemberships.groupId))
      .innerJoin(agents, eq(agents.id, groupMemberships.agentId))
      .where(and(eq(groups.corporateUserId, corporateUserId), eq(agents.corporateUserId, corporateUserId)))
      .orderBy(asc(groups.name)),
  ]);
  const groupsOf = new Map<string, LinkedAgent['groups']>();
  for (const { agentId, ...group } of memberships) {
    groupsOf.set(agentId, [...(groupsOf.get(agentId) ?? []), group]);
  }
  return rows.map((row) => ({
    id: row.id,
    name: agentName(row),
    email: row.agentEmail,
    phone: row.agentPhone,
    agent_uri: row.agentUri,
    agent_status: row.agentStatus as LinkedAgent['agent_status'],
    groups: groupsOf.get(row.id) ?? [],
    leads_last_30_days: Number(row.leadsCount.l_30 ?? 0),
    total_leads: Number(row.leadsCount.total_leads ?? 0),
    answer_rate: row.answerRate,
    total_closings: row.totalClosings,
    total_gross_commission_earned: row.totalGrossCommissionEarned,
  }));
}

export async function accessibleGroups(db: Db, corporateUserId: string): Promise<CorporateGroup[]> {
  const rows = await db
    .select({
      group_id: groups.id,
      group_name: groups.name,
      accessible_agent_count: sql<number>`count(${agents.id}) filter (where ${agents.corporateUserId} = ${corporateUserId})::int`,
      total_agent_count: sql<number>`count(${agents.id})::int`,
    })
    .from(groups)
    .leftJoin(groupMemberships, eq(groupMemberships.groupId, groups.id))
    .leftJoin(agents, eq(agents.id, groupMemberships.agentId))
    .where(eq(groups.corporateUserId, corporateUserId))
    .groupBy(groups.id, groups.name)
    .orderBy(asc(groups.name), asc(groups.id));
  return rows.map((row) => ({
    ...row,
    accessible_agent_count: Number(row.accessible_agent_count),
    total_agent_count: Number(row.total_agent_count),
  }));
}

function memberSelect(db: Db, where: SQL) {
  return db
    .select({
      id: agents.id,
      name: nameSql,
      is_agent: sql<boolean>`coalesce(${users.isAgent}, false)`,
      agent_uri: agents.agentUri,
    })
    .from(groupMemberships)
    .innerJoin(agents, eq(agents.id, groupMemberships.agentId))
    .leftJoin(users, eq(users.id, agents.userId))
    .where(where)
    .orderBy(asc(nameSql), asc(agents.id));
}

/** The group's members a corporate user may see: its own agents, agents only. */
export async function corporateGroupMembers(
  db: Db,
  corporateUserId: string,
  groupId: string,
): Promise<GroupMember[]> {
  await ownedGroup(db, corporateUserId, groupId);
  const rows = await memberSelect(
    db,
    and(
      eq(groupMemberships.groupId, groupId),
      eq(agents.corporateUserId, corporateUserId),
      eq(users.isAgent, true),
    )!,
  );
  return rows.map((row) => ({ ...row, is_agent: Boolean(row.is_agent) }));
}

const statusesOf = (query: { active?: boolean; archived?: boolean; closed?: boolean }): LeadStatus[] => {
  const wanted = LEAD_STATUSES.filter((status) => query[status] === true);
  return wanted.length > 0 ? wanted : [...LEAD_STATUSES];
};

/**
 * A page of the leads of a set of agents, newest first (ADR 16). The counts are the sum of the
 * agents' rows in lead_counts (kept by triggers), not a count of their leads. The page is read
 * from a time window that holds it: the newest leads of a 200-agent group are found among the last
 * few days' leads through the (agent, status, created_at) index, without reading or sorting the
 * group's older leads. The first window is guessed from the agents' leads of the last 30 days and
 * widened until it holds the page or reaches the first lead.
 */
async function leadsOfAgents(db: Db, visibleAgents: SQL, query: GroupLeadsQuery): Promise<GroupLeadsList> {
  const statuses = statusesOf(query);
  const [countRows, recentRows] = await Promise.all([
    db
      .select({ status: leadCounts.status, n: sql<number>`sum(${leadCounts.n})::int` })
      .from(leadCounts)
      .where(sql`${leadCounts.agentId} in (${visibleAgents})`)
      .groupBy(leadCounts.status),
    db
      .select({ n: sql<number>`coalesce(sum((${agents.leadsCount}->>'l_30')::int), 0)::int` })
      .from(agents)
      .where(sql`${agents.id} in (${visibleAgents})`),
  ]);
  const counts = { active: 0, archived: 0, closed: 0 };
  for (const row of countRows) counts[row.status] = Number(row.n);
  const total = statuses.reduce((sum, status) => sum + counts[status], 0);
  const all = counts.active + counts.archived + counts.closed;
  if (total === 0 || query.skip >= total) return { items: [], total, counts };

  const wanted = query.skip + query.limit;
  // Leads of these statuses in the last 30 days, as last computed (hourly): a guess, not a rule.
  const recent = Math.max(1, (Number(recentRows[0]?.n ?? 0) * total) / Math.max(all, 1));
  let days = Math.min(Math.max((30 * 2 * wanted) / recent, 1 / 24), 3650);
  const base = and(sql`${leads.agentId} in (${visibleAgents})`, inArray(leads.status, statuses));
  for (let attempt = 0; ; attempt++) {
    const open = days >= 3650 || attempt >= 6;
    const rows = await db
      .select({ lead: leads, name: nameSql, uri: agents.agentUri })
      .from(leads)
      .innerJoin(agents, eq(agents.id, leads.agentId))
      .where(
        open
          ? base
          : and(base, sql`${leads.createdAt} >= now() - make_interval(secs => ${Math.round(days * 86_400)})`),
      )
      .orderBy(sql`${leads.createdAt} desc nulls last`, sql`${leads.id} desc nulls last`)
      .offset(query.skip)
      .limit(query.limit);
    // A full page, or every lead there is: the window held the page.
    if (open || rows.length === query.limit || query.skip + rows.length >= total) {
      return {
        items: rows.map((row) => ({
          ...toLead(row.lead, 'agent'),
          agent_name: row.name,
          agent_uri: row.uri,
        })),
        total,
        counts,
      };
    }
    days *= 4;
  }
}

/** GET /portal/groups/:groupId/leads: the leads of the group's members linked to the corporate user. */
export async function groupLeads(
  db: Db,
  corporateUserId: string,
  groupId: string,
  query: GroupLeadsQuery,
): Promise<GroupLeadsList> {
  await ownedGroup(db, corporateUserId, groupId);
  const byUri = query.filter_agent_uri ? sql`and a.agent_uri = ${query.filter_agent_uri}` : sql``;
  const visibleAgents = sql`select gm.agent_id from group_memberships gm
    join agents a on a.id = gm.agent_id
    where gm.group_id = ${groupId} and a.corporate_user_id = ${corporateUserId} ${byUri}`;
  return leadsOfAgents(db, visibleAgents, query);
}

/** GET /portal/managed-groups/:groupId/members: every member of a group the caller manages. */
export async function managedGroupMembers(db: Db, userId: string, groupId: string): Promise<GroupMember[]> {
  await managerAgentId(db, userId, groupId);
  const rows = await memberSelect(db, eq(groupMemberships.groupId, groupId));
  return rows.map((row) => ({ ...row, is_agent: Boolean(row.is_agent) }));
}

/** GET /portal/managed-groups/:groupId/members/:memberId/leads: one member's leads, for its manager. */
export async function managedMemberLeads(
  db: Db,
  userId: string,
  groupId: string,
  memberId: string,
  query: MemberLeadsQuery,
): Promise<LeadsList> {
  await managerAgentId(db, userId, groupId);
  const [member] = await db
    .select({ agentId: agents.id, isAgent: users.isAgent })
    .from(groupMemberships)
    .innerJoin(agents, eq(agents.id, groupMemberships.agentId))
    .leftJoin(users, eq(users.id, agents.userId))
    .where(and(eq(groupMemberships.groupId, groupId), eq(groupMemberships.agentId, memberId)));
  if (!member) throw notFound(MEMBER_NOT_FOUND);
  if (!member.isAgent) throw badRequest(MEMBER_NOT_AN_AGENT);
  return listLeads(
    db,
    { kind: 'agent', agentId: member.agentId, actorId: userId, actorName: '' },
    query,
    undefined,
    'agent',
  );
}

/** Leads per week for each of the corporate user's groups, in the office's time zone (12 weeks). */
export async function corporateStats(db: Db, corporateUserId: string, zone: string): Promise<CorporateStats> {
  const local = sql`(now() at time zone ${zone})`;
  const [groupRows, weekRows, startRows] = await Promise.all([
    db
      .select({ group_id: groups.id, group_name: groups.name })
      .from(groups)
      .where(eq(groups.corporateUserId, corporateUserId))
      .orderBy(asc(groups.name), asc(groups.id)),
    db.execute(sql`
      select gm.group_id, to_char(date_trunc('week', l.created_at at time zone ${zone}), 'YYYY-MM-DD') as week_start,
        count(*)::int as n
      from groups g
      join group_memberships gm on gm.group_id = g.id
      join agents a on a.id = gm.agent_id and a.corporate_user_id = ${corporateUserId}
      join leads l on l.agent_id = a.id
        and (l.created_at at time zone ${zone}) >= date_trunc('week', ${local}) - interval '11 weeks'
      where g.corporate_user_id = ${corporateUserId}
      group by 1, 2
    `),
    db.execute(sql`select to_char(date_trunc('week', ${local}), 'YYYY-MM-DD') as week_start`),
  ]);
  const counts = (weekRows as unknown as { rows: { group_id: string; week_start: string; n: number }[] })
    .rows;
  const start = new Date(
    `${(startRows as unknown as { rows: { week_start: string }[] }).rows[0]!.week_start}T00:00:00Z`,
  );
  const weeks: string[] = [];
  for (let i = 11; i >= 0; i--) {
    weeks.push(new Date(start.getTime() - i * 7 * 86_400_000).toISOString().slice(0, 10));
  }
  return {
    weeks,
    groups: groupRows.map((group) => ({
      ...group,
      per_week: weeks.map((week) =>
        Number(counts.find((row) => row.group_id === group.group_id && row.week_start === week)?.n ?? 0),
      ),
    })),
  };
}
