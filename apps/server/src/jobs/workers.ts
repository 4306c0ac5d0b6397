import type { AppDeps } from '../app-context';
import type { DeliveryDeps } from '../lib/outbox';
import { type AccountEmailPurpose, sendAccountEmail } from '../modules/auth/links';
import { reconcileLeadCounts, refreshAgentStats } from '../modules/leads/stats';
import { sendBrokerReminders } from '../modules/signing/service';
import { notifyOfficeOfFailedTest } from '../modules/signup-tests/report-failure';
import { makeWebVersion } from '../modules/uploads/resize';
import { sweepAbandonedUploads } from '../modules/uploads/service';
import { type Dispatcher, type DispatcherOptions, startDispatcher } from './dispatcher';
import { QUEUES, type Queue } from './queue';

export interface WorkerOptions {
  pollingIntervalSeconds?: number;
  /** The delivery dispatcher's own options (tests shorten its claims and idle looks). */
  delivery?: DispatcherOptions;
}

/** Registers every job handler on this process. Any number of processes may do this. */
export async function startWorkers(
  queue: Queue,
  deps: AppDeps,
  options: WorkerOptions = {},
): Promise<{ dispatcher: Dispatcher }> {
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  const delivery: DeliveryDeps = {
    db: deps.database.db,
    mail: deps.providers.mail,
    sms: deps.providers.sms,
    onFinalFailure: (message) => notifyOfficeOfFailedTest(deps, message),
  };

  // Messages: the dispatcher reads the outbox itself (ADR 18).
  const dispatcher = startDispatcher(delivery, queue.bell, options.delivery);
  queue.onStop(() => dispatcher.stop());
  // Jobs of the per-message queue written before the dispatcher existed: their messages are in
  // the outbox and the dispatcher sends them; the jobs only need to be done with.
  await queue.boss.work(QUEUES.deliverMessage, polling, async () => queue.bell.ring());
  await queue.boss.unschedule(QUEUES.outboxSweep).catch(() => {});

  await queue.boss.work<{ purpose: AccountEmailPurpose; email: string }>(
    QUEUES.accountEmail,
    { pollingIntervalSeconds: Math.min(polling.pollingIntervalSeconds, 0.5), batchSize: 20 },
    async (jobs) => {
      // Each job looks one address up. A failure retries that job alone: throwing would retry the
      // whole batch and send the others twice (pg-boss completes only the jobs still active).
      await Promise.all(
        jobs.map((job) =>
          sendAccountEmail(deps, job.data.purpose, job.data.email).catch((error: Error) =>
            queue.boss.fail(QUEUES.accountEmail, job.id, { message: error.message }),
          ),
        ),
      );
    },
  );

  await queue.boss.work<{ uploadId: string }>(QUEUES.resizeImage, polling, async (jobs) => {
    for (const job of jobs) await makeWebVersion(deps, job.data.uploadId);
  });

  await queue.boss.work(QUEUES.uploadsSweep, polling, async () => {
    await sweepAbandonedUploads(deps);
  });
  await queue.boss.work(QUEUES.leadStats, polling, async () => {
    // leads_count windows slide with time even when no lead arrives.
    await refreshAgentStats(deps.database.db);
    await reconcileLeadCounts(deps.database.db);
  });
  await queue.boss.work(QUEUES.brokerReminders, polling, async () => {
    // Brokers who have not signed the master agreement three days after the last e-mail.
    await sendBrokerReminders(deps);
  });
  await queue.boss.schedule(QUEUES.brokerReminders, '37 * * * *', {}, { retryLimit: 1 });
  await queue.boss.schedule(QUEUES.uploadsSweep, '17 * * * *', {}, { retryLimit: 0 });
  await queue.boss.schedule(QUEUES.leadStats, '7 * * * *', {}, { retryLimit: 1 });
  return { dispatcher };
}
