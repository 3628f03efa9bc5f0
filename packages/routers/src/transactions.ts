import type { Database, Executor } from '@storefront/db/client';
import { auditedTransaction } from './audit-context';

/** Runs work in one transaction with repositories bound to it. */
export type InTransaction<R> = <T>(work: (repos: R) => Promise<T>) => Promise<T>;

/** Where a set of repositories runs: on the pool, or inside one transaction. */
export interface RepositoryScope {
  inTransaction: boolean;
}

/** Builds a service's repositories for an executor (the pool or a transaction). */
export type RepositoryFactory<R> = (executor: Executor, scope: RepositoryScope) => R;

/** A service's repositories outside any transaction, and the way to run a transaction with them. */
export interface UnitOfWork<R> {
  repos: R;
  inTransaction: InTransaction<R>;
}

/**
 * The one place services get transactions from (docs/architecture.md). Inside `inTransaction`
 * only the transaction-bound repositories may be used: PGlite serialises, so touching the pool
 * there would hang. Factories learn from `scope` whether they are bound to a transaction (the
 * reference cache must not wait on the pool inside one: store-settings/reference-cache.ts).
 */
export function createUnitOfWork(db: Database) {
  return <R>(make: RepositoryFactory<R>): UnitOfWork<R> => ({
    repos: make(db, { inTransaction: false }),
    // Inside an admin mutation, its audit row is written by the first transaction, after the
    // work and with the work's executor (audit-context.ts, docs/admin-panel.md "Audit log").
    inTransaction: (work) =>
      auditedTransaction((record) =>
        db.transaction(async (tx) => record(tx, await work(make(tx, { inTransaction: true })))),
      ),
  });
}

/** What `createUnitOfWork` returns: builds a unit for any repository factory. */
export type UnitOfWorkFactory = ReturnType<typeof createUnitOfWork>;

/**
 * Independent statements of one transaction, started together so the driver sends them in one
 * round trip (docs/performance.md, "Place-order's round trips"). They reach the connection in
 * whatever order the layers above the driver get there, not the order given, so none of them may
 * lock a row that others lock in an order of their own (a lock taken before another, like the
 * buyer's before the cart's, stays a plain `await`). All settle before this answers, so none is
 * still using the connection when a failure ends the transaction; the first failure in the order
 * given is thrown.
 */
export async function together<T extends readonly unknown[] | []>(
  work: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(work);
  for (const result of settled) if (result.status === 'rejected') throw result.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
