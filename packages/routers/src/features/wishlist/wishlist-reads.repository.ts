import type { Executor } from '@storefront/db/client';
import { wishlistItems } from '@storefront/db/schema';
import { eq } from 'drizzle-orm';

/** The customers with this product on their wishlist, in id order (wishlist alerts). */
export async function customersWishingFor(db: Executor, productId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: wishlistItems.userId })
    .from(wishlistItems)
    .where(eq(wishlistItems.productId, productId))
    .orderBy(wishlistItems.userId);
  return rows.map((row) => row.userId);
}
