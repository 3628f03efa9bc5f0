import type { Executor } from '@storefront/db/client';
import { wishlistItems } from '@storefront/db/schema';
import { asc, eq } from 'drizzle-orm';
import { productNames } from '../catalog/index';

/** The wishlist's part of an account's deletion and export (the account slice composes). */

export async function eraseWishlist(db: Executor, userId: number): Promise<void> {
  await db.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
}

/** Each saved product with its name. */
export async function exportWishlist(db: Executor, userId: number) {
  const rows = await db
    .select()
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(asc(wishlistItems.id));
  const names = await productNames(
    db,
    rows.map((item) => item.productId),
  );
  return rows.flatMap((item) => {
    const productName = names.get(item.productId);
    return productName === undefined ? [] : [{ item, productName }];
  });
}
