import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../src/db/client';
import { forgetSettings } from '../../src/lib/settings';

export const TEMPLATE_DB = 'portal_test_template';
export const TEMPLATE_FILE = path.resolve(import.meta.dirname, '../../../../.data-test/pglite-template.tar');

export interface TestDatabase {
  database: Database;
  url?: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file, cloned from the run's template. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dump = new Blob([readFileSync(TEMPLATE_FILE)]);
    const database = await openPglite({ loadDataDir: dump });
    return { database, drop: () => database.close() };
  }
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), { max: 5 });
  return {
    database,
    url: target.toString(),
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

const TABLES = [
  'signature_events',
  'signature_signers',
  'signature_requests',
  'message_attempts',
  'call_events',
  'lead_events',
  'lead_counts',
  'lead_versions',
  'leads',
  'api_keys',
  'recipient_sessions',
  'recipients',
  'onboarding_calls',
  'uploads',
  'ratings',
  'group_memberships',
  'groups',
  'agents',
  'refresh_tokens',
  'session_families',
  'one_time_tokens',
  'pending_registrations',
  'access_codes',
  'audit_log',
  'outbox_messages',
  'rate_limits',
  'provider_buckets',
  'provider_usage',
  'provider_slots',
  'settings',
  'users',
];

/** Empties every table between tests: far cheaper than a new database. */
export async function resetTables(database: Database): Promise<void> {
  await database.executeSql(`truncate table ${TABLES.join(', ')} restart identity cascade`);
  await database.executeSql('delete from pgboss.job');
  forgetSettings();
}
