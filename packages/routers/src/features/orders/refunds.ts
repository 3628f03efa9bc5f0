import type { BusinessMetrics, JobEnqueuer } from '../../ports';
import type { PaymentEventHandlers, RefundExecution } from '../payments';
import type { ReferenceDataRepository } from '../store-settings';
import { amountDueCents } from './order.dto';
import type { OrdersRepository } from './orders.repository';

/** The queue refunds go through (payments' paymentQueuePolicy). */
export const REFUND_QUEUE = 'refunds';

export interface RefundJob {
  orderId: number;
}

/** Queues the refund of a cancelled paid order, with the cancellation (same transaction). */
export const enqueueRefund = (jobs: JobEnqueuer, orderId: number) =>
  jobs.enqueue(REFUND_QUEUE, { orderId } satisfies RefundJob);

export interface OrderRefundsDeps {
  orders: Pick<OrdersRepository, 'find' | 'findByRefundReference' | 'update' | 'settleRefund'>;
  /** Which way the order paid (a refund goes back the same way). */
  reference: Pick<ReferenceDataRepository, 'paymentMethodType'>;
  /** Carries the refund out at the gateway (payments). */
  refunds: RefundExecution;
  /** Queues a refund again when the gateway gave one up. */
  jobs: JobEnqueuer;
  metrics: BusinessMetrics;
}

/**
 * The refunds of cancelled paid orders: which order is refunded, how much (what the gateway took:
 * its amount due after gift cards and points) and when it is settled are decided here; payments
 * carries each refund out. `process` is the refund job: idempotent, as an order no longer
 * `refund_pending` is done and the gateway's refund id is stored before anything else; it throws
 * (→ retry) while the gateway has not processed the refund.
 */
export function createOrderRefunds(deps: OrderRefundsDeps) {
  const { orders, metrics } = deps;
  return {
    async process(orderId: number): Promise<void> {
      const order = await orders.find(orderId);
      if (order?.paymentStatus !== 'refund_pending') return;
      const settled = await deps.refunds.execute({
        methodType: (await deps.reference.paymentMethodType(order.paymentMethod)) ?? 'card',
        paymentId: order.gatewayPaymentId ?? '',
        amountMinor: amountDueCents(order),
        currency: order.currency,
        refundReference: order.refundReference,
        recordReference: async (refundId) => {
          await orders.update(order.id, { refundReference: refundId });
        },
      });
      if (!settled) throw new Error(`refund of order ${order.id} not processed by the gateway yet`);
      if (await orders.settleRefund(order.id)) metrics.payment('refunded');
    },

    /** The gateway's news about a refund (the webhook, handed over by payments). */
    onGatewayRefund: (async (kind, refundId, event) => {
      const order = await orders.findByRefundReference(refundId);
      if (order?.paymentStatus !== 'refund_pending') {
        return order ? `order ${order.id}: ${event}, nothing to do` : 'no order has this refund';
      }
      if (kind === 'refund processed') {
        const settled = await orders.settleRefund(order.id);
        if (settled) metrics.payment('refunded');
        return settled
          ? `order ${order.id} refunded`
          : `order ${order.id}: refund.processed, nothing to do`;
      }
      // The gateway gave up on this refund: ask for a new one (a durable job, as at cancel).
      await orders.update(order.id, { refundReference: null });
      await enqueueRefund(deps.jobs, order.id);
      return `order ${order.id}: refund failed, requested again`;
    }) satisfies PaymentEventHandlers['refund'],
  };
}

export type OrderRefunds = ReturnType<typeof createOrderRefunds>;
