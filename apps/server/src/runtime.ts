import type { AppDeps } from './app-context';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { createQueue } from './jobs/queue';
import { createProviders } from './providers';

/** Opens the database and picks the providers; nothing is migrated yet. */
export async function openDeps(config: Config): Promise<AppDeps> {
  const database = await openDatabase(config);
  // The queue is started by prepareRuntime, after migrations; until then the app answers 503.
  return { config, database, providers: createProviders(config), queue: undefined as never };
}

/** Migrates the database and starts the job queue. */
export async function prepareRuntime(deps: AppDeps): Promise<void> {
  await deps.database.migrate();
  deps.queue = await createQueue(deps.database);
}

/** Both steps at once: what the worker and the CLI use. */
export async function openRuntime(config: Config): Promise<AppDeps> {
  const deps = await openDeps(config);
  try {
    await prepareRuntime(deps);
    return deps;
  } catch (error) {
    await deps.database.close().catch(() => {});
    throw error;
  }
}

export async function closeRuntime(deps: AppDeps): Promise<void> {
  await deps.queue?.stop().catch(() => {});
  await deps.providers.mail.close?.().catch(() => {});
  await deps.providers.storage.close?.().catch(() => {});
  await deps.database.close().catch(() => {});
}

// PGlite is one process's database: the data folder's lease (ADR 34).
export {
  type DataDirHolder,
  DataDirInUseError,
  describeHolder,
  holderOfDataDir,
  lockDataDir,
} from './data-dir-lock';

export type { Database };
