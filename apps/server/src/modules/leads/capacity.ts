import { type AgentCapacity, TIMEZONES, zonedTime } from '@portal/shared';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { DEFAULT_OFFICE_TIMEZONE } from '../../config';
import type { Executor } from '../../db/client';
import { type AgentRow, agents, leads } from '../../db/schema';
import { dayIn, zoneOf } from './calendar';

/**
 * Pause and monthly caps in the agent's calendar (ADR 62): an agent is paused while their today
 * is before `paused_until`, and their month starts at midnight on the 1st, both in the agent's
 * zone, or the office's when the agent has none ("Pending").
 */

/**
 * The day's bounds in a zone, by zone and day: zonedTime makes Intl formatters, which cost a good
 * part of a millisecond each, and a record or a decision needs them many times a day.
 */
const bounds = new Map<string, { monthStart: Date; nextDayStart: Date }>();

function boundsOf(zone: string, now: Date) {
  const today = dayIn(zone, now);
  const key = `${zone} ${today}`;
  let found = bounds.get(key);
  if (!found) {
    const [year, month, date] = today.split('-').map(Number) as [number, number, number];
    const next = new Date(Date.UTC(year, month - 1, date + 1));
    found = {
      monthStart: zonedTime(year, month, 1, 0, 0, zone),
      nextDayStart: zonedTime(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, 0, zone),
    };
    if (bounds.size >= 1000) bounds.clear();
    bounds.set(key, found);
  }
  return found;
}

/** The first instant of the month `now` falls in, in `zone`. */
export const monthStartIn = (zone: string, now = new Date()): Date => boundsOf(zone, now).monthStart;

/** The first instant of the day after `now`'s, in `zone`. */
export const nextDayStartIn = (zone: string, now = new Date()): Date => boundsOf(zone, now).nextDayStart;

/**
 * Every zone an agent record may name (TIMEZONES), with its today and the start of its month, for
 * the routing statement to look an agent's up by `agents.timezone`; `office*` for every other
 * value. Laying it out takes Intl formatters that cost a good part of a millisecond, so it is kept
 * until the next midnight in any of these zones.
 */
export interface ZoneCalendar {
  zones: string[];
  days: string[];
  monthStarts: string[];
  officeDay: string;
  officeMonthStart: string;
  /** The times (ms) between which it is true: when it was laid out, and the next midnight. */
  from: number;
  until: number;
}

const calendars = new Map<string, ZoneCalendar>();
const AGENT_ZONES = TIMEZONES.filter((zone) => zone.includes('/'));

export function zoneCalendar(officeZone = DEFAULT_OFFICE_TIMEZONE, now = new Date()): ZoneCalendar {
  const at = now.getTime();
  const kept = calendars.get(officeZone);
  if (kept && at >= kept.from && at < kept.until) return kept;
  const office = zoneOf(officeZone, DEFAULT_OFFICE_TIMEZONE);
  const zones = [...AGENT_ZONES];
  const starts = [...zones, office].map((zone) => monthStartIn(zone, now).toISOString());
  const calendar: ZoneCalendar = {
    zones,
    days: zones.map((zone) => dayIn(zone, now)),
    monthStarts: starts.slice(0, zones.length),
    officeDay: dayIn(office, now),
    officeMonthStart: starts[zones.length]!,
    until: Math.min(...[...zones, office].map((zone) => nextDayStartIn(zone, now).getTime())),
    from: at,
  };
  if (calendars.size > 16) calendars.clear();
  calendars.set(officeZone, calendar);
  return calendar;
}

/** The zone routing reads for an agent: theirs when it is one of TIMEZONES, else the office's. */
export function capacityZone(
  timezone: string | null | undefined,
  officeZone = DEFAULT_OFFICE_TIMEZONE,
): string {
  const office = zoneOf(officeZone, DEFAULT_OFFICE_TIMEZONE);
  return timezone && (AGENT_ZONES as readonly string[]).includes(timezone) ? timezone : office;
}

/** The agent's today (YYYY-MM-DD) in the zone routing reads for them. */
export function agentToday(
  timezone: string | null | undefined,
  officeZone = DEFAULT_OFFICE_TIMEZONE,
  now = new Date(),
): string {
  return dayIn(capacityZone(timezone, officeZone), now);
}

/**
 * The record's pause, caps and this month's leads (`AgentCapacitySchema`), and until when they
 * hold without a change to the row: the next midnight in the agent's zone (a pause ending, a
 * month starting).
 */
export async function agentCapacity(
  db: Executor,
  agent: Pick<AgentRow, 'id' | 'timezone' | 'pausedUntil' | 'monthlyLeadCap' | 'ownMonthlyLeadCap'>,
  options: { officeZone?: string; now?: Date } = {},
): Promise<{ capacity: AgentCapacity; until: number }> {
  const now = options.now ?? new Date();
  const zone = capacityZone(agent.timezone, options.officeZone);
  const [row] = await db
    .select({ n: count() })
    .from(leads)
    .where(and(eq(leads.agentId, agent.id), gte(leads.assignedAt, monthStartIn(zone, now))));
  return {
    capacity: {
      paused_until: agent.pausedUntil && agent.pausedUntil > dayIn(zone, now) ? agent.pausedUntil : null,
      monthly_lead_cap: agent.monthlyLeadCap,
      own_monthly_lead_cap: agent.ownMonthlyLeadCap,
      leads_this_month: Number(row?.n ?? 0),
    },
    until: nextDayStartIn(zone, now).getTime(),
  };
}

/**
 * `agentCapacity` for many agents at once (an office's or a manager's list): one read of their
 * records and one count of each one's leads this month, each month in the agent's own zone.
 */
export async function agentCapacities(
  db: Executor,
  agentIds: string[],
  options: { officeZone?: string; now?: Date } = {},
): Promise<Map<string, AgentCapacity>> {
  if (agentIds.length === 0) return new Map();
  const now = options.now ?? new Date();
  const rows = await db
    .select({
      id: agents.id,
      timezone: agents.timezone,
      pausedUntil: agents.pausedUntil,
      monthlyLeadCap: agents.monthlyLeadCap,
      ownMonthlyLeadCap: agents.ownMonthlyLeadCap,
    })
    .from(agents)
    .where(inArray(agents.id, agentIds));
  const zones = new Map(rows.map((row) => [row.id, capacityZone(row.timezone, options.officeZone)]));
  const counted = (await db.execute(sql`
    select x.id, (select count(*) from ${leads} l where l.agent_id = x.id and l.assigned_at >= x.since)::int as n
    from unnest(${`{${rows.map((row) => row.id).join(',')}}`}::uuid[],
      ${`{${rows.map((row) => monthStartIn(zones.get(row.id)!, now).toISOString()).join(',')}}`}::timestamptz[])
      as x(id, since)`)) as unknown as { rows: { id: string; n: number }[] };
  const months = new Map(counted.rows.map((row) => [row.id, Number(row.n)]));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        paused_until:
          row.pausedUntil && row.pausedUntil > dayIn(zones.get(row.id)!, now) ? row.pausedUntil : null,
        monthly_lead_cap: row.monthlyLeadCap,
        own_monthly_lead_cap: row.ownMonthlyLeadCap,
        leads_this_month: months.get(row.id) ?? 0,
      },
    ]),
  );
}

/** The cap routing holds the agent to: the lower of the office's and the agent's own. */
export function effectiveCap(office: number | null, own: number | null): number | null {
  if (office === null) return own;
  if (own === null) return office;
  return Math.min(office, own);
}
