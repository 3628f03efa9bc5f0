import { ok } from '../../envelope';
import { router, shopperProcedure } from '../../trpc';
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
  get: shopperProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/cart',
        tags,
        summary: 'Get cart',
        description:
          'The open cart, created on first use. Prices follow the catalogue until the order is placed. Totals are computed in integer minor units: subtotal − discount + shipping + tax = total; tax is charged on subtotal − discount at the shipping country rate (a default rate before an address is chosen).',
      },
    })
    .output(ZCartOutput)
    .query(async ({ ctx }) => ok(await ctx.services.cart.get(ctx.session.user.id))),

  count: shopperProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/cart/count',
        tags,
        summary: 'Cart count',
        description: 'The sum of the quantities in the cart, for a badge.',
      },
    })
    .output(ZCartCountOutput)
    .query(async ({ ctx }) => ok({ count: await ctx.services.cart.count(ctx.session.user.id) })),

  add: shopperProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/cart/add',
        tags,
        summary: 'Add to cart',
        description:
          'Adds a product; a configurable product needs `variant_id` (422 errors.variant_id). Adding a line again merges the quantities; more than the stock answers 422 OUT_OF_STOCK, an unknown or inactive product 422 errors.product_id. Answers the cart. With an `Idempotency-Key` header, the same key from the same customer within 24 hours answers the first response again and changes nothing (409 IDEMPOTENCY_CONFLICT for another body or a request still in flight).',
      },
      errors: ['OUT_OF_STOCK', 'IDEMPOTENCY_CONFLICT'],
      idempotent: true,
    })
    .input(ZAddToCartInput)
    .output(ZCartOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.cart.add(ctx.session.user.id, input, ctx.idempotency),
        'Added to cart.',
      ),
    ),

  updateItem: shopperProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/cart/items/{id}',
        tags,
        summary: 'Update cart item',
        description:
          'Sets the quantity of a line, from 1 up to the stock (422 OUT_OF_STOCK above it). Answers the cart. With an `Idempotency-Key` header, the same key from the same customer within 24 hours answers the first response again and changes nothing (409 IDEMPOTENCY_CONFLICT for another body or a request still in flight).',
      },
      errors: ['OUT_OF_STOCK', 'IDEMPOTENCY_CONFLICT'],
      idempotent: true,
    })
    .input(ZUpdateCartItemInput)
    .output(ZCartOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.cart.updateQuantity(
          ctx.session.user.id,
          input.id,
          input.quantity,
          ctx.idempotency,
        ),
        'Cart updated.',
      ),
    ),

  removeItem: shopperProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/cart/items/{id}',
        tags,
        summary: 'Remove cart item',
        description:
          'Removes a line. Answers the cart. With an `Idempotency-Key` header, the same key from the same customer within 24 hours answers the first response again and changes nothing (409 IDEMPOTENCY_CONFLICT for another body or a request still in flight).',
      },
      errors: ['IDEMPOTENCY_CONFLICT'],
      idempotent: true,
    })
    .input(ZCartItemId)
    .output(ZCartOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.cart.removeItem(ctx.session.user.id, input.id, ctx.idempotency),
        'Item removed.',
      ),
    ),

  clear: shopperProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/cart/clear',
        tags,
        summary: 'Clear cart',
        description:
          'Removes every line. Answers the empty cart. With an `Idempotency-Key` header, the same key from the same customer within 24 hours answers the first response again and changes nothing (409 IDEMPOTENCY_CONFLICT for another body or a request still in flight).',
      },
      errors: ['IDEMPOTENCY_CONFLICT'],
      idempotent: true,
    })
    .output(ZCartOutput)
    .mutation(async ({ ctx }) =>
      ok(await ctx.services.cart.clear(ctx.session.user.id, ctx.idempotency), 'Cart cleared.'),
    ),

  applyCoupon: shopperProcedure
    .meta({ feature: 'coupons' })
    .meta({
      openapi: {
        method: 'POST',
        path: '/cart/apply-coupon',
        tags,
        summary: 'Apply coupon',
        description:
          'Applies a coupon to the cart; one that does not exist, has expired, is used up or whose minimum is not reached answers 422 COUPON_INVALID with the reason. Answers 403 FEATURE_DISABLED while coupons are switched off. With an `Idempotency-Key` header, the same key from the same customer within 24 hours answers the first response again and changes nothing (409 IDEMPOTENCY_CONFLICT for another body or a request still in flight).',
      },
      errors: ['COUPON_INVALID', 'FEATURE_DISABLED', 'IDEMPOTENCY_CONFLICT'],
      idempotent: true,
    })
    .input(ZApplyCouponInput)
    .output(ZCartOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.cart.applyCoupon(
          ctx.session.user.id,
          input.coupon_code,
          ctx.idempotency,
        ),
        'Coupon applied.',
      ),
    ),

  removeCoupon: shopperProcedure
    .meta({ feature: 'coupons' })
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/cart/remove-coupon',
        tags,
        summary: 'Remove coupon',
        description:
          'Removes the coupon from the cart. Answers 403 FEATURE_DISABLED while coupons are switched off. With an `Idempotency-Key` header, the same key from the same customer within 24 hours answers the first response again and changes nothing (409 IDEMPOTENCY_CONFLICT for another body or a request still in flight).',
      },
      errors: ['FEATURE_DISABLED', 'IDEMPOTENCY_CONFLICT'],
      idempotent: true,
    })
    .output(ZCartOutput)
    .mutation(async ({ ctx }) =>
      ok(
        await ctx.services.cart.removeCoupon(ctx.session.user.id, ctx.idempotency),
        'Coupon removed.',
      ),
    ),
});
