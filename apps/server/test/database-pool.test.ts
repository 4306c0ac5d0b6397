import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../src/db/client';

/**
 * The PostgreSQL pool of one process (DATABASE_POOL_MAX and the timeouts, ARCHITECTURE.md):
 * a statement running past the timeout is cancelled by PostgreSQL and answered as an error, the
 * pool never opens more connections than its size, and what waits for one fails after the
 * connect timeout instead of hanging. PostgreSQL only: PGlite has no pool.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('the PostgreSQL pool', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPostgres(url!, {
      max: 2,
      statementTimeoutMs: 300,
      idleTimeoutMs: 5000,
      connectTimeoutMs: 500,
    });
  });
  afterAll(() => database?.close());

  it('cancels a statement that runs past the timeout, and the connection serves the next one', async () => {
    await expect(database.executeSql('select pg_sleep(2)')).rejects.toThrow(/statement timeout/);
    const { rows } = await database.executeSql('show statement_timeout');
    expect(rows).toEqual([{ statement_timeout: '300ms' }]);
  });

  it('opens at most its size, and a request waiting longer than the connect timeout fails', async () => {
    const held = [
      database.executeSql('select pg_sleep(0.25), pg_backend_pid() as pid'),
      database.executeSql('select pg_sleep(0.25), pg_backend_pid() as pid'),
    ];
    const third = database.executeSql('select pg_backend_pid() as pid');
    const pids = new Set(
      (await Promise.all([...held, third])).map(({ rows }) => (rows[0] as { pid: number }).pid),
    );
    expect(pids.size).toBe(2);
    // Four statements of 0.29 s hold both connections for about 0.58 s, longer than a request
    // behind them may wait (0.5 s): it gives up rather than hang.
    const queued = Array.from({ length: 4 }, () => database.executeSql('select pg_sleep(0.29)'));
    await expect(database.executeSql('select 1')).rejects.toThrow(/timeout/i);
    await Promise.allSettled(queued);
  });
});
