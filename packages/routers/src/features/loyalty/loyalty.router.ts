import { ok } from '../../envelope';
import { customerProcedure, router } from '../../trpc';
import { ZCartOutput } from '../cart';
import { ZApplyLoyaltyInput, ZLoyaltyHistoryInput, ZLoyaltyOutput } from './loyalty.schemas';

/**
 * The app's loyalty operations. apply/remove live at cart paths but in this slice; they answer
 * the cart as GET /cart shows it.
 */
export const loyaltyRouter = router({
  get: customerProcedure
    .meta({ feature: 'loyalty_points' })
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/loyalty',
        tags: ['loyalty'],
        summary: 'Loyalty points',
        description:
          "The customer's points: balance, what they are worth, the rates, and the history newest first (`reason`: earned, redeemed, returned, expired, adjusted), paginated like orders. Points are earned when an order is completed (points_per_unit per unit of its amount due) and expire oldest first. 403 FEATURE_DISABLED while loyalty points are off.",
      },
      errors: ['FEATURE_DISABLED'],
    })
    .input(ZLoyaltyHistoryInput)
    .output(ZLoyaltyOutput)
    .query(async ({ ctx, input }) => {
      const { data, meta } = await ctx.services.loyalty.account(ctx.session.user.id, input);
      return { success: true as const, data, meta };
    }),

  applyPoints: customerProcedure
    .meta({ feature: 'loyalty_points' })
    .meta({
      openapi: {
        method: 'POST',
        path: '/cart/apply-loyalty-points',
        tags: ['cart'],
        summary: 'Apply loyalty points',
        description:
          'Puts points on the cart: at least `min_redeem`, at most the balance and at most the points worth `max_redeem_share` of the total (422 errors.points otherwise). Points pay before gift cards; the cart shows loyalty_points, loyalty_amount and amount_due. Place-order spends them; if the balance fell meanwhile it answers 422 LOYALTY_BALANCE_CHANGED. 403 FEATURE_DISABLED while loyalty points are off.',
      },
      errors: ['FEATURE_DISABLED'],
    })
    .input(ZApplyLoyaltyInput)
    .output(ZCartOutput)
    .mutation(async ({ ctx, input }) => {
      const userId = ctx.session.user.id;
      await ctx.services.loyalty.apply(userId, input.points);
      return ok(await ctx.services.cart.get(userId), 'Points applied.');
    }),

  removePoints: customerProcedure
    .meta({ feature: 'loyalty_points' })
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/cart/remove-loyalty-points',
        tags: ['cart'],
        summary: 'Remove loyalty points',
        description:
          'Takes the points off the cart. Answers the cart. 403 FEATURE_DISABLED while loyalty points are off.',
      },
      errors: ['FEATURE_DISABLED'],
    })
    .output(ZCartOutput)
    .mutation(async ({ ctx }) => {
      const userId = ctx.session.user.id;
      await ctx.services.loyalty.remove(userId);
      return ok(await ctx.services.cart.get(userId), 'Points removed.');
    }),
});
