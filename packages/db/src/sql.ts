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
