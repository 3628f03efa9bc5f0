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
