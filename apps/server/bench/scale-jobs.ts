import { loadConfig } from '../src/config';
import { SCHEDULED_JOBS } from '../src/jobs/workers';
import { closeRuntime, openRuntime } from '../src/runtime';

/**
 * The job process of bench/scale.ts: a worker as in production, in a process of its own so that
 * the jobs' JavaScript does not share the event loop of the load generator. It prints "ready";
 * on SIGUSR2 it starts every handler of SCHEDULED_JOBS at once, as when every schedule falls due
 * on the same tick, each run once to its end, and prints one line: `jobs <JSON>` with each job's
 * time and its error. SIGTERM ends it.
 */
export interface JobRuns {
  runs: number;
  longestMs: number;
  totalMs: number;
  errors: number;
  lastError: string | null;
}

const deps = await openRuntime(loadConfig(process.env));

async function runEveryJob(): Promise<Record<string, JobRuns>> {
  const runs: Record<string, JobRuns> = {};
  await Promise.all(
    Object.entries(SCHEDULED_JOBS).map(async ([name, job]) => {
      const own: JobRuns = { runs: 1, longestMs: 0, totalMs: 0, errors: 0, lastError: null };
      runs[name] = own;
      const started = performance.now();
      try {
        await job(deps);
      } catch (error) {
        own.errors += 1;
        own.lastError = (error as Error).message;
      }
      own.longestMs = own.totalMs = performance.now() - started;
    }),
  );
  return runs;
}

process.once('SIGUSR2', async () => {
  const runs = await runEveryJob();
  process.stdout.write(`jobs ${JSON.stringify(runs)}\n`);
});
process.on('SIGTERM', async () => {
  await closeRuntime(deps);
  process.exit(0);
});
process.stdout.write('ready\n');
