import { zoneOffsetMinutes } from '@portal/shared';
import type { AppDeps } from '../../app-context';
import { scheduledEmailsSent } from '../../db/schema';
import type { Email } from '../../emails/render';
import { addEmail } from '../../lib/outbox';

/**
 * What the scheduled e-mails share: the wall clock of a time zone, and sending an e-mail once per
 * person and period whatever the number of processes running the job.
 */

/** Both scheduled e-mails go out from 7:30 on their day, in the reader's time zone. */
export const SEND_FROM_MINUTES = 7 * 60 + 30;

export interface LocalClock {
  /** YYYY-MM-DD. */
  date: string;
  /** 1 (Monday) to 7 (Sunday). */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

/** The wall clock in `timeZone` at `now`. */
export function localClock(now: Date, timeZone: string): LocalClock {
  const local = new Date(now.getTime() + zoneOffsetMinutes(now, timeZone) * 60_000);
  return {
    date: local.toISOString().slice(0, 10),
    weekday: local.getUTCDay() || 7,
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

/** The calendar day `days` after `date` (YYYY-MM-DD; negative for before). */
export function shiftDay(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export interface Once {
  kind: 'agenda' | 'digest';
  subjectId: string;
  period: string;
  to: string;
  /** Null when there is nothing to say: the period is marked done without an e-mail. */
  email: Email | null;
  meta: { userId?: string; agentId?: string };
}

/**
 * Marks the period done for the person and, if this call is the one that marked it, writes the
 * e-mail to the outbox in the same transaction (ADR 54). Another process that got there first
 * holds the row: the insert finds it (on PostgreSQL it waits for that transaction) and this call
 * sends nothing. Answers whether an e-mail was written.
 */
export async function sendOnce(deps: AppDeps, once: Once): Promise<boolean> {
  return deps.database.db.transaction(async (tx) => {
    const [marked] = await tx
      .insert(scheduledEmailsSent)
      .values({ kind: once.kind, subjectId: once.subjectId, period: once.period })
      .onConflictDoNothing()
      .returning({ period: scheduledEmailsSent.period });
    if (!marked || !once.email) return false;
    await addEmail(tx, deps.config, { to: once.to, ...once.email, meta: once.meta });
    return true;
  });
}
