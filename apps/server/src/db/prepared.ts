import type { Db } from './client';

/**
 * Builds a set of prepared statements once per database handle. Drizzle then skips building the
 * SQL on every call, which matters on hot paths (every authenticated request reads the user).
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let statements = cache.get(db);
    if (!statements) {
      statements = build(db);
      cache.set(db, statements);
    }
    return statements;
  };
}
