import type { LeadStatus, LeadsQuery } from '@portal/shared';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { runRaw } from '../../db/raw';
import { leads } from '../../db/schema';
import { queueLeadJson } from './serialize';

interface QueueRow {
  items: string;
  total: number;
  counts: Partial<Record<LeadStatus, number>> | null;
  /** Epoch milliseconds; null when no lead will move by the clock alone. */
  moves_at: string | number | null;
}

/** As the database clients are made (db/client.ts): column names in snake_case. */
const dialect = new PgDialect({ casing: 'snake_case' });
/** Statement names by text: a few shapes (agent or recipient, search, stage), each its own. */
const names = new Map<string, string>();

/**
 * The queue's statement is named: on PostgreSQL each connection parses and plans it once rather
 * than on every request (ADR 47's `runRaw`).
 */
async function runNamed<Row>(db: Executor, statement: SQL): Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  let name = names.get(query.sql);
  if (name === undefined && names.size < 32) {
    name = `leads_queue_${names.size + 1}`;
    names.set(query.sql, name);
  }
  if (name === undefined) return ((await db.execute(statement)) as unknown as { rows: Row[] }).rows;
  return runRaw<Row>(db, { name, text: query.sql }, query.params);
}

/** The end of the agent's day: "today" in the queue is up to it. */
const endOfDay = (zone: string) =>
  sql`(select (date_trunc('day', now() at time zone ${zone}) + interval '1 day') at time zone ${zone})`;

/**
 * Which part of the queue a lead is in. "Today" ends at the agent's midnight, worked out once per
 * statement (a scalar subquery), not once per lead.
 */
const bucketOf = (zone: string) => sql`case
    when next_action_at < now() then 'overdue'
    when stage = 'new' and first_contact_at is null then 'new'
    when next_action_at < ${endOfDay(zone)}
      then 'today'
    else 'later' end`;

/** The queue's order: by bucket, then by the bucket's own time, then by arrival. */
const ORDER = sql.raw(`array_position(array['overdue', 'new', 'today', 'later'], queue_bucket),
  case when queue_bucket = 'new' then created_at else next_action_at end nulls last, created_at, id`);

/**
 * The work queue (`view=queue`, DESIGN.md section 10, ADR 60): the active leads in the order to
 * work them. Overdue next actions, oldest first; then new leads nobody has contacted, oldest
 * first; then next actions due before the agent's day ends, by time; then the rest by next
 * action (none last) and arrival. Each row says which of the four it is in (`queue_bucket`).
 *
 * A page of the queue narrowed by `where` (as JSON text), its number of rows, `counts` (the
 * counts per status of the list), and `movesAt`: when the clock alone next changes the page (the
 * first next action still to come falls due, or the agent's day ends), in one statement. Until
 * then only a change to the leads changes it (ADR 64).
 */
export async function queuePage(
  db: Executor,
  where: SQL,
  counts: SQL,
  query: Pick<LeadsQuery, 'skip' | 'limit'>,
  options: { zone: string; money: boolean },
): Promise<{
  items: string;
  total: number;
  counts: Partial<Record<LeadStatus, number>> | null;
  movesAt: number | null;
}> {
  const json = options.money ? queueLeadJson.agent : queueLeadJson.recipient;
  const active = sql`${where} and ${leads.status} = 'active'`;
  // Sorted on the bucket and times alone: PostgreSQL writes the JSON of the page's rows only.
  const statement = sql`
    select
      (select coalesce(json_agg(page.lead order by ${ORDER}), '[]'::json)::text
        from (select ${json} as lead, queue_bucket, created_at, next_action_at, id
          from ${leads} cross join lateral (select ${bucketOf(options.zone)} as queue_bucket) bucket
          where ${active}
          order by ${ORDER}
          offset ${query.skip} limit ${query.limit}) page) as items,
      (select count(*)::int from ${leads} where ${active}) as total,
      (${counts}) as counts,
      (select (extract(epoch from least(min(${leads.nextActionAt}), ${endOfDay(options.zone)})) * 1000)::int8
        from ${leads} where ${active} and ${leads.nextActionAt} > now()) as moves_at`;
  const [row] = await runNamed<QueueRow>(db, statement);
  return {
    items: row!.items,
    total: Number(row!.total),
    counts: row!.counts,
    movesAt: row!.moves_at === null ? null : Number(row!.moves_at),
  };
}
