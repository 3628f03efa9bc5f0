import type { Executor } from '@storefront/db/client';
import { refreshProductRating } from '@storefront/db/review-aggregates';
import { reviews, reviewVotes } from '@storefront/db/schema';
import { eq, sql } from 'drizzle-orm';
import { lockProduct, type ReviewRecord } from '../catalog';
import { hasPurchased } from '../orders';
import { findReview, reviewsPage } from './review-reads.repository';

export interface ReviewValues {
  productId: number;
  userId: number;
  rating: number;
  title: string;
  comment: string;
  verifiedPurchase: boolean;
}

export type ReviewChanges = Partial<Pick<ReviewValues, 'rating' | 'title' | 'comment'>>;

export function createReviewsRepository(db: Executor) {
  return {
    findReview(id: number): Promise<ReviewRecord | undefined> {
      return findReview(db, id);
    },

    page(productId: number, window: { limit: number; offset: number }) {
      return reviewsPage(db, productId, window);
    },

    /** Every review (of any product, active or not), newest first; the back office's list. */
    allPage(productId: number | undefined, window: { limit: number; offset: number }) {
      return reviewsPage(db, productId, window);
    },

    countAll(productId: number | undefined): Promise<number> {
      return db.$count(
        reviews,
        productId === undefined ? undefined : eq(reviews.productId, productId),
      );
    },

    countForProduct(productId: number): Promise<number> {
      return db.$count(reviews, eq(reviews.productId, productId));
    },

    /**
     * The review's author and product, its row locked until the transaction ends: changes and
     * votes of one review are serialised.
     */
    async lockReview(id: number): Promise<{ userId: number; productId: number } | undefined> {
      const [row] = await db
        .select({ userId: reviews.userId, productId: reviews.productId })
        .from(reviews)
        .where(eq(reviews.id, id))
        .for('update');
      return row;
    },

    /**
     * Locks the product row: review writes of one product are serialised, so the aggregates each
     * one recomputes see every committed review. Undefined when the product does not exist.
     */
    lockProduct(productId: number): Promise<{ active: boolean } | undefined> {
      return lockProduct(db, productId);
    },

    /** The customer has an order with this product that was not canceled. */
    hasPurchased(userId: number, productId: number): Promise<boolean> {
      return hasPurchased(db, userId, productId);
    },

    /** The new review's id; undefined when the customer already reviewed the product. */
    async insert(values: ReviewValues): Promise<number | undefined> {
      const [row] = await db
        .insert(reviews)
        .values(values)
        .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
        .returning({ id: reviews.id });
      return row?.id;
    },

    async update(id: number, changes: ReviewChanges): Promise<void> {
      await db.update(reviews).set(changes).where(eq(reviews.id, id));
    },

    async delete(id: number): Promise<void> {
      await db.delete(reviews).where(eq(reviews.id, id));
    },

    /** The product's average (one decimal, half-up) and count, from its reviews as they are. */
    refreshProductRating(productId: number): Promise<void> {
      return refreshProductRating(db, productId);
    },

    /** One vote per customer per review: a new vote replaces the old one. */
    async vote(reviewId: number, userId: number, helpful: boolean): Promise<void> {
      await db
        .insert(reviewVotes)
        .values({ reviewId, userId, helpful })
        .onConflictDoUpdate({
          target: [reviewVotes.reviewId, reviewVotes.userId],
          set: { helpful, updatedAt: sql`now()` },
        });
    },

    /** `helpful_count` from the votes as they are; the review's `updated_at` is the author's. */
    async refreshHelpfulCount(reviewId: number): Promise<void> {
      await db
        .update(reviews)
        .set({
          helpfulCount: sql`(select count(*)::int from ${reviewVotes} v where v.review_id = ${reviewId} and v.helpful)`,
          updatedAt: sql`${reviews.updatedAt}`,
        })
        .where(eq(reviews.id, reviewId));
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
