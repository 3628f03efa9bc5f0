import type { Executor } from './client';

/** drizzle's session keeps its client, and so does every query it prepares (both drivers). */
const clientOf = (executor: Executor): unknown =>
  (executor as unknown as { session: { client: unknown } }).session.client;

/**
 * Queries drizzle builds once, with placeholders, and runs through any executor: the pool or an
 * open transaction. drizzle binds a prepared query to the client of the session that built it,
 * and each transaction has a client of its own (postgres.js: the reserved connection; PGlite:
 * its transaction), so `on(executor)` answers the queries bound to that executor's client —
 * copies sharing the built SQL, made once per executor. Building the cart's queries on every
 * call was about a quarter of add-to-cart's CPU (docs/performance.md).
 */
export function preparedQueries<Q extends Record<string, object>>(build: (db: Executor) => Q) {
  // One build per driver (a session class): a process normally has one, but a test may hold a
  // PGlite and a postgres.js database at once, whose prepared queries are not interchangeable.
  const builtByDriver = new Map<unknown, { queries: Q; client: unknown }>();
  const bound = new WeakMap<object, Q>();
  return {
    on(executor: Executor): Q {
      const client = clientOf(executor);
      const driver = (executor as unknown as { session: object }).session.constructor;
      let built = builtByDriver.get(driver);
      if (!built) {
        built = { queries: build(executor), client };
        builtByDriver.set(driver, built);
      }
      if (built.client === client) return built.queries;
      let queries = bound.get(client as object);
      if (!queries) {
        const source = built.queries;
        queries = Object.fromEntries(
          Object.entries(source).map(([name, query]) => [
            name,
            Object.assign(Object.create(Object.getPrototypeOf(query)), query, { client }),
          ]),
        ) as Q;
        bound.set(client as object, queries);
      }
      return queries;
    },
  };
}
