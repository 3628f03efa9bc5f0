import { ok, page } from '../../envelope';
import { amountToCents } from '../../money';
import { adminProcedure, router } from '../../trpc';
import {
  ZAdminOrderListInput,
  ZAdminOrderListOutput,
  ZAdminOrderOutput,
  ZAdminShipInput,
  ZGoodwillRefundOutput,
  ZInvoiceRegisterInput,
  ZInvoiceRegisterOutput,
} from './orders.admin.schemas';
import { ZCancelOrderInput, ZOrderId, ZTrackingOutput } from './orders.schemas';
import { requesterOf } from './refund-ledger.steps';
import {
  AWAITING_APPROVAL_MESSAGE,
  toRefundDto,
  toRefundDtos,
  ZGoodwillRefundInput,
  ZOrderRefundsInput,
  ZRefundIdInput,
  ZRefundListOutput,
  ZRefundOutput,
} from './refunds.schemas';

/** admin.orders (/trpc only): every customer's orders and their fulfilment. */
export const ordersAdminRouter = router({
  /** Every customer's orders, newest first; filters by status, payment status, date; search. */
  list: adminProcedure('orders:read')
    .input(ZAdminOrderListInput)
    .output(ZAdminOrderListOutput)
    .query(async ({ ctx, input }) => {
      const { items, meta } = await ctx.services.orders.adminList(input);
      return page(items, meta);
    }),
  get: adminProcedure('orders:read')
    .input(ZOrderId)
    .output(ZAdminOrderOutput)
    .query(async ({ ctx, input }) =>
      ok(await ctx.services.orders.adminView(await ctx.services.orders.get(input.id))),
    ),
  /** The order's shipment and its events (what the customer's tracking shows). */
  tracking: adminProcedure('orders:read')
    .input(ZOrderId)
    .output(ZTrackingOutput)
    .query(async ({ ctx, input }) => ok(await ctx.services.orders.track(input.id))),
  process: adminProcedure('orders:fulfil')
    .input(ZOrderId)
    .output(ZAdminOrderOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.orders.adminView(await ctx.services.orders.markProcessing(input.id)),
        'Order is being prepared.',
      ),
    ),
  ship: adminProcedure('orders:fulfil')
    .input(ZAdminShipInput)
    .output(ZAdminOrderOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.orders.adminView(
          await ctx.services.orders.ship(input.id, {
            carrier: input.carrier,
            trackingNumber: input.tracking_number,
            trackingUrl: input.tracking_url ?? null,
          }),
        ),
        'Order shipped.',
      ),
    ),
  complete: adminProcedure('orders:fulfil')
    .input(ZOrderId)
    .output(ZAdminOrderOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.orders.adminView(await ctx.services.orders.complete(input.id)),
        'Order completed.',
      ),
    ),
  /**
   * The register of invoices and credit notes dated `from`–`to` (inclusive, ≤ 366 days), by
   * date then number, and the same rows as CSV for the accountant.
   */
  invoices: adminProcedure('orders:read')
    .input(ZInvoiceRegisterInput)
    .output(ZInvoiceRegisterOutput)
    .query(async ({ ctx, input }) => ok(await ctx.services.orders.invoiceRegister(input))),
  /**
   * A goodwill refund of any amount up to what is still refundable (422 REFUND_EXCEEDS_PAID
   * beyond, nothing written): gateway first, then gift cards, then points; an invoiced order
   * gets a credit note spread over its lines by what is left of each (docs/refunds.md).
   */
  refund: adminProcedure('refunds:issue')
    .input(ZGoodwillRefundInput)
    .output(ZGoodwillRefundOutput)
    .mutation(async ({ ctx, input }) => {
      const { order, refund } = await ctx.services.orders.adminRefunds.goodwill({
        orderId: input.order_id,
        amountCents: amountToCents(input.amount),
        reason: input.reason,
        requestedBy: requesterOf(ctx),
      });
      return ok(
        {
          order: await ctx.services.orders.adminView(await ctx.services.orders.detail(order)),
          refund: refund ? toRefundDto(refund, new Set()) : null,
        },
        refund?.status === 'awaiting_approval' ? AWAITING_APPROVAL_MESSAGE : 'Refund recorded.',
      );
    }),
  /** The order's refund ledger, oldest first, for the panel (a failed row shows Retry). */
  refunds: adminProcedure('orders:read')
    .input(ZOrderRefundsInput)
    .output(ZRefundListOutput)
    .query(async ({ ctx, input }) => {
      const { refunds, creditNotes } = await ctx.services.orders.adminRefunds.list(input.order_id);
      return ok(toRefundDtos(refunds, creditNotes));
    }),
  /** Asks the gateway again for a failed refund's money (once per failed row). */
  retryRefund: adminProcedure('refunds:issue')
    .meta({ audit: { target: 'refund', id: 'refund_id' } })
    .input(ZRefundIdInput)
    .output(ZRefundOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        toRefundDto(await ctx.services.orders.adminRefunds.retry(input.refund_id), new Set()),
        'Refund requested again.',
      ),
    ),
  /** Any pending or processing order; stock returns and a paid order's refund is queued. */
  cancel: adminProcedure('orders:cancel')
    .input(ZCancelOrderInput)
    .output(ZAdminOrderOutput)
    .mutation(async ({ ctx, input }) => {
      const order = await ctx.services.orders.adminView(
        await ctx.services.orders.cancel(undefined, input.id, input.reason, requesterOf(ctx)),
      );
      const waits = order.refund_awaiting_approval_amount > 0;
      return ok(
        order,
        waits ? `Order cancelled. ${AWAITING_APPROVAL_MESSAGE}` : 'Order cancelled.',
      );
    }),
});
