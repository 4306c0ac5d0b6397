import type { Executor } from './client';

/**
 * A hot statement written once as SQL, run through the driver behind an executor: the pool or
 * the transaction's own connection (PostgreSQL), or PGlite or its transaction. Drizzle would
 * build the query object again on every call (~0.2 ms on a path whose budget is 1 ms). On
 * PostgreSQL the statement is named, so each connection plans it once.
 */
export interface RawStatement {
  name: string;
  text: string;
}

type PgClient = {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
};
type PgliteClient = {
  exec: unknown;
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
};

/** The driver's client a drizzle database or transaction runs its queries on. */
function clientOf(db: Executor): PgClient | PgliteClient {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client || typeof (client as { query?: unknown }).query !== 'function') {
    throw new Error('runRaw: this executor has no driver client (drizzle internals changed?)');
  }
  return client as PgClient | PgliteClient;
}

export async function runRaw<Row>(db: Executor, statement: RawStatement, values: unknown[]): Promise<Row[]> {
  const client = clientOf(db);
  // PGlite (and its transactions) run in-process, one statement at a time: nothing to name.
  const result =
    'exec' in client
      ? await client.query(statement.text, values)
      : await (client as PgClient).query({ name: statement.name, text: statement.text, values });
  return result.rows as Row[];
}
