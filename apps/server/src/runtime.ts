import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

/**
 * PGlite is one process's database. The server marks the data folder it holds, so that the
 * CLI can say so clearly instead of corrupting it.
 */
const lockFile = (config: Config) => path.join(config.dataDir, 'server.lock');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export function holderOfDataDir(config: Config): { pid: number; url: string } | null {
  if (config.databaseUrl || !existsSync(lockFile(config))) return null;
  try {
    const lock = JSON.parse(readFileSync(lockFile(config), 'utf8')) as { pid: number; url: string };
    return lock.pid !== process.pid && alive(lock.pid) ? lock : null;
  } catch {
    return null;
  }
}

export function lockDataDir(config: Config, url: string): () => void {
  if (config.databaseUrl) return () => {};
  const holder = holderOfDataDir(config);
  if (holder) {
    throw new Error(
      `The data folder ${config.dataDir} is in use by another process (pid ${holder.pid}, ${holder.url}).`,
    );
  }
  writeFileSync(lockFile(config), JSON.stringify({ pid: process.pid, url }));
  return () => rmSync(lockFile(config), { force: true });
}

export type { Database };
