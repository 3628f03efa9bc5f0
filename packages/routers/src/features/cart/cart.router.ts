import { ok } from '../../envelope';
import { customerProcedure, requireFeature, router } from '../../trpc';
import {
  ZAddToCartInput,
  ZApplyCouponInput,
  ZCartCountOutput,
  ZCartItemId,
  ZCartOutput,
  ZUpdateCartItemInput,
} from './cart.schemas';

const tags = ['cart'];

export const cartRouter = router({
  get: customerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/cart',
        tags,
        summary: 'The open cart (created on first use)',
        description:
          'Prices follow the catalogue until the order is placed. Totals are computed in integer minor units: subtotal − discount + shipping + tax = total; tax is on subtotal − discount at the shipping country rate (a default rate before an address is chosen).',
      },
    })
    .output(ZCartOutput)
    .query(async ({ ctx }) => ok(await ctx.services.cart.get(ctx.session.user.id))),

  count: customerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/cart/count',
        tags,
        summary: 'Sum of quantities in the cart',
      },
    })
    .output(ZCartCountOutput)
    .query(async ({ ctx }) => ok({ count: await ctx.services.cart.count(ctx.session.user.id) })),

  add: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/cart/add',
        tags,
        summary:
          'Add a product (configurable products need variant_id); adding again merges quantities',
      },
    })
    .input(ZAddToCartInput)
    .output(ZCartOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.cart.add(ctx.session.user.id, input), 'Added to cart.'),
    ),

  updateItem: customerProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/cart/items/{id}',
        tags,
        summary: 'Set the quantity of a line (1 to stock)',
      },
    })
    .input(ZUpdateCartItemInput)
    .output(ZCartOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.cart.updateQuantity(ctx.session.user.id, input.id, input.quantity),
        'Cart updated.',
      ),
    ),

  removeItem: customerProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/cart/items/{id}', tags, summary: 'Remove a line' },
    })
    .input(ZCartItemId)
    .output(ZCartOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.cart.removeItem(ctx.session.user.id, input.id), 'Item removed.'),
    ),

  clear: customerProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/cart/clear', tags, summary: 'Remove every line' },
    })
    .output(ZCartOutput)
    .mutation(async ({ ctx }) =>
      ok(await ctx.services.cart.clear(ctx.session.user.id), 'Cart cleared.'),
    ),

  applyCoupon: customerProcedure
    .use(requireFeature('coupons'))
    .meta({
      openapi: {
        method: 'POST',
        path: '/cart/apply-coupon',
        tags,
        summary: 'Apply a coupon (422 COUPON_INVALID with the reason)',
        errorResponses: [401, 403, 422],
      },
    })
    .input(ZApplyCouponInput)
    .output(ZCartOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.cart.applyCoupon(ctx.session.user.id, input.coupon_code),
        'Coupon applied.',
      ),
    ),

  removeCoupon: customerProcedure
    .use(requireFeature('coupons'))
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/cart/remove-coupon',
        tags,
        summary: 'Remove the coupon',
        errorResponses: [401, 403],
      },
    })
    .output(ZCartOutput)
    .mutation(async ({ ctx }) =>
      ok(await ctx.services.cart.removeCoupon(ctx.session.user.id), 'Coupon removed.'),
    ),
});
