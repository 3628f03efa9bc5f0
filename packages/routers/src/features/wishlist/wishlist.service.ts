import { AppError, validationError } from '../../errors';
import type { Clock } from '../../ports';
import { toIso } from '../../zod-helpers';
import type { AddToCartInput, CartDto } from '../cart';
import { type CatalogRepository, type DefaultCurrency, toProductSummaryDto } from '../catalog';
import type { WishlistItemRecord, WishlistRepository } from './wishlist.repository';
import type { WishlistItemDto } from './wishlist.schemas';

export interface WishlistServiceDeps {
  repo: WishlistRepository;
  catalog: Pick<CatalogRepository, 'productExists'>;
  /** The cart service's add: its rules (variants, stock) apply to move-to-cart unchanged. */
  addToCart: (userId: number, input: AddToCartInput) => Promise<CartDto>;
  clock: Clock;
  /** The currency prices are shown in (store-settings' cached read). */
  defaultCurrency: DefaultCurrency;
}

export function toWishlistItemDto(record: WishlistItemRecord, currency: string): WishlistItemDto {
  return {
    id: record.id,
    product_id: record.productId,
    product: toProductSummaryDto(record.product, currency),
    created_at: toIso(record.createdAt),
  };
}

const notFound = () => new AppError('NOT_FOUND', 'Wishlist item not found.');
const unavailable = () => validationError({ product_id: ['This product is not available.'] });

/**
 * Items of a deactivated product are kept but not listed (they come back when the product is
 * active again); they can still be deleted by id, and moving one to the cart answers the cart's
 * 422 errors.product_id.
 */
export function createWishlistService({
  repo,
  catalog,
  addToCart,
  clock,
  defaultCurrency,
}: WishlistServiceDeps) {
  return {
    async list(userId: number): Promise<WishlistItemDto[]> {
      const [items, currency] = await Promise.all([
        repo.list(userId, clock.now()),
        defaultCurrency(),
      ]);
      return items.map((item) => toWishlistItemDto(item, currency));
    },

    /** `created` is false when the product was already in the wishlist (the same item). */
    async add(
      userId: number,
      productId: number,
    ): Promise<{ item: WishlistItemDto; created: boolean }> {
      if (!(await catalog.productExists(productId))) throw unavailable();
      const { id, created } = await repo.add(userId, productId);
      const item = await repo.findVisible(userId, id, clock.now());
      // The product was deactivated in between.
      if (!item) throw unavailable();
      return { item: toWishlistItemDto(item, await defaultCurrency()), created };
    },

    async remove(userId: number, id: number): Promise<null> {
      if (!(await repo.delete(userId, id))) throw notFound();
      return null;
    },

    /**
     * Adds one unit to the cart through the cart's own rules (a configurable product needs a
     * variant: 422 errors.variant_id; OUT_OF_STOCK), then removes the item; on any failure the
     * item stays. Answers the updated cart. The item is taken (deleted) first, so of two taps
     * only one adds a unit; the other answers 404.
     */
    async moveToCart(userId: number, id: number): Promise<CartDto> {
      const item = await repo.take(userId, id);
      if (!item) throw notFound();
      try {
        return await addToCart(userId, { product_id: item.productId, quantity: 1 });
      } catch (error) {
        await repo.restore(item);
        throw error;
      }
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
