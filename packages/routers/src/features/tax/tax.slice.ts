import type { Executor } from '@storefront/db/client';
import type { Clock } from '../../ports';
import type { RepositoryFactory } from '../../transactions';
import { createTaxCache } from './tax-cache';
import { createTaxRatesRepository } from './tax-rates.repository';
import { createTaxRatesService } from './tax-rates.service';
import { type TaxReader, taxReader } from './tax-reads.repository';

export interface TaxSliceDeps {
  db: Executor;
  clock: Clock;
  /** How long tax reads may be reused, in ms (REFERENCE_CACHE_TTL_MS); 0 reads every time. */
  referenceCacheTtlMs: number;
}

/**
 * The tax slice (docs/tax.md): categories, rules and the shop's tax settings — the back office's
 * writes, and the cached reads pricing and invoicing use.
 */
export function createTaxSlice(deps: TaxSliceDeps) {
  const { db, clock } = deps;
  const cache = createTaxCache({ clock, ttlMs: deps.referenceCacheTtlMs });
  /** Tax reads as carts and checkouts use them, in or out of their transactions. */
  const readers: RepositoryFactory<TaxReader> = (executor, scope) =>
    cache.reader(taxReader(executor), scope.inTransaction);
  return {
    readers,
    /** The cached reader outside any transaction. */
    reader: readers(db, { inTransaction: false }),
    rates: createTaxRatesService({ repo: createTaxRatesRepository(db), changed: cache.clear }),
    /** Cleared by every tax write here and every catalogue change (catalog-version.ts). */
    cache,
  };
}

export type TaxSlice = ReturnType<typeof createTaxSlice>;
