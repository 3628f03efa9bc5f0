import { ok, page } from '../../envelope';
import { router, shopperProcedure } from '../../trpc';
import { ZCreditNoteListOutput } from './credit-notes.schemas';
import {
  ZCancelOrderInput,
  ZOrderId,
  ZOrderListInput,
  ZOrderListOutput,
  ZOrderOutput,
  ZTrackingOutput,
} from './orders.schemas';
import { ZCancelItemsInput } from './refunds.schemas';

const tags = ['orders'];

export const ordersRouter = router({
  list: shopperProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/orders',
        tags,
        summary: 'List orders',
        description:
          "The customer's orders, newest first, optionally filtered by status. Paginated: `page` ≥ 1, `per_page` 1–100 (default 15).",
      },
    })
    .input(ZOrderListInput)
    .output(ZOrderListOutput)
    .query(async ({ ctx, input }) => {
      const { items, meta } = await ctx.services.orders.list(ctx.session.user.id, input);
      return page(items, meta);
    }),

  get: shopperProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/orders/{id}',
        tags,
        summary: 'Get order',
        description:
          "One order with its items, addresses, totals and payment. Another customer's order answers 404 like an unknown id.",
      },
    })
    .input(ZOrderId)
    .output(ZOrderOutput)
    .query(async ({ ctx, input }) =>
      ok(await ctx.services.orders.get(input.id, ctx.session.user.id)),
    ),

  cancel: shopperProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/customer/orders/{id}/cancel',
        tags,
        summary: 'Cancel order',
        description:
          'Cancels a pending or processing order: its stock and coupon use go back, and a paid order is refunded through the gateway by a background job (`payment_status` is `refund_pending` until the gateway has processed the refund, then `refunded`). Any other status answers 422 ORDER_NOT_CANCELLABLE. `reason` is required (1–500 characters).',
      },
      errors: ['ORDER_NOT_CANCELLABLE'],
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

  creditNotes: shopperProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/orders/{id}/credit-notes',
        tags,
        summary: 'List credit notes',
        description:
          "The order's credit notes, oldest first: each refund of an invoiced order (today: cancelling it) issues one from the shop's gapless credit-note series, with the lines, units and tax it reverses (amounts positive). Empty for an order never invoiced. Each note's PDF is `GET /customer/orders/{id}/credit-notes/{number}`. Another customer's order answers 404 like an unknown id.",
      },
    })
    .input(ZOrderId)
    .output(ZCreditNoteListOutput)
    .query(async ({ ctx, input }) =>
      ok(await ctx.services.orders.creditNotes(input.id, ctx.session.user.id)),
    ),

  cancelItems: shopperProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/customer/orders/{id}/cancel-items',
        tags,
        summary: 'Cancel part of an order',
        description:
          'Cancels units of a pending or processing order: their stock goes back and, for a paid order, their frozen share (the line’s taxable value and tax, spread over its units to the cent) is refunded at once — to the gateway first, then the gift cards, then points (`payment_status` `partially_refunded`, `refunded_amount`). Before payment (cash on delivery) the order’s placed totals stay and `amount_due` falls by their value. Cancelling every remaining unit cancels the order (status `canceled`, the whole remaining amount back, shipping and its tax included). An invoiced order gets a credit note. A shipped or later order answers 422 ORDER_NOT_CANCELLABLE; more units than are left 422 naming `items.N.quantity`; another customer’s order 404. Returns the order.',
      },
      errors: ['ORDER_NOT_CANCELLABLE'],
      // Stock returns.
      changesCatalog: true,
    })
    .input(ZCancelItemsInput)
    .output(ZOrderOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.orders.cancelItems({
          userId: ctx.session.user.id,
          orderId: input.id,
          items: input.items.map((item) => ({
            orderItemId: item.order_item_id,
            quantity: item.quantity,
          })),
          reason: input.reason,
        }),
        'Items cancelled.',
      ),
    ),

  track: shopperProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/orders/{id}/track',
        tags,
        summary: 'Track order',
        description:
          'The carrier, tracking number and link once shipped, and one event per status change.',
      },
    })
    .input(ZOrderId)
    .output(ZTrackingOutput)
    .query(async ({ ctx, input }) =>
      ok(await ctx.services.orders.track(input.id, ctx.session.user.id)),
    ),
});
