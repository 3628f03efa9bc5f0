import type { Executor } from '@storefront/db/client';
import { reviews, users } from '@storefront/db/schema';
import { desc, eq, type Placeholder } from 'drizzle-orm';

/*
 * A product's reviews as the storefront reads them: the catalog's product detail shows the recent
 * ones, and the reviews slice lists and finds them with the same selection.
 */

export interface ReviewRecord {
  id: number;
  productId: number;
  customerName: string;
  rating: number;
  title: string;
  comment: string;
  helpfulCount: number;
  verifiedPurchase: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** Reviews as the API shows them: with the author's name, never the e-mail. */
export function selectReviews(db: Executor) {
  return db
    .select({
      id: reviews.id,
      productId: reviews.productId,
      customerName: users.name,
      rating: reviews.rating,
      title: reviews.title,
      comment: reviews.comment,
      helpfulCount: reviews.helpfulCount,
      verifiedPurchase: reviews.verifiedPurchase,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId));
}

/** A product's reviews, newest first (product detail's recent reviews and the review list). */
export function productReviews(
  db: Executor,
  productId: number,
  window: { limit: number; offset: number },
): Promise<ReviewRecord[]> {
  return productReviewsQuery(db, productId, window);
}

/** The query of productReviews, with values or placeholders (the prepared detail). */
export function productReviewsQuery(
  db: Executor,
  productId: number | Placeholder,
  window: { limit: number | Placeholder; offset: number | Placeholder },
) {
  return selectReviews(db)
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** A product detail's recent reviews (docs/contract.md §4). */
export const RECENT_REVIEWS_PER_PRODUCT = 5;
