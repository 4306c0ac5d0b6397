import { type Column, getTableColumns, getTableName, is, SQL, sql } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Columns written from SQL rather than from the rows; an expression may read a row's value as `r.<column>`. */
export type ComputedColumns<T extends PgTable> = Partial<Record<keyof T['$inferInsert'] & string, SQL>>;

/**
 * Many rows in one statement with a single parameter: the rows go as one JSON array, read by
 * `json_populate_recordset` into the table's own row type, so each value is converted by the
 * column's type as a VALUES list would. The query builder's multi-row VALUES costs the process
 * tens of microseconds per value (a parameter each), which the intake pays for every field of
 * every lead and message inside its transaction; this costs one JSON.stringify.
 *
 * Answers `insert into <table> (<columns>) select ... from json_populate_recordset(...) r`, to
 * which the caller adds `on conflict` and `returning`; rowsOf reads the returned rows. The columns
 * are those any row names, plus `computed`. A row that leaves out a column another row names gets
 * that column's default when the default is a value or a function, and null when there is none;
 * a default written in SQL cannot be applied per row, so such a column is named by every row or by none.
 */
export function jsonInsert<T extends PgTable>(
  table: T,
  rows: T['$inferInsert'][],
  computed: ComputedColumns<T> = {},
): SQL {
  if (rows.length === 0) throw new Error('jsonInsert: no rows');
  const columns = shapeOf(table);
  // A value computed in the process ($defaultFn, or $onUpdate without a default) is drizzle's to
  // give, as its own insert would.
  const named = new Set(
    [...columns]
      .filter(
        ([key, { column }]) =>
          !(key in computed) &&
          (column.defaultFn !== undefined ||
            (column.default === undefined && column.onUpdateFn !== undefined)),
      )
      .map(([key]) => key),
  );
  for (const row of rows) {
    for (const key in row) {
      if ((row as Record<string, unknown>)[key] === undefined || key in computed || named.has(key)) continue;
      if (!columns.has(key)) throw new Error(`jsonInsert: ${getTableName(table)} has no column ${key}`);
      named.add(key);
    }
  }
  const keys = [...named].map((key) => ({ key, ...columns.get(key)! }));
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const { key, column, name, json } of keys) {
      let value = (row as Record<string, unknown>)[key];
      if (value === undefined) value = defaultOf(table, key, column);
      else if (is(value, SQL)) throw new Error(`jsonInsert: ${key} is SQL: pass it in computed`);
      // json and jsonb go as JSON; every other value as its driver value (a Date as ISO text).
      record[name] = value === null || json ? value : column.mapToDriverValue(value);
    }
    return record;
  });
  const extra = Object.entries(computed) as [string, SQL][];
  const written = [...keys.map(({ name }) => name), ...extra.map(([key]) => columns.get(key)!.name)];
  const selected = [
    ...keys.map(({ name }) => sql`r.${sql.identifier(name)}`),
    ...extra.map(([, value]) => value),
  ];
  const table_ = sql.identifier(getTableName(table));
  return sql`insert into ${table_} (${sql.join(
    written.map((name) => sql.identifier(name)),
    sql`, `,
  )}) select ${sql.join(selected, sql`, `)}
    from json_populate_recordset(null::${table_}, ${JSON.stringify(records)}::json) r`;
}

/** A column, its name in the database (as the client's `casing: 'snake_case'` makes it), whether it holds JSON. */
type ColumnShape = { column: Column; name: string; json: boolean };

const casing = new CasingCache('snake_case');
const shapes = new WeakMap<PgTable, Map<string, ColumnShape>>();

/** The table's columns by their key in the schema, worked out once per table. */
function shapeOf(table: PgTable): Map<string, ColumnShape> {
  let shape = shapes.get(table);
  if (!shape) {
    shape = new Map(
      Object.entries(getTableColumns(table) as Record<string, Column>).map(([key, column]) => [
        key,
        { column, name: casing.getColumnCasing(column), json: column.dataType === 'json' },
      ]),
    );
    shapes.set(table, shape);
  }
  return shape;
}

/** What a row that leaves the column out gets, as drizzle's own insert would give it. */
function defaultOf(table: PgTable, key: string, column: Column): unknown {
  if (column.defaultFn) return column.defaultFn();
  if (column.default === undefined) return column.onUpdateFn ? column.onUpdateFn() : null;
  if (is(column.default, SQL))
    throw new Error(
      `jsonInsert: ${getTableName(table)}.${key} has a default in SQL: name it in every row or in none`,
    );
  return column.default;
}

/** Rows a raw statement returned (`returning *`), as drizzle's select of the table gives them. */
export function rowsOf<T extends PgTable>(table: T, result: unknown): T['$inferSelect'][] {
  const columns = [...shapeOf(table)];
  return (result as { rows: Record<string, unknown>[] }).rows.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, { column, name }] of columns) {
      const value = raw[name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  });
}
