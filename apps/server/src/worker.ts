import { ConfigError, loadConfig, loadDotEnv } from './config';
import { startWorkers } from './jobs/workers';
import { closeRuntime, openRuntime } from './runtime';

/** A job worker on its own (PostgreSQL deployments): run as many as the load needs. */
async function main() {
  loadDotEnv();
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      'npm run worker needs DATABASE_URL: with the embedded database, the server runs the jobs itself.',
    );
    process.exit(1);
  }
  const deps = await openRuntime(config);
  await startWorkers(deps.queue, deps);
  console.log('Worker started; waiting for jobs.');
  const stop = async () => {
    await closeRuntime(deps);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
