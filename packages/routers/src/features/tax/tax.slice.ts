import type { Executor } from '@storefront/db/client';
import type { Clock } from '../../ports';
import type { RepositoryFactory, UnitOfWorkFactory } from '../../transactions';
import { type ProductsPerTaxCategory, taxRepositories } from './tax.repositories';
import { createTaxCache } from './tax-cache';
import { createTaxCategoriesService } from './tax-categories.service';
import { presetIndiaGst } from './tax-presets';
import { createTaxRatesRepository } from './tax-rates.repository';
import { createTaxRatesService } from './tax-rates.service';
import { type TaxReader, taxReader } from './tax-reads.repository';
import { createTaxRulesService } from './tax-rules.service';
import { createTaxSettingsService } from './tax-settings.service';

export interface TaxSliceDeps {
  db: Executor;
  unitOfWork: UnitOfWorkFactory;
  clock: Clock;
  /** How long tax reads may be reused, in ms (REFERENCE_CACHE_TTL_MS); 0 reads every time. */
  referenceCacheTtlMs: number;
  /** Products per category (catalog's read): the list's counts and the delete's check. */
  productsPerCategory: ProductsPerTaxCategory;
}

/**
 * The tax slice (docs/tax.md): categories, rules and the shop's tax settings — the back office's
 * writes, and the cached reads pricing and invoicing use.
 */
export function createTaxSlice(deps: TaxSliceDeps) {
  const { db, clock } = deps;
  const cache = createTaxCache({ clock, ttlMs: deps.referenceCacheTtlMs });
  const changed = cache.clear;
  /** Tax reads as carts and checkouts use them, in or out of their transactions. */
  const readers: RepositoryFactory<TaxReader> = (executor, scope) =>
    cache.reader(taxReader(executor), scope.inTransaction);
  const unit = deps.unitOfWork((executor) => taxRepositories(executor, deps.productsPerCategory));
  const admin = { repos: unit.repos, inTransaction: unit.inTransaction, changed };
  return {
    readers,
    /** The cached reader outside any transaction. */
    reader: readers(db, { inTransaction: false }),
    rates: createTaxRatesService({ repo: createTaxRatesRepository(db), changed }),
    categories: createTaxCategoriesService(admin),
    rules: createTaxRulesService(admin),
    settings: createTaxSettingsService(admin),
    async presetIndiaGst(input: { state?: string | undefined }) {
      const created = await presetIndiaGst(unit.inTransaction, input);
      changed();
      return created;
    },
    /** Cleared by every tax write here and every catalogue change (catalog-version.ts). */
    cache,
  };
}

export type TaxSlice = ReturnType<typeof createTaxSlice>;
