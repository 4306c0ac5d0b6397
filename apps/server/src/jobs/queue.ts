import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

export const QUEUES = {
  deliverMessage: 'deliver-message',
  accountEmail: 'account-email',
  resizeImage: 'resize-image',
  uploadsSweep: 'uploads-sweep',
  outboxSweep: 'outbox-sweep',
  leadStats: 'lead-stats',
  brokerReminders: 'broker-reminders',
} as const;

export interface Queue {
  boss: PgBoss;
  send(name: string, data: object, options?: PgBoss.SendOptions): Promise<void>;
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
  return {
    boss,
    send: async (name, data, options) => {
      await boss.send(name, data, options ?? {});
    },
    stop: () => boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 }),
  };
}
