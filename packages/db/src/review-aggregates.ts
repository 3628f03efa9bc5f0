import { eq, sql } from 'drizzle-orm';
import type { Executor } from './client';
import { products, reviews } from './schema/index';

/**
 * A product's rating (average, one decimal, half-up) and review count, recomputed from its
 * reviews as they are: one formula for the review service and the demo seed.
 */
export async function refreshProductRating(db: Executor, productId: number): Promise<void> {
  await db
    .update(products)
    .set({
      rating: sql`coalesce((select round(avg(r.rating), 1) from ${reviews} r where r.product_id = ${productId}), 0)`,
      reviewsCount: sql`(select count(*)::int from ${reviews} r where r.product_id = ${productId})`,
    })
    .where(eq(products.id, productId));
}
