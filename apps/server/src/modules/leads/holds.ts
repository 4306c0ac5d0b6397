import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pace } from '../../lib/pace';
import { dayIn, zoneOf } from './calendar';

/**
 * Holds whose day has come (ADR 60): each lead on hold until today or earlier, in its agent's
 * calendar, is pursued again, with a `hold_ended` event on its timeline and a next action due
 * now when it had none, so it comes back at the top of the work queue. Run every few minutes by
 * any number of processes at once: the update takes only leads still on hold, and a lead another
 * process is bringing back is skipped once that process commits (PostgreSQL re-reads the row
 * after the wait), so each return happens and is recorded once.
 */
export async function endHolds(db: Db, officeZone: string, now = new Date()): Promise<number> {
  // Every zone's today is at most one day ahead of UTC's: the index finds the candidates.
  const horizon = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  const zones = (
    (await db.execute(sql`
      select distinct coalesce(a.timezone, '') as timezone from leads l
      left join agents a on a.id = l.agent_id
      where l.hold_until <= ${horizon}::date and l.stage = 'on_hold'`)) as unknown as {
      rows: { timezone: string }[];
    }
  ).rows.map((row) => row.timezone);
  if (zones.length === 0) return 0;
  const today = zones.map((zone) => dayIn(zoneOf(zone, officeZone), now));
  let ended = 0;
  // HOLDS_PER_STATEMENT due leads at a time, the earliest days first: after a long stop of the
  // workers each statement stays short. Only holds due in their agent's zone are taken, so a
  // short batch means none is left (or another process took them).
  const steps = pace();
  for (;;) {
    const n = await endSomeHolds(db, zones, today, horizon);
    ended += n;
    if (n < HOLDS_PER_STATEMENT) return ended;
    await steps.step();
  }
}

const HOLDS_PER_STATEMENT = 500;

async function endSomeHolds(db: Db, zones: string[], today: string[], horizon: string): Promise<number> {
  const result = (await db.execute(sql`
    with due as (
      select z.timezone, z.today from unnest(${`{${zones.map(quoteItem).join(',')}}`}::text[],
        ${`{${today.join(',')}}`}::date[]) z(timezone, today)
    ),
    back as (
      update leads l set stage = 'pursuing', status = 'active', hold_until = null,
        next_action_at = coalesce(l.next_action_at, now()), updated_at = now()
      from due
      where l.id in (
          select l2.id from leads l2
          left join agents a2 on a2.id = l2.agent_id
          join due d2 on d2.timezone = coalesce(a2.timezone, '')
          where l2.stage = 'on_hold' and l2.hold_until <= ${horizon}::date and l2.hold_until <= d2.today
          order by l2.hold_until limit ${HOLDS_PER_STATEMENT})
        and l.stage = 'on_hold' and l.hold_until <= due.today
        and due.timezone = coalesce((select a.timezone from agents a where a.id = l.agent_id), '')
      returning l.id
    ),
    events as (
      insert into lead_events (lead_id, kind, actor_type, details)
      select id, 'hold_ended', 'system', '{"from":"on_hold","to":"pursuing"}'::jsonb from back
      returning 1
    )
    select count(*)::int as n from events`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** One element of a PostgreSQL array literal, quoted. */
const quoteItem = (value: string) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
