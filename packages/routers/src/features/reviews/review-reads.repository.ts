import type { Executor } from '@storefront/db/client';
import { preparedQueries } from '@storefront/db/prepared';
import { reviews } from '@storefront/db/schema';
import { and, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { accountNames } from '../auth/index';
import type { ReviewRecord } from '../catalog/index';

/*
 * Reviews as the API shows them: with the author's name (auth's), never the e-mail. The
 * catalogue's product detail composes `recentReviews` and `recentReviewsOfProducts`.
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

/** The product detail's recent reviews run on every detail view: built by drizzle once. */
const recentQueries = preparedQueries((db) => ({
  recent: db
    .select(reviewColumns)
    .from(reviews)
    .where(eq(reviews.productId, sql.placeholder('id')))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(sql.placeholder('limit'))
    .prepare('product_recent_reviews'),
}));

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

/** A product's newest reviews (the product detail). */
export async function recentReviews(
  db: Executor,
  productId: number,
  limit: number,
): Promise<ReviewRecord[]> {
  const rows = await recentQueries.on(db).recent.execute({ id: productId, limit });
  return withAuthors(db, rows);
}

/** Each product's newest `perProduct` reviews, newest first over all (product details' pages). */
export async function recentReviewsOfProducts(
  db: Executor,
  productIds: readonly number[],
  perProduct: number,
): Promise<ReviewRecord[]> {
  if (productIds.length === 0) return [];
  const ids = [...productIds];
  const ranked = db
    .select({
      id: reviews.id,
      rank: sql<number>`row_number() over (partition by ${reviews.productId} order by ${reviews.createdAt} desc, ${reviews.id} desc)`.as(
        'rank',
      ),
    })
    .from(reviews)
    .where(inArray(reviews.productId, ids))
    .as('ranked');
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(ranked, eq(ranked.id, reviews.id))
    .where(and(inArray(reviews.productId, ids), lte(ranked.rank, perProduct)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return withAuthors(db, rows);
}
