import type { Executor } from '@storefront/db/client';
import { wishlistItems } from '@storefront/db/schema';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { type ProductSummaryRecord, visibleProductSummaries } from '../catalog';

export interface WishlistItemRecord {
  id: number;
  productId: number;
  createdAt: Date;
  product: ProductSummaryRecord;
}

const owned = (userId: number, id: number) =>
  and(eq(wishlistItems.id, id), eq(wishlistItems.userId, userId));

export function createWishlistRepository(db: Executor) {
  /** Items whose product is visible, with the product's list entry; newest first. */
  async function visibleItems(where: SQL | undefined, now: Date): Promise<WishlistItemRecord[]> {
    const items = await db
      .select({
        id: wishlistItems.id,
        productId: wishlistItems.productId,
        createdAt: wishlistItems.createdAt,
      })
      .from(wishlistItems)
      .where(where)
      .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
    const summaries = await visibleProductSummaries(
      db,
      items.map((item) => item.productId),
      now,
    );
    return items.flatMap((item) => {
      const product = summaries.get(item.productId);
      return product === undefined ? [] : [{ ...item, product }];
    });
  }

  return {
    list(userId: number, now: Date): Promise<WishlistItemRecord[]> {
      return visibleItems(eq(wishlistItems.userId, userId), now);
    },

    async findVisible(userId: number, id: number, now: Date) {
      const [item] = await visibleItems(owned(userId, id), now);
      return item;
    },

    /**
     * Adds the product once: a concurrent or repeated add meets the unique index and finds the
     * existing row instead.
     */
    async add(userId: number, productId: number): Promise<{ id: number; created: boolean }> {
      const [inserted] = await db
        .insert(wishlistItems)
        .values({ userId, productId })
        .onConflictDoNothing({ target: [wishlistItems.userId, wishlistItems.productId] })
        .returning({ id: wishlistItems.id });
      if (inserted) return { id: inserted.id, created: true };
      const [existing] = await db
        .select({ id: wishlistItems.id })
        .from(wishlistItems)
        .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
      if (!existing) throw new Error('wishlist item vanished after a conflicting insert');
      return { id: existing.id, created: false };
    },

    /** Deletes the owner's item and answers it: of two concurrent takes, one gets the row. */
    async take(userId: number, id: number) {
      const [taken] = await db.delete(wishlistItems).where(owned(userId, id)).returning();
      return taken;
    },

    /** Puts a taken item back as it was (same id), unless the product was added again since. */
    async restore(item: typeof wishlistItems.$inferSelect): Promise<void> {
      await db.insert(wishlistItems).overridingSystemValue().values(item).onConflictDoNothing();
    },

    async delete(userId: number, id: number): Promise<boolean> {
      const deleted = await db
        .delete(wishlistItems)
        .where(owned(userId, id))
        .returning({ id: wishlistItems.id });
      return deleted.length === 1;
    },
  };
}

export type WishlistRepository = ReturnType<typeof createWishlistRepository>;
