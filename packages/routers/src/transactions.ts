import type { Database, Executor } from '@storefront/db/client';

/** Runs work in one transaction with a repository bound to it. */
export type InTransaction<R> = <T>(work: (repo: R) => Promise<T>) => Promise<T>;

/**
 * Builds the `inTransaction` dependency of a service from a repository factory. Inside, only the
 * transaction-bound repository may be used (PGlite serialises: touching `db` there would hang).
 */
export function transactional<R>(
  db: Database,
  makeRepository: (executor: Executor) => R,
): InTransaction<R> {
  return (work) => db.transaction((tx) => work(makeRepository(tx)));
}
