import { type Column, getTableName, type SQL, sql, type Table } from 'drizzle-orm';

/**
 * A column with its table name, for outer references inside raw `sql` subqueries. Drizzle leaves
 * columns unqualified in single-table queries, so a correlated subquery's `${orders.id}` renders
 * `"id"` and binds to the subquery's own table (GET /customer/orders once counted every order's
 * items store-wide that way).
 */
export function qualified(table: Table, column: Column): SQL {
  return sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;
}

/**
 * The SET of an UPDATE whose changes may all be absent (an admin update naming no field): drizzle
 * refuses an empty SET, so one of the row's columns is set to itself instead — the row is still
 * matched and returned, and nothing changes. `keep` names that column's property and column, e.g.
 * `{ position: table.position }`; not an identity column (PostgreSQL refuses to set one).
 */
export function setOrKeep<C extends object>(changes: C, keep: Record<string, Column>): C {
  if (Object.values(changes).some((value) => value !== undefined)) return changes;
  return Object.fromEntries(
    Object.entries(keep).map(([name, column]) => [name, sql`${column}`]),
  ) as C;
}

/** The rows of `db.execute`, whose result is an array on postgres.js and `{ rows }` on PGlite. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
