import { ok, page, ZNullEnvelope } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import { ZIdInput } from '../../zod-helpers';
import { ZAdminReviewListInput, ZAdminReviewListOutput } from './reviews.admin.schemas';

/** admin.reviews (/trpc only): moderation. */
export const reviewsAdminRouter = router({
  /** Every review, newest first; `product_id` narrows to one product. */
  list: adminProcedure('products:read')
    .input(ZAdminReviewListInput)
    .output(ZAdminReviewListOutput)
    .query(async ({ ctx, input }) => {
      const { items, meta } = await ctx.services.reviews.adminList({
        page: input.page,
        per_page: input.per_page,
        productId: input.product_id,
      });
      return page(items, meta);
    }),
  /** Removes a review; the product's rating and review count stay exact. */
  remove: adminProcedure('products:write')
    .input(ZIdInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.reviews.adminRemove(input.id), 'Review removed.'),
    ),
});
