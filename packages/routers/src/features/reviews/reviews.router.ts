import { ok, page, ZNullEnvelope } from '../../envelope';
import { catalogReadProcedure, customerProcedure, requireFeature, router } from '../../trpc';
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
const OWN_ONLY =
  "Own reviews only: another customer's review answers 403 FORBIDDEN, an unknown id 404.";
const AGGREGATES =
  "The product's rating (average, one decimal), reviews_count and recent_reviews are updated in the same transaction.";

const readerProcedure = catalogReadProcedure.use(requireFeature('reviews'));
/** Reviews and votes change ratings and review lists: each write moves the catalogue's ETag. */
const reviewerProcedure = customerProcedure
  .use(requireFeature('reviews'))
  .meta({ changesCatalog: true });

/* Declared after the products router: /products/{id}/reviews has no literal rival there. */
export const reviewsRouter = router({
  list: readerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/products/{id}/reviews',
        tags,
        summary: "A product's reviews, newest first",
        description: `Paginated: \`page\` ≥ 1, \`per_page\` 1–100 (default 15). An unknown or inactive product answers 404. ${FLAG}`,
        errorResponses: [403, 404],
        protect: false,
      },
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
        summary: 'Review a product (one review per customer per product)',
        description: `rating is a whole number 1–5, title 1–255 and comment 1–5000 characters. A second review of the same product answers 409 REVIEW_EXISTS; an unknown or inactive product 422 errors.product_id. verified_purchase is true when the author has an order of the product that was not canceled. ${AGGREGATES} ${FLAG}`,
        errorResponses: [403, 409, 422],
      },
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
        summary: 'Change your review (omitted fields stay as they are)',
        description: `${OWN_ONLY} ${AGGREGATES} ${FLAG}`,
        errorResponses: [403, 404],
      },
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
        summary: 'Delete your review',
        description: `${OWN_ONLY} ${AGGREGATES} ${FLAG}`,
        errorResponses: [403, 404],
      },
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
        summary: 'Mark a review helpful or not (one vote per customer; a new vote replaces it)',
        description: `Answers the review; helpful_count is the number of helpful votes. Voting on your own review answers 422 VALIDATION_ERROR. ${FLAG}`,
        errorResponses: [403, 404, 422],
      },
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
