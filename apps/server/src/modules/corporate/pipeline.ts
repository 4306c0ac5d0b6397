import {
  LEAD_STAGES,
  type Pipeline,
  type PipelineFigures,
  type PipelineRange,
  resolvePipelineRange,
  STALE_AFTER_DAYS,
  type StaleLeadsList,
} from '@portal/shared';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, groupMemberships, leads, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { toLead } from '../leads/serialize';
import { MEMBER_NOT_AN_AGENT, MEMBER_NOT_FOUND, managerAgentId, nameSql, ownedGroup } from './queries';

/**
 * The pipeline of the agents an office or a group manager sees (DESIGN.md section 10), with the
 * visibility of the routes beside it (ADR 16): an office sees the agents linked to it, in one of
 * its groups or all of them; a manager sees the members of a group it manages who are agents.
 * The office's weekly digest reads the same figures through `pipelineSummary`.
 */
export type PipelineViewer =
  | { kind: 'corporate'; corporateUserId: string; groupId?: string; agentUri?: string }
  | { kind: 'manager'; userId: string; groupId: string; memberId?: string };

/** A range of days of the office's calendar, both included (YYYY-MM-DD). */
export interface PipelinePeriod {
  from: string;
  to: string;
  timeZone: string;
}

/** Today in `timeZone`, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The query's range, the last 30 days by default; 400 when reversed or over 366 days. */
export function pipelineRangeOf(
  query: { from?: string; to?: string },
  timeZone: string,
  now = new Date(),
): PipelineRange {
  const resolved = resolvePipelineRange(query, todayIn(timeZone, now));
  if ('error' in resolved) throw badRequest(resolved.error);
  return resolved.range;
}

/**
 * The ids of the agents `who` may see, narrowed by its filters, as a subquery. The access checks
 * come first: another office's group is 404, a group the caller does not manage 403, someone
 * outside the group 404 and a member who is not an agent 400, as on the routes beside these.
 */
export async function visibleAgentIds(db: Db, who: PipelineViewer): Promise<SQL> {
  if (who.kind === 'corporate') {
    const byUri = who.agentUri ? sql`and a.agent_uri = ${who.agentUri}` : sql``;
    if (!who.groupId) {
      return sql`select a.id from agents a where a.corporate_user_id = ${who.corporateUserId} ${byUri}`;
    }
    await ownedGroup(db, who.corporateUserId, who.groupId);
    return sql`select gm.agent_id from group_memberships gm
      join agents a on a.id = gm.agent_id
      where gm.group_id = ${who.groupId} and a.corporate_user_id = ${who.corporateUserId} ${byUri}`;
  }
  await managerAgentId(db, who.userId, who.groupId);
  if (who.memberId) {
    const [member] = await db
      .select({ isAgent: users.isAgent })
      .from(groupMemberships)
      .innerJoin(agents, eq(agents.id, groupMemberships.agentId))
      .leftJoin(users, eq(users.id, agents.userId))
      .where(and(eq(groupMemberships.groupId, who.groupId), eq(groupMemberships.agentId, who.memberId)));
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    if (!member.isAgent) throw badRequest(MEMBER_NOT_AN_AGENT);
  }
  const byMember = who.memberId ? sql`and gm.agent_id = ${who.memberId}` : sql``;
  return sql`select gm.agent_id from group_memberships gm
    join agents a on a.id = gm.agent_id
    join users u on u.id = a.user_id
    where gm.group_id = ${who.groupId} and u.is_agent ${byMember}`;
}

/** Active, and nothing done (or, never worked, nothing since it arrived) for STALE_AFTER_DAYS. */
export const staleSql = (lead: SQL = sql`l`) =>
  sql`${lead}.status = 'active' and coalesce(${lead}.last_activity_at, ${lead}.created_at) < now() - ${STALE_AFTER_DAYS} * interval '1 day'`;

interface FiguresRow {
  stale: number;
  received: number;
  received_previous: number;
  speed: number | null;
  speed_previous: number | null;
  within_hour: number;
  within_hour_previous: number;
  closings: number;
  closings_previous: number;
  [stage: `stage_${string}`]: number;
}

const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);
const seconds = (value: number | string | null) => (value === null ? null : Math.round(Number(value)));

function figuresOf(row: FiguresRow): PipelineFigures {
  const received = { current: Number(row.received), previous: Number(row.received_previous) };
  const withinHour = { current: Number(row.within_hour), previous: Number(row.within_hour_previous) };
  return {
    stages: Object.fromEntries(
      LEAD_STAGES.map((stage) => [stage, Number(row[`stage_${stage}`] ?? 0)]),
    ) as PipelineFigures['stages'],
    stale: Number(row.stale),
    received,
    speed_to_contact_seconds: { current: seconds(row.speed), previous: seconds(row.speed_previous) },
    contacted_within_hour: withinHour,
    contacted_within_hour_share: {
      current: share(withinHour.current, received.current),
      previous: share(withinHour.previous, received.previous),
    },
    closings: { current: Number(row.closings), previous: Number(row.closings_previous) },
  };
}

/**
 * Each visible agent's figures and their totals, in one statement: the agents' leads are read
 * through the (agent_id, created_at) index once, counted by stage and staleness, and those that
 * arrived in the range or the period before it (or closed then) are counted and timed; the
 * totals are a grouping set of the same read, so their median is the median of every lead, not
 * of the agents' medians. Days are the office's (`timeZone`).
 */
export async function pipelineSummary(
  db: Db,
  who: PipelineViewer,
  period: PipelinePeriod,
): Promise<Pipeline> {
  const range = pipelineRangeOf(period, period.timeZone);
  const ids = await visibleAgentIds(db, who);
  const current = sql`l.created_at >= b.current_start and l.created_at < b.current_end`;
  const previous = sql`l.created_at >= b.previous_start and l.created_at < b.current_start`;
  const speed = sql`greatest(0, extract(epoch from l.first_contact_at - l.created_at))`;
  const median = (when: SQL) =>
    sql`percentile_cont(0.5) within group (order by ${speed}) filter (where ${when} and l.first_contact_at is not null)`;
  const withinHour = (when: SQL) =>
    sql`count(l.id) filter (where ${when} and l.first_contact_at <= l.created_at + interval '1 hour')::int`;
  const closed = (from: string, to: string) =>
    sql`count(l.id) filter (where l.status = 'closed' and l.closing_date between ${from}::date and ${to}::date)::int`;
  const stageCounts = sql.join(
    LEAD_STAGES.map(
      (stage) =>
        sql`count(l.id) filter (where l.stage = ${stage})::int as ${sql.identifier(`stage_${stage}`)}`,
    ),
    sql`, `,
  );
  const zone = period.timeZone;
  const result = (await db.execute(sql`
    with visible as (
      select agents.id, ${nameSql} as name, agents.agent_uri from agents where agents.id in (${ids})
    ), b as (
      select (${range.from}::date)::timestamp at time zone ${zone} as current_start,
        (${range.to}::date + 1)::timestamp at time zone ${zone} as current_end,
        (${range.previous_from}::date)::timestamp at time zone ${zone} as previous_start
    )
    select v.id as agent_id, v.name, v.agent_uri, grouping(v.id) as is_total,
      ${stageCounts},
      count(l.id) filter (where ${staleSql()})::int as stale,
      count(l.id) filter (where ${current})::int as received,
      count(l.id) filter (where ${previous})::int as received_previous,
      ${median(current)} as speed,
      ${median(previous)} as speed_previous,
      ${withinHour(current)} as within_hour,
      ${withinHour(previous)} as within_hour_previous,
      ${closed(range.from, range.to)} as closings,
      ${closed(range.previous_from, range.previous_to)} as closings_previous
    from visible v cross join b
    left join leads l on l.agent_id = v.id
    group by grouping sets ((v.id, v.name, v.agent_uri), ())
    order by grouping(v.id), v.name, v.id`)) as unknown as {
    rows: (FiguresRow & { agent_id: string | null; name: string; agent_uri: string; is_total: number })[];
  };
  const rows = result.rows;
  const total = rows.find((row) => Number(row.is_total) === 1)!;
  return {
    from: range.from,
    to: range.to,
    previous_from: range.previous_from,
    previous_to: range.previous_to,
    time_zone: zone,
    today: todayIn(zone),
    stale_after_days: STALE_AFTER_DAYS,
    agents: rows
      .filter((row) => Number(row.is_total) === 0)
      .map((row) => ({
        agent_id: row.agent_id!,
        name: row.name,
        agent_uri: row.agent_uri,
        ...figuresOf(row),
      })),
    totals: figuresOf(total),
  };
}

/** The visible agents' stale leads, the longest untouched first, a page at a time. */
export async function staleLeads(
  db: Db,
  who: PipelineViewer,
  page: { skip: number; limit: number },
): Promise<StaleLeadsList> {
  const ids = await visibleAgentIds(db, who);
  const where = and(sql`${leads.agentId} in (${ids})`, staleSql(sql`${leads}`));
  const untouchedSince = sql`coalesce(${leads.lastActivityAt}, ${leads.createdAt})`;
  const [rows, counted] = await Promise.all([
    db
      .select({ lead: leads, name: nameSql, uri: agents.agentUri })
      .from(leads)
      .innerJoin(agents, eq(agents.id, leads.agentId))
      .where(where)
      .orderBy(asc(untouchedSince), asc(leads.id))
      .offset(page.skip)
      .limit(page.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(leads).where(where),
  ]);
  return {
    items: rows.map((row) => ({ ...toLead(row.lead, 'agent'), agent_name: row.name, agent_uri: row.uri })),
    total: Number(counted[0]?.n ?? 0),
  };
}
