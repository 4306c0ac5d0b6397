import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../../src/db/client';
import { TEMPLATE_DB, TEMPLATE_FILE } from '../helpers/database';

/**
 * Migrates the schema once per run: a PGlite data dump each test file loads in well under a
 * second, or a PostgreSQL template database each test file clones.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${TEMPLATE_DB}'`,
      );
      await admin.query(`drop database if exists ${TEMPLATE_DB}`);
      await admin.query(`create database ${TEMPLATE_DB}`);
    } finally {
      await admin.end();
    }
    const template = new URL(url);
    template.pathname = `/${TEMPLATE_DB}`;
    const database = await openPostgres(template.toString(), { max: 1 });
    await database.migrate();
    // pg-boss creates its schema on first start; do it here so every clone has it.
    const { createQueue } = await import('../../src/jobs/queue');
    const queue = await createQueue(database);
    await queue.stop();
    await database.close();
    return;
  }
  const database = await openPglite();
  await database.migrate();
  const { createQueue } = await import('../../src/jobs/queue');
  const queue = await createQueue(database);
  await queue.stop();
  const dump = await database.pglite!.dumpDataDir('none');
  mkdirSync(path.dirname(TEMPLATE_FILE), { recursive: true });
  writeFileSync(TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
