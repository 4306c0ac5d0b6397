import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { startWorkers } from './jobs/workers';
import { closeRuntime, DataDirInUseError, lockDataDir, openDeps, prepareRuntime } from './runtime';
import { formatDemoBanner, isDatabaseEmpty, seedDemo } from './seed/demo';

/** Starts the portal: API, built web app and (unless RUN_WORKERS=false) the job workers. */
async function main() {
  // How long each part of the start took, printed with the ready line (ADR 21: warm start < 3 s).
  const phases: string[] = [];
  let mark = 0;
  const phase = (name: string) => {
    const now = performance.now();
    phases.push(`${name} ${((now - mark) / 1000).toFixed(2)}`);
    mark = now;
  };
  phase('node and code');
  loadDotEnv();
  const config = loadConfig();
  // Before PGlite opens: a second process on the same data folder would lose writes silently.
  const releaseLock = await lockDataDir(
    config,
    { role: 'server', url: config.publicUrl },
    {
      onLost: (message) => {
        console.error(`${message}\nStopping at once: two processes must not write one embedded database.`);
        process.exit(1);
      },
    },
  );
  let ready = false;
  const deps = await openDeps(config);
  phase('database');
  const app = await buildApp(deps, {
    logger: { level: config.logLevel },
    serveWeb: true,
    isReady: () => ready,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    // A connection left waiting by a database restart must not keep a stopping process alive.
    setTimeout(() => {
      app.log.error('shutdown took longer than 20 s; exiting');
      process.exit(1);
    }, 20_000).unref();
    await app.close().catch(() => {});
    await closeRuntime(deps);
    releaseLock();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  phase('routes');
  await prepareRuntime(deps);
  phase('migrations and queue');
  let banner = '';
  if (config.seedDemo && (await isDatabaseEmpty(deps))) {
    banner = formatDemoBanner(config.publicUrl, await seedDemo(deps));
  }
  phase('demo data');
  if (config.runWorkers) await startWorkers(deps.queue, deps);
  phase('workers');
  ready = true;
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(
    `\nAgent portal ready at ${config.publicUrl} (database: ${where}; API docs: ${config.publicUrl}${config.apiBase}/docs)`,
  );
  console.log(`Started in ${(performance.now() / 1000).toFixed(2)} s (seconds: ${phases.join(', ')})`);
  if (banner) console.log(banner);
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
