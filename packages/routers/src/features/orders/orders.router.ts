import { ok, page } from '../../envelope';
import { customerProcedure, router } from '../../trpc';
import {
  ZCancelOrderInput,
  ZOrderId,
  ZOrderListInput,
  ZOrderListOutput,
  ZOrderOutput,
  ZTrackingOutput,
} from './orders.schemas';

const tags = ['orders'];

export const ordersRouter = router({
  list: customerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/orders',
        tags,
        summary: "The customer's orders, newest first (status filter)",
      },
    })
    .input(ZOrderListInput)
    .output(ZOrderListOutput)
    .query(async ({ ctx, input }) => {
      const { items, meta } = await ctx.services.orders.list(ctx.session.user.id, input);
      return page(items, meta);
    }),

  get: customerProcedure
    .meta({ openapi: { method: 'GET', path: '/customer/orders/{id}', tags, summary: 'One order' } })
    .input(ZOrderId)
    .output(ZOrderOutput)
    .query(async ({ ctx, input }) =>
      ok(await ctx.services.orders.get(input.id, ctx.session.user.id)),
    ),

  cancel: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/customer/orders/{id}/cancel',
        tags,
        summary: 'Cancel a pending or processing order (stock returns; a paid order is refunded)',
        description: 'Otherwise 422 ORDER_NOT_CANCELLABLE. reason is required (1–500 characters).',
      },
      // Stock returns.
      changesCatalog: true,
    })
    .input(ZCancelOrderInput)
    .output(ZOrderOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.orders.cancel(ctx.session.user.id, input.id, input.reason),
        'Order cancelled.',
      ),
    ),

  track: customerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/orders/{id}/track',
        tags,
        summary: 'Carrier, tracking number and one event per status change',
      },
    })
    .input(ZOrderId)
    .output(ZTrackingOutput)
    .query(async ({ ctx, input }) =>
      ok(await ctx.services.orders.track(input.id, ctx.session.user.id)),
    ),
});
