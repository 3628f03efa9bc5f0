import type { Executor } from './client';

/** What drizzle's prepared queries (postgres.js and PGlite alike) keep of their session. */
interface ClientBound {
  client: unknown;
}

const clientOf = (executor: Executor): unknown =>
  (executor as unknown as { session: ClientBound }).session.client;

/**
 * Queries drizzle builds once, with placeholders, and runs through any executor: the pool or an
 * open transaction. drizzle binds a prepared query to the client of the session that built it,
 * and each transaction has a client of its own (postgres.js: the reserved connection; PGlite:
 * its transaction), so `on(executor)` answers the queries bound to that executor's client —
 * copies sharing the built SQL, made once per executor. Building the cart's queries on every
 * call was about a quarter of add-to-cart's CPU (docs/performance.md).
 */
export function preparedQueries<Q extends Record<string, object>>(build: (db: Executor) => Q) {
  let built: Q | undefined;
  const bound = new WeakMap<object, Q>();
  return {
    on(executor: Executor): Q {
      built ??= build(executor);
      const client = clientOf(executor);
      const first = Object.values(built)[0] as ClientBound | undefined;
      if (first?.client === client) return built;
      const key = client as object;
      let queries = bound.get(key);
      if (!queries) {
        const source: Q = built;
        queries = Object.fromEntries(
          Object.entries(source).map(([name, query]) => [
            name,
            Object.assign(Object.create(Object.getPrototypeOf(query)), query, { client }),
          ]),
        ) as Q;
        bound.set(key, queries);
      }
      return queries;
    },
  };
}
