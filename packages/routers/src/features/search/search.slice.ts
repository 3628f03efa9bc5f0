import type { Executor } from '@storefront/db/client';
import { type CatalogReadCache, withCatalogReadCache } from '../../catalog-read-cache';
import type { CountCache, TtlCache } from '../../count-cache';
import type { Clock } from '../../ports';
import type { CatalogRepository, CatalogService, DefaultCurrency } from '../catalog';
import { createSearchRepository } from './search.repository';
import { createSearchService } from './search.service';

/** The search slice: full-text product search with typo correction over the catalogue. */
export function createSearchSlice(deps: {
  db: Executor;
  catalog: { reads: CatalogRepository; products: Pick<CatalogService, 'requireCategoryFilter'> };
  clock: Clock;
  counts: CountCache;
  queries: TtlCache<string>;
  defaultCurrency: DefaultCurrency;
  /** Search answers are the same for everyone: kept per catalogue version (catalog-read-cache.ts). */
  readCache: CatalogReadCache;
}) {
  const search = createSearchService({
    repo: createSearchRepository(deps.db, deps.catalog.reads),
    catalog: deps.catalog.products,
    clock: deps.clock,
    counts: deps.counts,
    queries: deps.queries,
    defaultCurrency: deps.defaultCurrency,
  });
  return withCatalogReadCache(search, deps.readCache, ['search', 'suggestions']);
}
