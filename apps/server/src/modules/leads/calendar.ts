import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Executor } from '../../db/client';
import { agents } from '../../db/schema';

/**
 * The agent's calendar: "today" for holds, the queue's "due today" and the workspace's cards is
 * the agent's own day, in the agent's time zone, or the office's when the agent has not set one
 * (a new record says "Pending"). A formatter per zone is kept: making one costs a good part of
 * a millisecond, and there are few zones.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat | null>();

function dayFormat(zone: string): Intl.DateTimeFormat | null {
  let format = dayFormats.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    } catch {
      format = null;
    }
    // Zones come from agents' records: a bounded set, but not trusted to be one.
    if (dayFormats.size < 1000) dayFormats.set(zone, format);
  }
  return format;
}

export function zoneOf(timezone: string | null | undefined, fallback: string): string {
  return timezone?.includes('/') && dayFormat(timezone) ? timezone : fallback;
}

/**
 * Agents' zones, kept for seconds (as the office's settings are): the work queue reads the zone
 * on every request, and a zone just changed only moves the end of "due today" for that long.
 */
const agentZones = new LRUCache<string, string>({ max: 10_000, ttl: 10_000 });

export async function agentZone(db: Executor, agentId: string, fallback: string): Promise<string> {
  let timezone = agentZones.get(agentId);
  if (timezone === undefined) {
    const [agent] = await db.select({ timezone: agents.timezone }).from(agents).where(eq(agents.id, agentId));
    timezone = agent?.timezone ?? '';
    agentZones.set(agentId, timezone);
  }
  return zoneOf(timezone, fallback);
}

/** The day in `zone` (one zoneOf accepted) at `now`, as YYYY-MM-DD. */
export function dayIn(zone: string, now = new Date()): string {
  return (dayFormat(zone) ?? dayFormat('UTC')!).format(now);
}
