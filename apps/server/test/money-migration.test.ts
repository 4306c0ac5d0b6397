import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, MIGRATIONS_FOLDER, openPglite, openPostgres } from '../src/db/client';
import { refreshAgentMoney } from '../src/modules/billing/totals';

/**
 * Migration 0028 (ADR 66): the agent record's money columns, double precision until then, become
 * exact without any amount moving by more than rounding to the cent, and what they held is carried
 * over into the ledger, so the totals computed from it are the amounts stored. Run on a database
 * migrated to 0027 with rows written as the old columns held them.
 */
const MONEY_MIGRATION = '0028_referral_fees.sql';

const files = readdirSync(MIGRATIONS_FOLDER)
  .filter((name) => name.endsWith('.sql'))
  .sort();
const statementsOf = (name: string) =>
  readFileSync(path.join(MIGRATIONS_FOLDER, name), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);

interface Raw {
  database: Database;
  query(text: string): Promise<{ rows: Record<string, unknown>[] }>;
  close(): Promise<void>;
}

/** A database with nothing in it: PGlite, or a PostgreSQL database of its own with TEST_DATABASE_URL. */
async function openEmpty(): Promise<Raw> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openPglite();
    return {
      database,
      query: (text) => database.executeSql(text) as never,
      close: () => database.close(),
    };
  }
  const name = `portal_test_money_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), { max: 2 });
  return {
    database,
    query: (text) => database.executeSql(text) as never,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name}`);
      await cleanup.end();
    },
  };
}

let raw: Raw;
beforeAll(async () => {
  raw = await openEmpty();
  await raw.query('create extension if not exists pg_trgm');
  for (const file of files.filter((name) => name < MONEY_MIGRATION)) {
    for (const statement of statementsOf(file)) await raw.query(statement);
  }
  // Agents as the console left them: amounts typed by hand into double precision columns.
  await raw.query(`
    insert into users (id, email) values
      ('00000000-0000-4000-8000-000000000001', 'a@x.test'),
      ('00000000-0000-4000-8000-000000000002', 'b@x.test'),
      ('00000000-0000-4000-8000-000000000003', 'c@x.test')`);
  await raw.query(`
    insert into agents (id, user_id, agent_uri, total_closings, total_gross_commission_earned,
      total_fees_paid, total_ad_spend, deposit_amount_paid, refund) values
      ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000001', 'a', 3, 37037.01,
        9259.253, 1200.1, 500, '{"refunded": true, "amount": 125.555, "notes": "Ads paused"}'),
      ('00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-000000000002', 'b', 1, 0.1 + 0.2,
        0, 0, 0, '{"refunded": false, "amount": 0, "notes": ""}'),
      ('00000000-0000-4000-8000-00000000000c', '00000000-0000-4000-8000-000000000003', 'c', 0, 0,
        0, 0, 0, '{"refunded": false, "amount": 0, "notes": ""}')`);
  // One of agent a's closings is a closed lead already.
  await raw.query(`
    insert into leads (agent_id, lead_type, zip, source, status, stage, gross_commission, closing_date)
    values ('00000000-0000-4000-8000-00000000000a', 'fsbo', '85004', 'test', 'closed', 'closed', 12345.67, '2026-10-01')`);
  for (const statement of statementsOf(MONEY_MIGRATION)) await raw.query(statement);
}, 120_000);
afterAll(() => raw?.close());

const agent = async (letter: string) =>
  (
    await raw.query(`
      select total_closings, total_gross_commission_earned::text as commission, total_fees_paid::text as fees,
        total_ad_spend::text as ads, deposit_amount_paid::text as deposit, refund
      from agents where id = '00000000-0000-4000-8000-00000000000${letter}'`)
  ).rows[0]!;

describe('the money columns', () => {
  it('keep every stored amount, rounded to the cent', async () => {
    expect(await agent('a')).toEqual({
      total_closings: 3,
      commission: '37037.01',
      fees: '9259.25',
      ads: '1200.10',
      deposit: '500.00',
      refund: { refunded: true, amount: 125.56, notes: 'Ads paused' },
    });
    expect((await agent('b')).commission).toBe('0.30');
  });

  it('are carried over into the ledger, so totals computed from it and the closed leads are the amounts stored', async () => {
    const { rows } = await raw.query(`
      select agent_id::text, kind, amount_cents::text as cents, details
      from ledger_entries order by agent_id, kind`);
    expect(rows).toEqual([
      {
        agent_id: '00000000-0000-4000-8000-00000000000a',
        kind: 'deposit',
        cents: '50000',
        details: {},
      },
      {
        agent_id: '00000000-0000-4000-8000-00000000000a',
        kind: 'opening',
        cents: '925925',
        // 3 closings and 37,037.01 stored, of which one closed lead of 12,345.67.
        details: { closings: 2, gross_commission_cents: 2469134 },
      },
      {
        agent_id: '00000000-0000-4000-8000-00000000000a',
        kind: 'refund',
        cents: '12556',
        details: { refunded: true },
      },
      {
        agent_id: '00000000-0000-4000-8000-00000000000b',
        kind: 'opening',
        cents: '0',
        details: { closings: 1, gross_commission_cents: 30 },
      },
    ]);
  });

  it('give back the amounts stored when the totals are computed from the ledger and the closed leads', async () => {
    for (const letter of ['a', 'b', 'c']) {
      const before = await agent(letter);
      await refreshAgentMoney(raw.database.db, `00000000-0000-4000-8000-00000000000${letter}`);
      expect(await agent(letter)).toEqual(before);
    }
  });

  it('refuse to change or remove a ledger entry', async () => {
    await expect(raw.query('delete from ledger_entries')).rejects.toThrow(/never changed or removed/);
  });
});
