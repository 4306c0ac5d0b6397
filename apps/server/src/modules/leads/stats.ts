import type { LeadStats } from '@portal/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { pace } from '../../lib/pace';
import { agentZone } from './calendar';

/**
 * `leads_count` (leads in the last 7 to 90 days, total, when computed) and `answer_rate` (calls
 * answered and missed) are computed from the leads and call events, never typed in (DESIGN.md
 * section 5). Run after each change for that agent, and hourly for everyone as the windows slide.
 */
export async function refreshAgentStats(db: Executor, agentId?: string | string[]): Promise<void> {
  if (Array.isArray(agentId)) {
    if (agentId.length === 0) return;
    // Several agents: their rows locked in id order first (until the caller's transaction ends),
    // as the intake's rounds lock them, so that a transaction that touches two of them cannot
    // deadlock with a round.
    if (agentId.length > 1) {
      await db.execute(sql`select 1 from agents where id = any(${`{${agentId.join(',')}}`}::uuid[])
        order by id for no key update`);
    }
  }
  await db.execute(agentStatsUpdate(agentId));
}

/** refreshAgentStats' statement, for the intake to run inside one of its own. Several agents at once with an array. */
export function agentStatsUpdate(agentId?: string | string[]): SQL {
  return sql`
    update agents a set
      leads_count = jsonb_build_object(
        'l_7', s.l_7, 'l_14', s.l_14, 'l_21', s.l_21, 'l_30', s.l_30, 'l_45', s.l_45,
        'l_60', s.l_60, 'l_90', s.l_90, 'total_leads', s.total, 'update_date', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
      ),
      answer_rate = jsonb_build_object(
        'total_leads', s.total, 'missed_calls', c.missed, 'answered_calls', c.answered
      )
    from agents a2
    cross join lateral (
      select
        count(*) filter (where l.created_at > now() - interval '7 days')::int as l_7,
        count(*) filter (where l.created_at > now() - interval '14 days')::int as l_14,
        count(*) filter (where l.created_at > now() - interval '21 days')::int as l_21,
        count(*) filter (where l.created_at > now() - interval '30 days')::int as l_30,
        count(*) filter (where l.created_at > now() - interval '45 days')::int as l_45,
        count(*) filter (where l.created_at > now() - interval '60 days')::int as l_60,
        count(*) filter (where l.created_at > now() - interval '90 days')::int as l_90,
        count(*)::int as total
      from leads l where l.agent_id = a2.id
    ) s
    cross join lateral (
      select
        count(*) filter (where e.outcome = 'missed')::int as missed,
        count(*) filter (where e.outcome = 'answered')::int as answered
      from call_events e where e.agent_id = a2.id
    ) c
    where a.id = a2.id ${
      Array.isArray(agentId)
        ? sql`and a2.id = any(${`{${agentId.join(',')}}`}::uuid[])`
        : agentId
          ? sql`and a2.id = ${agentId}`
          : sql``
    }
  `;
}

const WINDOWS = ['l_7', 'l_14', 'l_21', 'l_30', 'l_45', 'l_60', 'l_90', 'total_leads'] as const;

/**
 * The intake's statistics for the leads it has just inserted (ADR 46): a new lead falls in
 * every window, so each count and the total gain the agent's number of new leads, in one row's
 * update per agent, where the full statement above counts all the agent's leads again (the
 * intake's most expensive statement). Only for agents whose counts were computed (`update_date`
 * set): it answers their ids, and the caller runs the full statement for the others. Leads
 * leaving a window as time passes are the hourly job's, as for every other agent; `update_date`
 * stays the time of the last full count.
 */
export function agentStatsAfterNewLeads(newLeads: Map<string, number>): SQL {
  const plus = sql.join(
    WINDOWS.map((key) => sql.raw(`'${key}', coalesce((a.leads_count->>'${key}')::int, 0) + n.leads`)),
    sql`, `,
  );
  const ids = `{${[...newLeads.keys()].join(',')}}`;
  const counts = `{${[...newLeads.values()].join(',')}}`;
  // The agents are locked in id order, as the triggers of the agent record's stamps lock them
  // (migration 0018), so that a round and an office's or a group's change cannot deadlock.
  return sql`
    update agents a set
      leads_count = a.leads_count || jsonb_build_object(${plus}),
      answer_rate = a.answer_rate || jsonb_build_object(
        'total_leads', coalesce((a.answer_rate->>'total_leads')::int, 0) + n.leads)
    from (
      select n.agent_id, n.leads from unnest(${ids}::uuid[], ${counts}::int[]) n(agent_id, leads)
      join agents locked on locked.id = n.agent_id
      order by n.agent_id for no key update of locked
    ) n
    where a.id = n.agent_id and a.leads_count->>'update_date' is not null
    returning a.id
  `;
}

/** Agents per batch of the hourly reconciliation: each batch is its own short transaction. */
export const RECONCILE_BATCH = 50;

/**
 * The hourly `lead-stats` job: every agent's statistics recomputed as the windows slide, and
 * lead_counts checked against the leads, RECONCILE_BATCH agents at a time in id order, each batch
 * a short transaction of its own, with a pause after each (ADR 68). No table is locked: the
 * intake and the agents' changes go on between and during the batches, and a batch costs what its
 * agents' leads cost, whatever the size of the whole table. Answers how many agents it went
 * through and how many lead_counts rows it put right.
 */
export async function reconcileAgentStats(
  db: Db,
  batch = RECONCILE_BATCH,
): Promise<{ agents: number; corrected: number }> {
  let after = '00000000-0000-0000-0000-000000000000';
  let agents = 0;
  let corrected = 0;
  const steps = pace();
  for (;;) {
    const { rows } = (await db.execute(sql`
      select id from agents where id > ${after}::uuid order by id limit ${batch}`)) as unknown as {
      rows: { id: string }[];
    };
    if (rows.length === 0) break;
    const ids = rows.map((row) => row.id);
    corrected += await reconcileBatch(db, ids);
    agents += ids.length;
    after = ids[ids.length - 1]!;
    if (rows.length < batch) break;
    await steps.step();
  }
  return { agents, corrected };
}

/**
 * One batch, in two transactions. The statistics: the agents are locked in id order (as the
 * intake and the triggers of the agent record lock them, migration 0018) and their figures
 * written. Then lead_counts, without the agents' locks, in the order the triggers take
 * (lead_counts, then lead_versions): it is put right by the difference between what the leads say
 * and what the row says, both read in the same snapshot. Triggers change a lead and its count in
 * one transaction, so in any snapshot the two agree unless something no trigger saw happened (a
 * TRUNCATE, a restore without triggers); the correction is added (`n = n + d`), never written
 * over, so a lead committed meanwhile keeps the increment its trigger made.
 */
async function reconcileBatch(db: Db, ids: string[]): Promise<number> {
  const list = `{${ids.join(',')}}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await refreshAgentStats(tx, ids);
  });
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    const fixed = (await tx.execute(sql`
      with actual as (
        select l.agent_id, l.status, count(*)::int as n from leads l
        where l.agent_id = any(${list}::uuid[]) group by 1, 2
      ),
      stored as (select c.agent_id, c.status, c.n from lead_counts c where c.agent_id = any(${list}::uuid[])),
      drift as (
        select coalesce(a.agent_id, s.agent_id) as agent_id, coalesce(a.status, s.status) as status,
          coalesce(a.n, 0) - coalesce(s.n, 0) as d
        from actual a full join stored s on s.agent_id = a.agent_id and s.status = a.status
      )
      insert into lead_counts as c (agent_id, status, n)
        select agent_id, status, d from drift where d <> 0 order by 1, 2
      on conflict (agent_id, status) do update set n = c.n + excluded.n
      returning c.agent_id`)) as unknown as { rows: { agent_id: string }[] };
    // Whatever no trigger saw may have changed the leads too: their kept pages are written anew.
    const changed = [...new Set(fixed.rows.map((row) => row.agent_id))].sort();
    if (changed.length > 0) {
      await tx.execute(sql`
        insert into lead_versions (agent_id)
          select unnest(${`{${changed.join(',')}}`}::uuid[])
        on conflict (agent_id) do update set stamp = gen_random_uuid()`);
    }
    return fixed.rows.length;
  });
}

interface StatsCards {
  this_week: number;
  this_month: number;
  total: number;
  new_today: number;
  overdue: number;
  closings_this_month: number;
  speed_month: number | null;
}

/**
 * Cards and the weekly chart of the workspace, in the agent's time zone (office zone if unset):
 * with the queue's strip (new today, overdue next actions, closings this month) and the median
 * speed to first contact of this month's leads contacted.
 */
export async function leadStats(db: Db, agentId: string, fallbackZone: string): Promise<LeadStats> {
  const zone = await agentZone(db, agentId, fallbackZone);
  const local = sql`(now() at time zone ${zone})`;
  const [cards] = (
    (await db.execute(sql`
      select
        count(*) filter (where (l.created_at at time zone ${zone}) >= date_trunc('week', ${local}))::int as this_week,
        count(*) filter (where (l.created_at at time zone ${zone}) >= date_trunc('month', ${local}))::int as this_month,
        count(*)::int as total,
        count(*) filter (where (l.created_at at time zone ${zone}) >= date_trunc('day', ${local}))::int as new_today,
        count(*) filter (where l.status = 'active' and l.next_action_at < now())::int as overdue,
        count(*) filter (where l.status = 'closed'
          and l.closing_date >= date_trunc('month', ${local})::date
          and l.closing_date < (date_trunc('month', ${local}) + interval '1 month')::date)::int as closings_this_month,
        round(percentile_cont(0.5) within group (order by extract(epoch from l.first_contact_at - l.created_at))
          filter (where (l.created_at at time zone ${zone}) >= date_trunc('month', ${local})
            and l.first_contact_at is not null))::int as speed_month
      from leads l where l.agent_id = ${agentId}
    `)) as unknown as { rows: StatsCards[] }
  ).rows;
  const weeks = (
    (await db.execute(sql`
      select to_char(date_trunc('week', l.created_at at time zone ${zone}), 'YYYY-MM-DD') as week_start,
        l.lead_type, count(*)::int as n
      from leads l
      where l.agent_id = ${agentId}
        and (l.created_at at time zone ${zone}) >= date_trunc('week', ${local}) - interval '11 weeks'
      group by 1, 2
    `)) as unknown as { rows: { week_start: string; lead_type: string; n: number }[] }
  ).rows;
  const calls = (
    (await db.execute(sql`
      select count(*) filter (where outcome = 'missed')::int as missed,
             count(*) filter (where outcome = 'answered')::int as answered
      from call_events where agent_id = ${agentId}
    `)) as unknown as { rows: { missed: number; answered: number }[] }
  ).rows[0];
  const startRow = (
    (await db.execute(
      sql`select to_char(date_trunc('week', ${local}), 'YYYY-MM-DD') as week_start`,
    )) as unknown as { rows: { week_start: string }[] }
  ).rows[0]!;
  const per_week: LeadStats['per_week'] = [];
  const start = new Date(`${startRow.week_start}T00:00:00Z`);
  for (let i = 11; i >= 0; i--) {
    const week = new Date(start.getTime() - i * 7 * 86_400_000).toISOString().slice(0, 10);
    const counts: Record<string, number> = {};
    for (const row of weeks) if (row.week_start === week) counts[row.lead_type] = Number(row.n);
    per_week.push({ week_start: week, counts });
  }
  return {
    this_week: Number(cards?.this_week ?? 0),
    this_month: Number(cards?.this_month ?? 0),
    answer_rate: {
      total_leads: Number(cards?.total ?? 0),
      missed_calls: Number(calls?.missed ?? 0),
      answered_calls: Number(calls?.answered ?? 0),
    },
    per_week,
    new_today: Number(cards?.new_today ?? 0),
    overdue: Number(cards?.overdue ?? 0),
    closings_this_month: Number(cards?.closings_this_month ?? 0),
    speed_to_contact_seconds_month:
      cards?.speed_month === null || cards?.speed_month === undefined
        ? null
        : Math.max(0, Number(cards.speed_month)),
  };
}
