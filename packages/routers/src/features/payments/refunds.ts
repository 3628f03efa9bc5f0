import type { BusinessMetrics } from '../../ports';
import { type RetryOverrides, retryPolicy } from '../jobs';
import type { MailJobs } from '../mail';
import type { OrdersRepository } from '../orders';
import type { ReferenceDataRepository } from '../store-settings';
import type { PaymentProviders } from './providers';

/** The queue refunds go through (paymentQueuePolicy). */
export const REFUND_QUEUE = 'refunds';

export interface RefundJob {
  orderId: number;
}

/** Queues the refund of a cancelled paid order, with the cancellation (same transaction). */
export const enqueueRefund = (jobs: MailJobs, orderId: number) =>
  jobs.enqueue(REFUND_QUEUE, { orderId } satisfies RefundJob);

/**
 * Refunds and payment events: 30 retries from 2 s, at most an hour apart (the first ten within
 * about half an hour, then hourly): a gateway that is down for a while, or a refund it processes
 * slowly, is waited out for about a day; after that the job stays failed (admin.jobs.failed /
 * retry) and the order stays `refund_pending`.
 */
export const paymentQueuePolicy = (retry: RetryOverrides) =>
  retryPolicy({
    retryDelaySeconds: retry.retryDelaySeconds,
    retryLimit: retry.retryLimit ?? 30,
    retryDelayMaxSeconds: 3600,
  });

export interface RefundsServiceDeps {
  orders: Pick<OrdersRepository, 'find' | 'update' | 'settleRefund'>;
  /** Which way the order paid (a refund goes back the same way). */
  reference: Pick<ReferenceDataRepository, 'paymentMethodType'>;
  payments: PaymentProviders;
  metrics: BusinessMetrics;
}

/**
 * Carries out a refund job. Idempotent: an order no longer `refund_pending` is done; the
 * gateway's refund id is stored before anything else, so a retry asks whether that refund has
 * settled instead of refunding twice. Throws (→ retry) while the gateway has not processed it.
 */
export function createRefundsService(deps: RefundsServiceDeps) {
  const { orders, reference, payments } = deps;
  return {
    async process(orderId: number): Promise<void> {
      const order = await orders.find(orderId);
      if (order?.paymentStatus !== 'refund_pending') return;
      const type = (await reference.paymentMethodType(order.paymentMethod)) ?? 'card';
      const provider = payments.forType(type);
      let settled: boolean;
      if (order.refundReference) {
        settled = await provider.refundSettled(order.refundReference);
      } else {
        const refund = await provider.refund({
          paymentId: order.gatewayPaymentId ?? '',
          // The gateway took what gift cards and points left due.
          amountMinor: Math.max(0, order.totalCents - order.giftCardCents - order.loyaltyCents),
          currency: order.currency,
        });
        await orders.update(order.id, { refundReference: refund.refundId });
        settled = refund.settled;
      }
      if (!settled) throw new Error(`refund of order ${order.id} not processed by the gateway yet`);
      if (await orders.settleRefund(order.id)) deps.metrics.payment('refunded');
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
