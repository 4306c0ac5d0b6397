import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations');

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Raw SQL for pg-boss and health checks. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance in embedded mode (tests dump and clone it). */
  pglite?: PGlite;
}

export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob | File } = {},
): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // Each mode imports only its own driver: the other one would cost ~0.2 s of CPU at every start.
  const [{ PGlite }, { pg_trgm }, { btree_gin }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('@electric-sql/pglite/contrib/btree_gin'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
  const client = await PGlite.create(options.dataDir ?? 'memory://', {
    loadDataDir: options.loadDataDir,
    // The searches use trigram indexes (migration 0011), an agent's own starting from the agent
    // (btree_gin, migration 0030), as on PostgreSQL.
    extensions: { pg_trgm, btree_gin },
    // PostgreSQL's 128 MB default buffer pool is zeroed by the WebAssembly build at every start,
    // ~1 s of CPU; 32 MB costs a quarter of that and holds an embedded database's working set.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
  });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    // pg-boss sends multi-statement scripts without parameters: those need exec().
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

const MIGRATION_LOCK = 727_070;

/** The pool of one process: DATABASE_POOL_MAX and the timeouts (config.ts). */
export interface PoolOptions {
  max: number;
  /** 0: no limit. */
  statementTimeoutMs: number;
  idleTimeoutMs: number;
  connectTimeoutMs: number;
}

export const DEFAULT_POOL: PoolOptions = {
  max: 10,
  statementTimeoutMs: 0,
  idleTimeoutMs: 30_000,
  connectTimeoutMs: 5000,
};

export async function openPostgres(
  connectionString: string,
  options: Partial<PoolOptions> = {},
): Promise<Database> {
  const pooled = { ...DEFAULT_POOL, ...options };
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({
    connectionString,
    max: pooled.max,
    connectionTimeoutMillis: pooled.connectTimeoutMs,
    idleTimeoutMillis: pooled.idleTimeoutMs,
    // Set on each connection as it opens: PostgreSQL cancels a statement that runs longer.
    ...(pooled.statementTimeoutMs > 0 ? { statement_timeout: pooled.statementTimeoutMs } : {}),
  });
  // A dropped connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => {});
  // A connection killed mid-query (a database restart) errors on the client itself; the query
  // that was running fails and is answered 5xx, the process must not crash.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzleNodePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    executeSql: (text, values) => pool.query(text, values as unknown[]),
    migrate: async () => {
      // Several processes may start at once: one migrates, the others wait for it.
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migrateNodePg(drizzleNodePg({ client: conn, casing: 'snake_case' }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(config: {
  databaseUrl?: string;
  dataDir: string;
  databasePool?: PoolOptions;
}): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePool);
  return openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
}
