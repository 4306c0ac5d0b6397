import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/db/client';
import { databaseName, isStaleRun, RUN_PREFIX } from '../helpers/database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's migrated template: a PGlite data dump file, or a PostgreSQL database name. */
    databaseTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string; run: string };
  }
}

/**
 * Migrates the schema once per run: a PGlite data dump each test worker loads in about a second,
 * or a PostgreSQL template database each worker clones. Names carry the run's own id, so runs on
 * one machine (or one PostgreSQL) never touch each other's databases; the teardown removes them.
 */
export default async function setup(project: TestProject) {
  const run = `${RUN_PREFIX}${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = databaseName(run, 'template');
    await withAdmin(url, async (admin) => {
      // Databases of runs that ended without their teardown (a killed run) go too.
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where starts_with(datname, $1)',
        [RUN_PREFIX],
      );
      for (const { datname } of rows) {
        if (isStaleRun(datname)) await admin.query(`drop database if exists ${datname} with (force)`);
      }
      await admin.query(`create database ${name}`);
    });
    const template = new URL(url);
    template.pathname = `/${name}`;
    const database = await openPostgres(template.toString(), { max: 1 });
    await database.migrate();
    // pg-boss creates its schema on first start; do it here so every clone has it.
    const { createQueue } = await import('../../src/jobs/queue');
    const queue = await createQueue(database);
    await queue.stop();
    await database.close();
    project.provide('databaseTemplate', { kind: 'postgres', name, run });
    return async () => {
      await withAdmin(url, async (admin) => {
        const { rows } = await admin.query<{ datname: string }>(
          `select datname from pg_database where starts_with(datname, $1) and datname <> $2`,
          [run, name],
        );
        for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
        await admin.query(`drop database if exists ${name} with (force)`);
      });
    };
  }
  const database = await openPglite();
  await database.migrate();
  const { createQueue } = await import('../../src/jobs/queue');
  const queue = await createQueue(database);
  await queue.stop();
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const folder = path.resolve(import.meta.dirname, '../../../../.data-test');
  mkdirSync(folder, { recursive: true });
  for (const left of readdirSync(folder)) {
    if (left.startsWith(RUN_PREFIX) && isStaleRun(left)) rmSync(path.join(folder, left), { force: true });
  }
  const file = path.join(folder, `${run}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { kind: 'pglite', file });
  return () => rmSync(file, { force: true });
}

async function withAdmin(url: string, work: (admin: pg.Client) => Promise<void>) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}
