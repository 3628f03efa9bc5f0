import type { Executor } from '@storefront/db/client';
import { reviews } from '@storefront/db/schema';
import { qualified } from '@storefront/db/sql';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { accountNameOf, accountNames } from '../auth/index';
import type { ReviewRecord } from '../catalog/index';

/*
 * Reviews as the API shows them: with the author's name (auth's), never the e-mail. The
 * catalogue's product detail composes `recentReviewsAsJson`.
 */

const reviewColumns = {
  id: reviews.id,
  productId: reviews.productId,
  userId: reviews.userId,
  rating: reviews.rating,
  title: reviews.title,
  comment: reviews.comment,
  helpfulCount: reviews.helpfulCount,
  verifiedPurchase: reviews.verifiedPurchase,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
};

type ReviewRow = { [K in keyof typeof reviewColumns]: (typeof reviews.$inferSelect)[K] };

/** The rows with their authors' names, in order (an author gone with its row: none). */
async function withAuthors(db: Executor, rows: ReviewRow[]): Promise<ReviewRecord[]> {
  const names = await accountNames(
    db,
    rows.map((row) => row.userId),
  );
  return rows.flatMap(({ userId, ...review }) => {
    const customerName = names.get(userId);
    return customerName === undefined ? [] : [{ ...review, customerName }];
  });
}

export async function findReview(db: Executor, id: number): Promise<ReviewRecord | undefined> {
  const rows = await db.select(reviewColumns).from(reviews).where(eq(reviews.id, id));
  const [found] = await withAuthors(db, rows);
  return found;
}

/** Reviews newest first, of one product or (undefined) of every product. */
export async function reviewsPage(
  db: Executor,
  productId: number | undefined,
  window: { limit: number; offset: number },
): Promise<ReviewRecord[]> {
  const where: SQL | undefined =
    productId === undefined ? undefined : eq(reviews.productId, productId);
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(window.limit)
    .offset(window.offset);
  return withAuthors(db, rows);
}

/**
 * A product's newest `limit` reviews with their authors' names (an author gone: none), newest
 * first, as a JSON array of ReviewRecord's fields (dates as text): a subquery of the catalogue's
 * one-statement product detail (product-details.repository.ts).
 */
export function recentReviewsAsJson(productId: SQL, limit: number): SQL {
  const newest = sql`select ${reviews}.*, ${accountNameOf(qualified(reviews, reviews.userId))} as customer_name from ${reviews} where ${reviews.productId} = ${productId} order by ${reviews.createdAt} desc, ${reviews.id} desc limit ${sql.raw(String(Math.trunc(limit)))}`;
  return sql`select json_agg(json_build_object('id', r.id, 'productId', r.product_id, 'customerName', r.customer_name, 'rating', r.rating, 'title', r.title, 'comment', r.comment, 'helpfulCount', r.helpful_count, 'verifiedPurchase', r.verified_purchase, 'createdAt', r.created_at, 'updatedAt', r.updated_at) order by r.created_at desc, r.id desc) from (${newest}) r where r.customer_name is not null`;
}
