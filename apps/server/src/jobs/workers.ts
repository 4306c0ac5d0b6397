import type { AppDeps } from '../app-context';
import type { DeliveryDeps } from '../lib/outbox';
import { sendDueAgendas } from '../modules/agenda/agenda';
import { sendDueDigests } from '../modules/agenda/digest';
import { type AccountEmailJob, sendAccountEmail } from '../modules/auth/links';
import { runBillingJob } from '../modules/billing/notify';
import { endHolds } from '../modules/leads/holds';
import { startOfferSweeper } from '../modules/leads/offers';
import { reconcileAgentStats } from '../modules/leads/stats';
import { runRetentionJob } from '../modules/retention/cleanup';
import { refreshScorecards } from '../modules/scorecards/compute';
import { sendBrokerReminders } from '../modules/signing/service';
import { notifyOfficeOfFailedTest } from '../modules/signup-tests/report-failure';
import { makeWebVersion } from '../modules/uploads/resize';
import { purgeDeletedUploads, sweepAbandonedUploads } from '../modules/uploads/service';
import { type Dispatcher, type DispatcherOptions, startDispatcher } from './dispatcher';
import { QUEUES, type Queue } from './queue';

export interface WorkerOptions {
  pollingIntervalSeconds?: number;
  /** The delivery dispatcher's own options (tests shorten its claims and idle looks). */
  delivery?: DispatcherOptions;
}

/** Whether this process sends texts and calls: Twilio, or the embedded outbox outside production. */
export const deliversTexts = (deps: Pick<AppDeps, 'providers'>) => deps.providers.sms.name !== 'unconfigured';

/**
 * The scheduled jobs, by queue name: what each does when its time comes. pg-boss gives each
 * schedule's job to one process (the cron below); the bench runs them all at once (bench/scale.ts).
 */
export const SCHEDULED_JOBS: Record<string, (deps: AppDeps) => Promise<unknown>> = {
  [QUEUES.uploadsSweep]: async (deps) => {
    await sweepAbandonedUploads(deps);
    // Objects of deleted uploads: retried while storage fails, and once more when the upload URL
    // can no longer write (ADR 31).
    await purgeDeletedUploads(deps);
  },
  // leads_count windows slide with time even when no lead arrives; lead_counts is checked too.
  [QUEUES.leadStats]: (deps) => reconcileAgentStats(deps.database.db),
  // Brokers who have not signed the master agreement three days after the last e-mail.
  [QUEUES.brokerReminders]: (deps) => sendBrokerReminders(deps),
  // Agents whose 7:30 has come today, in their own zones; each once per local day.
  [QUEUES.dailyAgenda]: (deps) => sendDueAgendas(deps),
  // Offices on Monday from 7:30 in the office's zone; each once per week.
  [QUEUES.weeklyDigest]: (deps) => sendDueDigests(deps),
  // Leads on hold whose day has come are pursued again (idempotent across processes).
  [QUEUES.leadHolds]: (deps) => endHolds(deps.database.db, deps.config.onboardingCalls.officeTimezone),
  // Every active agent's scorecard and the floors it misses, which routing reads (ADR 62).
  [QUEUES.scorecards]: (deps) => refreshScorecards(deps.database.db),
  // Invoices to e-mail, their reminders, settlement statements due soon (ADR 66); each once.
  [QUEUES.billing]: (deps) => runBillingJob(deps),
  // Spent links, ended sessions, old counters, old message texts and audit entries (ADR 67).
  [QUEUES.retention]: (deps) => runRetentionJob(deps),
};

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
    // A process without the SMS settings where texts must really go out (production) leaves
    // texts and calls to the processes that have them, instead of failing them for everyone.
    sms: deliversTexts(deps) ? deps.providers.sms : undefined,
    onFinalFailure: (message) => notifyOfficeOfFailedTest(deps, message),
  };
  if (!delivery.sms) {
    console.info(
      `[delivery] this process sends e-mail (${deps.providers.mail.name}); it does not send texts or calls: TWILIO_* not set`,
    );
  } else if (deps.config.production) {
    console.info(
      `[delivery] this process sends e-mail (${deps.providers.mail.name}), texts and calls (${deps.providers.sms.name})`,
    );
  }

  // Messages: the dispatcher reads the outbox itself (ADR 18). A message committed by any process
  // rings this process's bell (ADR 59); the idle look at the outbox stays for what a ring misses.
  const dispatcher = startDispatcher(delivery, queue.bell, options.delivery);
  const stopRinging = queue.events.onOutbox(() => queue.bell.ring());
  queue.onStop(async () => {
    stopRinging();
    await dispatcher.stop();
  });
  // Offers past their deadline lapse and go to the next agent (ADR 62): every process looks.
  const sweeper = startOfferSweeper(deps, deps.config.offerSweepMs);
  queue.onStop(() => sweeper.stop());

  await queue.boss.work<AccountEmailJob>(
    QUEUES.accountEmail,
    { pollingIntervalSeconds: Math.min(polling.pollingIntervalSeconds, 0.5), batchSize: 20 },
    async (jobs) => {
      // Each job looks one address up. A failure retries that job alone: throwing would retry the
      // whole batch and send the others twice (pg-boss completes only the jobs still active).
      await Promise.all(
        jobs.map((job) =>
          sendAccountEmail(deps, job.data.purpose, job.data.email, job.data.lang).catch((error: Error) =>
            queue.boss.fail(QUEUES.accountEmail, job.id, { message: error.message }),
          ),
        ),
      );
    },
  );

  await queue.boss.work<{ uploadId: string }>(QUEUES.resizeImage, polling, async (jobs) => {
    for (const job of jobs) await makeWebVersion(deps, job.data.uploadId);
  });

  for (const [name, job] of Object.entries(SCHEDULED_JOBS)) {
    await queue.boss.work(name, polling, async () => {
      await job(deps);
    });
  }
  await queue.boss.schedule(QUEUES.brokerReminders, '37 * * * *', {}, { retryLimit: 1 });
  // Every five minutes: a hold ends within minutes of the agent's midnight.
  await queue.boss.schedule(QUEUES.leadHolds, '*/5 * * * *', {}, { retryLimit: 1 });
  // Every five minutes: 7:30 comes at a different moment in each agent's zone. Tests give these
  // jobs their own clock; on the real one they would mail other suites' agents at their 7:30.
  if (deps.config.env !== 'test') {
    await queue.boss.schedule(QUEUES.dailyAgenda, '*/5 * * * *', {}, { retryLimit: 0 });
    await queue.boss.schedule(QUEUES.weeklyDigest, '*/5 * * * *', {}, { retryLimit: 0 });
    await queue.boss.schedule(QUEUES.billing, '*/5 * * * *', {}, { retryLimit: 0 });
    // Hourly, in bounded batches: a backlog goes over a few runs. Tests run it with their own clock.
    await queue.boss.schedule(QUEUES.retention, '23 * * * *', {}, { retryLimit: 1 });
  }
  // Every five minutes: the shortest backoff of an object deletion that failed.
  await queue.boss.schedule(QUEUES.uploadsSweep, '*/5 * * * *', {}, { retryLimit: 0 });
  await queue.boss.schedule(QUEUES.leadStats, '7 * * * *', {}, { retryLimit: 1 });
  // Every 15 minutes: the 90-day windows slide, and routing reads what agents did since.
  await queue.boss.schedule(QUEUES.scorecards, '*/15 * * * *', {}, { retryLimit: 1 });
  return { dispatcher };
}
