import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { createEventBus, type EventBus } from '../modules/events/bus';

/** pg-boss carries work that is not a message; messages ride on the outbox (ADR 18, ADR 54). */
export const QUEUES = {
  accountEmail: 'account-email',
  resizeImage: 'resize-image',
  uploadsSweep: 'uploads-sweep',
  leadStats: 'lead-stats',
  brokerReminders: 'broker-reminders',
  leadHolds: 'lead-holds',
  dailyAgenda: 'daily-agenda',
  weeklyDigest: 'weekly-digest',
  scorecards: 'scorecards',
  billing: 'billing',
  retention: 'retention',
} as const;

/**
 * Wakes this process's delivery dispatcher when a message is committed, instead of waiting for
 * its next look at the outbox.
 */
export class Bell {
  private waiters = new Set<() => void>();

  ring(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  /** Resolves at the next ring or after `ms`, whichever comes first. */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
    });
  }
}

export interface Queue {
  boss: PgBoss;
  bell: Bell;
  /**
   * What every process's commits announce (ADR 59): new and changed leads, new outbox messages.
   * It connects at its first subscriber and closes with the queue.
   */
  events: EventBus;
  send(name: string, data: object, options?: PgBoss.SendOptions): Promise<void>;
  /** Work to stop before the queue itself (the dispatcher). */
  onStop(hook: () => Promise<void>): void;
  stop(): Promise<void>;
}

/** pg-boss on our own connection: the same code on PGlite and on PostgreSQL. */
export async function createQueue(database: Database): Promise<Queue> {
  const boss = new PgBoss({
    db: { executeSql: database.executeSql } as never,
    schema: 'pgboss',
    // Maintenance and scheduling talk to the database on timers; keep them modest.
    maintenanceIntervalSeconds: 120,
  });
  boss.on('error', (error) => {
    // Losing the database for a moment must not end the process; pg-boss retries on its own.
    console.warn('[queue]', error.message);
  });
  await boss.start();
  for (const name of Object.values(QUEUES)) await boss.createQueue(name);
  const hooks: (() => Promise<void>)[] = [];
  const events = createEventBus(database);
  return {
    boss,
    bell: new Bell(),
    events,
    send: async (name, data, options) => {
      await boss.send(name, data, options ?? {});
    },
    onStop: (hook) => {
      hooks.push(hook);
    },
    stop: async () => {
      await Promise.all(hooks.splice(0).map((hook) => hook().catch(() => {})));
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
      await events.close();
    },
  };
}
