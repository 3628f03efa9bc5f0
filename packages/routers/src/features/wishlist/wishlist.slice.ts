import type { Executor } from '@storefront/db/client';
import type { Clock } from '../../ports';
import type { CatalogRepository } from '../catalog';
import { createWishlistRepository } from './wishlist.repository';
import { createWishlistService, type WishlistServiceDeps } from './wishlist.service';

/** The wishlist slice: saved products, and moving one to the cart. */
export function createWishlistSlice(deps: {
  db: Executor;
  catalog: Pick<CatalogRepository, 'productExists'>;
  addToCart: WishlistServiceDeps['addToCart'];
  clock: Clock;
  defaultCurrency: WishlistServiceDeps['defaultCurrency'];
}) {
  return createWishlistService({
    repo: createWishlistRepository(deps.db),
    catalog: deps.catalog,
    addToCart: deps.addToCart,
    clock: deps.clock,
    defaultCurrency: deps.defaultCurrency,
  });
}
