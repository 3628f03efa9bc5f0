import type { MailJobs } from '../mail/mail.jobs';
import type { OrdersRepository } from '../orders/orders.repository';
import type { PaymentProviders } from './providers';

/** The queue refunds go through: retried for about a day, then kept as failed for the admin. */
export const REFUND_QUEUE = 'refunds';

export interface RefundJob {
  orderId: number;
}

/** Queues the refund of a cancelled paid order, with the cancellation (same transaction). */
export const enqueueRefund = (jobs: MailJobs, orderId: number) =>
  jobs.enqueue(REFUND_QUEUE, { orderId } satisfies RefundJob);

/**
 * 10 attempts, exponential backoff from `retryDelaySeconds` up to an hour apart: a gateway that
 * is down for a while, or a refund it processes slowly, is waited out; after that the job stays
 * failed (admin.jobs.failed / retry) and the order stays `refund_pending`.
 */
export const refundQueuePolicy = (retry: { retryDelaySeconds: number; retryLimit?: number }) => ({
  retryLimit: retry.retryLimit ?? 10,
  retryDelay: retry.retryDelaySeconds,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 120,
});

export interface RefundsServiceDeps {
  orders: Pick<OrdersRepository, 'find' | 'update' | 'settleRefund' | 'paymentMethodType'>;
  payments: PaymentProviders;
}

/**
 * Carries out a refund job. Idempotent: an order no longer `refund_pending` is done; the
 * gateway's refund id is stored before anything else, so a retry asks whether that refund has
 * settled instead of refunding twice. Throws (→ retry) while the gateway has not processed it.
 */
export function createRefundsService(deps: RefundsServiceDeps) {
  const { orders, payments } = deps;
  return {
    async process(orderId: number): Promise<void> {
      const order = await orders.find(orderId);
      if (order?.paymentStatus !== 'refund_pending') return;
      const type = (await orders.paymentMethodType(order.paymentMethod)) ?? 'card';
      const provider = payments.forType(type);
      let settled: boolean;
      if (order.refundReference) {
        settled = await provider.refundSettled(order.refundReference);
      } else {
        const refund = await provider.refund({
          paymentId: order.gatewayPaymentId ?? '',
          amountMinor: order.totalCents,
          currency: order.currency,
        });
        await orders.update(order.id, { refundReference: refund.refundId });
        settled = refund.settled;
      }
      if (!settled) throw new Error(`refund of order ${order.id} not processed by the gateway yet`);
      await orders.settleRefund(order.id);
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
