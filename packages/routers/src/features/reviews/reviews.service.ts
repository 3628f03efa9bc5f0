import type { PageMeta } from '../../envelope';
import { AppError, validationError } from '../../errors';
import { metaFor, type PageRequest, pageOffset } from '../../pagination';
import type { InTransaction } from '../../transactions';
import { type CatalogRepository, type ReviewDto, toReviewDto } from '../catalog';
import type { ReviewChanges, ReviewsRepository } from './reviews.repository';
import type { CreateReviewInput, UpdateReviewInput } from './reviews.schemas';

export interface ReviewsServiceDeps {
  repo: ReviewsRepository;
  catalog: Pick<CatalogRepository, 'productExists'>;
  inTransaction: InTransaction<ReviewsRepository>;
}

const notFound = () => new AppError('NOT_FOUND', 'Review not found.');

/** The review that was just written, read in the same transaction. */
async function reread(tx: ReviewsRepository, id: number): Promise<ReviewDto> {
  const record = await tx.findReview(id);
  if (!record) throw notFound();
  return toReviewDto(record);
}

/** The author's own review, locked; someone else's answers 403 (docs/contract.md §2). */
async function lockOwnReview(tx: ReviewsRepository, userId: number, id: number) {
  const review = await tx.lockReview(id);
  if (!review) throw notFound();
  if (review.userId !== userId) {
    throw new AppError('FORBIDDEN', 'You can only change your own reviews.');
  }
  return review;
}

/**
 * Review writes keep `products.rating`, `reviews_count` (and so product detail) exact: each one
 * locks the product row and recomputes the aggregates from the reviews in its own transaction.
 */
export function createReviewsService({ repo, catalog, inTransaction }: ReviewsServiceDeps) {
  async function writeRated<T>(
    tx: ReviewsRepository,
    productId: number,
    write: (product: { active: boolean } | undefined) => Promise<T>,
  ): Promise<T> {
    const result = await write(await tx.lockProduct(productId));
    await tx.refreshProductRating(productId);
    return result;
  }

  return {
    /** A visible product's reviews, newest first; 404 for an unknown or inactive product. */
    async list(
      productId: number,
      request: PageRequest,
    ): Promise<{ items: ReviewDto[]; meta: PageMeta }> {
      if (!(await catalog.productExists(productId))) {
        throw new AppError('NOT_FOUND', 'Product not found.');
      }
      const [records, total] = await Promise.all([
        repo.page(productId, pageOffset(request)),
        repo.countForProduct(productId),
      ]);
      return { items: records.map(toReviewDto), meta: metaFor(request, total) };
    },

    /** One review per customer per product (409 REVIEW_EXISTS, enforced by the unique index). */
    create(userId: number, input: CreateReviewInput): Promise<ReviewDto> {
      return inTransaction(async (tx) => {
        const id = await writeRated(tx, input.product_id, async (product) => {
          if (!product?.active) {
            throw validationError({ product_id: ['This product is not available.'] });
          }
          const created = await tx.insert({
            productId: input.product_id,
            userId,
            rating: input.rating,
            title: input.title,
            comment: input.comment,
            verifiedPurchase: await tx.hasPurchased(userId, input.product_id),
          });
          if (created === undefined) throw new AppError('REVIEW_EXISTS');
          return created;
        });
        return reread(tx, id);
      });
    },

    /** Changes only the fields given. */
    update(userId: number, input: UpdateReviewInput): Promise<ReviewDto> {
      const { id, ...fields } = input;
      const changes: ReviewChanges = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      );
      return inTransaction(async (tx) => {
        const review = await lockOwnReview(tx, userId, id);
        if (Object.keys(changes).length > 0) {
          await writeRated(tx, review.productId, () => tx.update(id, changes));
        }
        return reread(tx, id);
      });
    },

    remove(userId: number, id: number): Promise<null> {
      return inTransaction(async (tx) => {
        const review = await lockOwnReview(tx, userId, id);
        await writeRated(tx, review.productId, () => tx.delete(id));
        return null;
      });
    },

    /** Moderation: every review, newest first, optionally of one product (active or not). */
    async adminList(
      request: PageRequest & { productId?: number | undefined },
    ): Promise<{ items: ReviewDto[]; meta: PageMeta }> {
      const [records, total] = await Promise.all([
        repo.allPage(request.productId, pageOffset(request)),
        repo.countAll(request.productId),
      ]);
      return { items: records.map(toReviewDto), meta: metaFor(request, total) };
    },

    /** Moderation: removes anyone's review; the product's rating and count are recomputed. */
    adminRemove(id: number): Promise<null> {
      return inTransaction(async (tx) => {
        const review = await tx.lockReview(id);
        if (!review) throw notFound();
        await writeRated(tx, review.productId, () => tx.delete(id));
        return null;
      });
    },

    /** One vote per customer per review, replaceable; never on one's own review. */
    vote(userId: number, id: number, helpful: boolean): Promise<ReviewDto> {
      return inTransaction(async (tx) => {
        const review = await tx.lockReview(id);
        if (!review) throw notFound();
        if (review.userId === userId) {
          throw validationError(
            { id: ['You cannot vote on your own review.'] },
            'You cannot vote on your own review.',
          );
        }
        await tx.vote(id, userId, helpful);
        await tx.refreshHelpfulCount(id);
        return reread(tx, id);
      });
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
