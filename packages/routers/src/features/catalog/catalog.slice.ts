import type { Executor } from '@storefront/db/client';
import { type CatalogReadCache, withCatalogReadCache } from '../../catalog-read-cache';
import type { CountCache } from '../../count-cache';
import type { Clock, FileStorage } from '../../ports';
import type { UnitOfWorkFactory } from '../../transactions';
import { createCatalogRepository } from './catalog.repository';
import { createCatalogService } from './catalog.service';
import { createCatalogAdminRepository } from './catalog-admin.repository';
import { createCatalogAdminService } from './catalog-admin.service';
import { createCategoriesAdminService } from './categories-admin.service';
import type { DefaultCurrency } from './product.dto';
import type { ProductReviewReads } from './product-details.repository';
import { createProductPartsRepository } from './product-parts.repository';
import { createProductPartsService } from './product-parts.service';

export interface CatalogSliceDeps {
  db: Executor;
  unitOfWork: UnitOfWorkFactory;
  clock: Clock;
  /** The catalogue's list totals: every catalogue write forgets them. */
  counts: CountCache;
  /** The products' reviews, the reviews slice's reads (docs/architecture.md, "Tables have owners"). */
  reviews: ProductReviewReads;
  /** The currency prices are shown in: store-settings' cached read of its default. */
  defaultCurrency: DefaultCurrency;
  /** Where uploaded product images go: the avatars' file store. */
  imageStorage: FileStorage;
  /** The anonymous storefront reads' answers, per catalogue version (catalog-read-cache.ts). */
  readCache: CatalogReadCache;
  reportBackgroundError?: (error: unknown) => void;
}

/** The storefront's reads whose answers are the same for everyone: kept by the read cache. */
const CACHED_READS = [
  'listProducts',
  'onSale',
  'featured',
  'newArrivals',
  'related',
  'product',
  'categories',
  'categoryTree',
  'category',
  'categoryProducts',
] as const;

/**
 * The catalogue slice: storefront reads, and the back office's products (with their images and
 * variants) and categories. `reads` is the read repository other slices check products with;
 * `products` answers the storefront through the read cache, `uncached` reads the database every
 * time (the change feed, whose deltas must hold the rows as they are now).
 */
export function createCatalogSlice(deps: CatalogSliceDeps) {
  const { clock, counts } = deps;
  const reads = createCatalogRepository(deps.db, deps.reviews);
  const catalog = createCatalogService({
    repo: reads,
    clock,
    counts,
    defaultCurrency: deps.defaultCurrency,
  });
  const products = deps.unitOfWork(createCatalogAdminRepository);
  const catalogAdmin = createCatalogAdminService({
    repo: products.repos,
    inTransaction: products.inTransaction,
    counts,
  });
  return {
    reads,
    products: withCatalogReadCache(catalog, deps.readCache, CACHED_READS),
    uncached: catalog,
    admin: catalogAdmin,
    categories: createCategoriesAdminService({
      readCategory: (id) => catalog.category(id),
      inTransaction: products.inTransaction,
      counts,
    }),
    parts: createProductPartsService({
      inTransaction: deps.unitOfWork((executor) => ({
        parts: createProductPartsRepository(executor),
        products: createCatalogAdminRepository(executor),
      })).inTransaction,
      readProduct: (id) => catalogAdmin.get(id),
      counts,
      imageStorage: deps.imageStorage,
      ...(deps.reportBackgroundError && { reportBackgroundError: deps.reportBackgroundError }),
    }),
  };
}
