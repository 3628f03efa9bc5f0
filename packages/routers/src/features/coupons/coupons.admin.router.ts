import { ok, page } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import { ZIdInput } from '../../zod-helpers';
import {
  ZCouponInput,
  ZCouponListInput,
  ZCouponListOutput,
  ZCouponOutput,
  ZCouponUpdateInput,
} from './coupons.admin.schemas';

/** admin.coupons (/trpc only); carts apply coupons through the cart slice. */
export const couponsAdminRouter = router({
  list: adminProcedure('marketing:write')
    .input(ZCouponListInput)
    .output(ZCouponListOutput)
    .query(async ({ ctx, input }) => {
      const { items, meta } = await ctx.services.coupons.list(input);
      return page(items, meta);
    }),
  create: adminProcedure('marketing:write')
    .input(ZCouponInput)
    .output(ZCouponOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.coupons.create(input), 'Coupon created.'),
    ),
  update: adminProcedure('marketing:write')
    .input(ZCouponUpdateInput)
    .output(ZCouponOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      return ok(await ctx.services.coupons.update(id, changes), 'Coupon updated.');
    }),
  /** The coupon no longer applies; orders that used it keep it. */
  deactivate: adminProcedure('marketing:write')
    .input(ZIdInput)
    .output(ZCouponOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.coupons.deactivate(input.id), 'Coupon deactivated.'),
    ),
});
