import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client';
import { forgetSettings } from '../../src/lib/settings';

/** Every test database's name starts so; then the run's start time (base 36) and its own id. */
export const RUN_PREFIX = 'portal_test_';
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

export const databaseName = (run: string, what: string) => `${run}_${what}`;

/** A database left by a run that started hours ago: the run was killed before its teardown. */
export function isStaleRun(name: string, now = Date.now()): boolean {
  const started = Number.parseInt(name.slice(RUN_PREFIX.length).split('_')[0] ?? '', 36);
  return Number.isFinite(started) && now - started > STALE_AFTER_MS;
}

export interface TestDatabase {
  database: Database;
  url?: string;
  /** Done with it: the worker's own database is kept for the next file, any other one dropped. */
  drop(): Promise<void>;
}

interface Opened {
  database: Database;
  url?: string;
  destroy(): Promise<void>;
}

/** A new database cloned from the run's migrated template (global-setup.ts). */
async function openClone(what: string): Promise<Opened> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    const database = await openPglite({ loadDataDir: new Blob([readFileSync(template.file)]) });
    return { database, destroy: () => database.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('The run made a PostgreSQL template but TEST_DATABASE_URL is not set');
  const name = databaseName(template.run, what);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template.name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), { max: 5 });
  return {
    database,
    url: target.toString(),
    destroy: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/**
 * The test worker's own database. The worker runs its files one after another (isolate: false in
 * vitest.config.ts), and each file finds it as a fresh clone would be: every table emptied and the
 * queue's jobs and schedules gone. Loading a PGlite dump or starting a pool costs a second or
 * more; emptying the tables tens of milliseconds.
 */
let kept: Promise<Opened> | null = null;
let lent = false;

/** A migrated database for one test file, as empty as the run's template. */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (lent) {
    // A second database held at the same time as the first (a file that runs two apps at once):
    // a clone of its own, dropped when done.
    const opened = await openClone(randomBytes(4).toString('hex'));
    return { database: opened.database, url: opened.url, drop: opened.destroy };
  }
  lent = true;
  try {
    kept ??= openClone(workerDatabaseName());
    let opened = await kept;
    if (!(await emptied(opened.database))) {
      // The last file closed it, or broke it: a new clone.
      await opened.destroy().catch(() => {});
      kept = openClone(workerDatabaseName());
      opened = await kept;
      await resetDatabase(opened.database);
    }
    return {
      database: opened.database,
      url: opened.url,
      drop: async () => {
        lent = false;
      },
    };
  } catch (error) {
    kept = null;
    lent = false;
    throw error;
  }
}

const workerDatabaseName = () => `w${process.env.VITEST_POOL_ID ?? '0'}_${randomBytes(2).toString('hex')}`;

async function emptied(database: Database): Promise<boolean> {
  if (database.pglite?.closed) return false;
  try {
    await resetDatabase(database);
    return true;
  } catch {
    return false;
  }
}

/** The tables of the schema, read once per database: every one starts empty in the template. */
const tablesOf = new WeakMap<Database, Promise<string[]>>();
function tables(database: Database): Promise<string[]> {
  let found = tablesOf.get(database);
  if (!found) {
    found = database
      .executeSql(`select tablename from pg_tables where schemaname = 'public' order by tablename`, [])
      .then(({ rows }) => (rows as { tablename: string }[]).map((row) => `"${row.tablename}"`));
    tablesOf.set(database, found);
  }
  return found;
}

/** Empties every table between tests: far cheaper than a new database. */
export async function resetTables(database: Database): Promise<void> {
  await database.executeSql(`truncate table ${(await tables(database)).join(', ')} restart identity cascade`);
  await database.executeSql('delete from pgboss.job');
  forgetSettings();
}

/** Back to the template: the tables, and what the last file's queue kept (jobs, archive, schedules). */
async function resetDatabase(database: Database): Promise<void> {
  await resetTables(database);
  await database.executeSql('delete from pgboss.archive');
  await database.executeSql('delete from pgboss.schedule');
}
