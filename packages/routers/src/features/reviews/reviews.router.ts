import { ok, page, ZNullEnvelope } from '../../envelope';
import { catalogReadProcedure, customerProcedure, router } from '../../trpc';
import {
  ZCreateReviewInput,
  ZProductReviewsInput,
  ZReviewId,
  ZReviewOutput,
  ZReviewPageOutput,
  ZUpdateReviewInput,
  ZVoteInput,
} from './reviews.schemas';

const tags = ['reviews'];
const FLAG = 'Answers 403 FEATURE_DISABLED while the reviews feature is switched off.';

const readerProcedure = catalogReadProcedure.meta({ feature: 'reviews' });
/** Reviews and votes change ratings and review lists: each write moves the catalogue's ETag. */
const reviewerProcedure = customerProcedure
  .meta({ feature: 'reviews' })
  .meta({ changesCatalog: true });

/* Declared after the products router: /products/{id}/reviews has no literal rival there. */
export const reviewsRouter = router({
  list: readerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/products/{id}/reviews',
        tags,
        protect: false,
        summary: 'List product reviews',
        description: `A product's reviews, newest first. Paginated: \`page\` ≥ 1, \`per_page\` 1–100 (default 15). An unknown or inactive product answers 404. ${FLAG}`,
      },
      errors: ['FEATURE_DISABLED'],
    })
    .input(ZProductReviewsInput)
    .output(ZReviewPageOutput)
    .query(async ({ ctx, input }) => {
      const { id, ...request } = input;
      const { items, meta } = await ctx.services.reviews.list(id, request);
      return page(items, meta);
    }),

  create: reviewerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/reviews',
        tags,
        summary: 'Create review',
        description: `Reviews a product, once per customer: a second review answers 409 REVIEW_EXISTS, an unknown or inactive product 422 errors.product_id. \`rating\` is a whole number 1–5, \`title\` 1–255 and \`comment\` 1–5000 characters. \`verified_purchase\` is true when the author has an order of the product that was not canceled. The rating (average, one decimal), reviews_count and recent_reviews change in the same transaction. ${FLAG}`,
      },
      errors: ['REVIEW_EXISTS', 'FEATURE_DISABLED'],
      successStatus: 201,
    })
    .input(ZCreateReviewInput)
    .output(ZReviewOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.reviews.create(ctx.session.user.id, input), 'Thanks for your review.'),
    ),

  update: reviewerProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/reviews/{id}',
        tags,
        summary: 'Update review',
        description: `Changes your review; omitted fields stay as they are. Another customer's review answers 403 FORBIDDEN, an unknown id 404. The product's rating follows in the same transaction. ${FLAG}`,
      },
      errors: ['FORBIDDEN', 'FEATURE_DISABLED'],
    })
    .input(ZUpdateReviewInput)
    .output(ZReviewOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.reviews.update(ctx.session.user.id, input), 'Review updated.'),
    ),

  remove: reviewerProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/reviews/{id}',
        tags,
        summary: 'Delete review',
        description: `Deletes your review. Another customer's review answers 403 FORBIDDEN, an unknown id 404. The product's rating follows in the same transaction. ${FLAG}`,
      },
      errors: ['FORBIDDEN', 'FEATURE_DISABLED'],
    })
    .input(ZReviewId)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.reviews.remove(ctx.session.user.id, input.id), 'Review deleted.'),
    ),

  vote: reviewerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/reviews/{id}/vote',
        tags,
        summary: 'Vote on review',
        description: `Marks a review helpful or not: one vote per customer, a new vote replaces the previous one. Answers the review; \`helpful_count\` counts the helpful votes. Voting on your own review answers 422. ${FLAG}`,
      },
      errors: ['FEATURE_DISABLED'],
    })
    .input(ZVoteInput)
    .output(ZReviewOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.reviews.vote(ctx.session.user.id, input.id, input.helpful),
        'Thanks for your feedback.',
      ),
    ),
});
