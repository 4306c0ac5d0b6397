import type { AppDeps } from '../app-context';
import { type DeliveryDeps, deliverMessage, dispatch, findStrandedMessages } from '../lib/outbox';
import { type AccountEmailPurpose, sendAccountEmail } from '../modules/auth/links';
import { reconcileLeadCounts, refreshAgentStats } from '../modules/leads/stats';
import { sendBrokerReminders } from '../modules/signing/service';
import { notifyOfficeOfFailedTest } from '../modules/signup-tests/report-failure';
import { makeWebVersion } from '../modules/uploads/resize';
import { sweepAbandonedUploads } from '../modules/uploads/service';
import { QUEUES, type Queue } from './queue';

export interface WorkerOptions {
  pollingIntervalSeconds?: number;
}

/** Registers every job handler on this process. Any number of processes may do this. */
export async function startWorkers(queue: Queue, deps: AppDeps, options: WorkerOptions = {}): Promise<void> {
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 };
  const delivery: DeliveryDeps = {
    db: deps.database.db,
    mail: deps.providers.mail,
    sms: deps.providers.sms,
    onFinalFailure: (message) => notifyOfficeOfFailedTest(deps, message),
  };

  await queue.boss.work<{ id: string }>(
    QUEUES.deliverMessage,
    { ...polling, includeMetadata: true },
    async (jobs) => {
      for (const job of jobs) {
        await deliverMessage(delivery, job.data.id, { finalAttempt: job.retryCount >= job.retryLimit });
      }
    },
  );

  await queue.boss.work<{ purpose: AccountEmailPurpose; email: string }>(
    QUEUES.accountEmail,
    { pollingIntervalSeconds: Math.min(polling.pollingIntervalSeconds, 1) },
    async (jobs) => {
      for (const job of jobs) await sendAccountEmail(deps, job.data.purpose, job.data.email);
    },
  );

  await queue.boss.work<{ uploadId: string }>(QUEUES.resizeImage, polling, async (jobs) => {
    for (const job of jobs) await makeWebVersion(deps, job.data.uploadId);
  });

  await queue.boss.work(QUEUES.outboxSweep, polling, async () => {
    // A job can be lost between a commit and its enqueue (a crash); the sweep finds such messages.
    const ids = await findStrandedMessages(deps.database.db, 10 * 60);
    if (ids.length > 0) await dispatch(queue, ...ids);
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
  await queue.boss.schedule(QUEUES.outboxSweep, '*/5 * * * *', {}, { retryLimit: 0 });
}
