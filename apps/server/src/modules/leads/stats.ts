import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';

/**
 * `leads_count` (leads in the last 7 to 90 days, total, when computed) and `answer_rate` (calls
 * answered and missed) are computed from the leads and call events, never typed in (DESIGN.md
 * section 5). Run after each change for that agent, and hourly for everyone as the windows slide.
 */
export async function refreshAgentStats(db: Executor, agentId?: string): Promise<void> {
  await db.execute(agentStatsUpdate(agentId));
}

/** refreshAgentStats' statement, for the intake to run inside one of its own. */
export function agentStatsUpdate(agentId?: string): SQL {
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
    where a.id = a2.id ${agentId ? sql`and a2.id = ${agentId}` : sql``}
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

/**
 * Rebuilds lead_counts from the leads, hourly with the statistics. The triggers keep it exact;
 * this only undoes what no trigger saw (a TRUNCATE, a restore without triggers). The lock lets
 * writers that already changed leads finish first and makes new ones wait the few milliseconds
 * of the count, so no change is lost between the count and the write.
 */
export async function reconcileLeadCounts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table lead_counts in share row exclusive mode`);
    const corrected = (await tx.execute(sql`
      insert into lead_counts as c (agent_id, status, n)
        select l.agent_id, l.status, count(*)::int from leads l
        join agents a on a.id = l.agent_id
        group by 1, 2 order by 1, 2
      on conflict (agent_id, status) do update set n = excluded.n where c.n <> excluded.n
      returning c.agent_id`)) as unknown as { rows: { agent_id: string }[] };
    const zeroed = (await tx.execute(sql`
      update lead_counts c set n = 0 where c.n <> 0
        and not exists (select 1 from leads l where l.agent_id = c.agent_id and l.status = c.status)
      returning c.agent_id`)) as unknown as { rows: { agent_id: string }[] };
    // Whatever no trigger saw may have changed the leads too: their kept pages are written anew.
    const changed = [...new Set([...corrected.rows, ...zeroed.rows].map((row) => row.agent_id))];
    if (changed.length > 0) {
      await tx.execute(sql`
        insert into lead_versions (agent_id)
          select unnest(${`{${changed.join(',')}}`}::uuid[])
        on conflict (agent_id) do update set stamp = gen_random_uuid()`);
    }
  });
}
