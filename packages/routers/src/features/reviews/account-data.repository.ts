import type { Executor } from '@storefront/db/client';
import { reviews } from '@storefront/db/schema';
import { asc, eq } from 'drizzle-orm';
import { productNames } from '../catalog/index';

/** The reviews slice's part of an account's export: each review with its product's name. */
export async function exportReviews(db: Executor, userId: number) {
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .orderBy(asc(reviews.id));
  const names = await productNames(
    db,
    rows.map((review) => review.productId),
  );
  return rows.flatMap((review) => {
    const productName = names.get(review.productId);
    return productName === undefined ? [] : [{ review, productName }];
  });
}
