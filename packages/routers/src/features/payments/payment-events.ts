import { AppError } from '../../errors';
import type { InTransaction } from '../../transactions';
import type { CartRepository } from '../cart/cart.repository';
import type { PlaceOrderService } from '../checkout/place-order.service';
import { enqueueMail, type MailJobs } from '../mail/mail.jobs';
import type { OrdersRepository } from '../orders/orders.repository';
import type { PaymentEventsRepository } from './payment-events.repository';
import type { PaymentProviders } from './providers';
import { enqueueRefund } from './refunds';

/** The queue webhook events are handled on (one job per stored event). */
export const PAYMENT_EVENTS_QUEUE = 'payment-events';

export interface PaymentEventJob {
  eventId: string;
}

/** Events that say a payment was captured: the order may have to be placed from the webhook. */
const PAYMENT_CAPTURED = new Set(['payment.captured', 'order.paid']);

interface RazorpayPaymentEntity {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  error_description?: string | null;
}

export interface PaymentEventsDeps {
  events: PaymentEventsRepository;
  /** Storing an event and queuing its job, together. */
  inTransaction: InTransaction<{ events: PaymentEventsRepository; jobs: MailJobs }>;
  carts: Pick<CartRepository, 'findByGatewayOrder' | 'recordPaymentError'>;
  orders: Pick<
    OrdersRepository,
    'paymentIdUsed' | 'findByRefundReference' | 'update' | 'settleRefund'
  >;
  placeOrder: Pick<PlaceOrderService, 'placeFromGateway'>;
  payments: PaymentProviders;
  /** Queues the "refunded, no order" e-mail and repeated refunds. */
  jobs: MailJobs;
  /** How long a captured payment waits for the app's own place-order (PAYMENT_WEBHOOK_GRACE_SECONDS). */
  graceSeconds: number;
}

/** The errors after which an order cannot be placed from this checkout any more: refund. */
const NOT_PLACEABLE = new Set([
  'OUT_OF_STOCK',
  'CART_EMPTY',
  'CHECKOUT_INCOMPLETE',
  'COUPON_INVALID',
  'PAYMENT_FAILED',
]);

/**
 * Razorpay's webhook, made durable (docs/decisions.md "Payments"): `receive` stores each event
 * once and queues its handling; `process` reconciles. A captured payment with no order yet is
 * placed from its checkout after a grace period (the app's place-order normally wins), or refunded
 * when that is no longer possible; exactly one order per payment, whatever the interleaving, since
 * the order's payment id is unique.
 */
export function createPaymentEvents(deps: PaymentEventsDeps) {
  async function refundUnplaced(
    payment: RazorpayPaymentEntity,
    userId: number | undefined,
    reason: string,
  ) {
    const provider = deps.payments.forType('card');
    await provider.refund({
      paymentId: payment.id,
      amountMinor: payment.amount,
      currency: payment.currency,
    });
    if (userId !== undefined) {
      await enqueueMail(deps.jobs, {
        kind: 'payment-refunded',
        userId,
        amountMinor: payment.amount,
        currency: payment.currency,
        reason,
      });
    }
    return `refunded: ${reason}`;
  }

  async function reconcile(payment: RazorpayPaymentEntity): Promise<string> {
    if (await deps.orders.paymentIdUsed(payment.id)) return 'order already placed';
    const cart = await deps.carts.findByGatewayOrder(payment.order_id);
    if (!cart) return refundUnplaced(payment, undefined, 'no checkout issued this payment order');
    if (cart.status !== 'open') {
      return refundUnplaced(payment, cart.userId, 'the checkout was already ordered');
    }
    try {
      const placed = await deps.placeOrder.placeFromGateway(cart.userId, {
        gatewayOrderId: payment.order_id,
        gatewayPaymentId: payment.id,
      });
      return `order ${placed.order_number} placed`;
    } catch (error) {
      // The app's place-order won the race meanwhile: nothing to do.
      if (await deps.orders.paymentIdUsed(payment.id)) return 'order already placed';
      if (error instanceof AppError && NOT_PLACEABLE.has(error.errorCode)) {
        return refundUnplaced(payment, cart.userId, error.message);
      }
      throw error;
    }
  }

  return {
    /** Stores a verified webhook delivery once and queues its handling; false for a redelivery. */
    async receive(event: { eventId: string; event: string; payload: unknown }): Promise<boolean> {
      return deps.inTransaction(async (tx) => {
        if (!(await tx.events.insert(event))) return false;
        await tx.jobs.enqueue(
          PAYMENT_EVENTS_QUEUE,
          { eventId: event.eventId } satisfies PaymentEventJob,
          PAYMENT_CAPTURED.has(event.event) ? { startAfterSeconds: deps.graceSeconds } : {},
        );
        return true;
      });
    },

    /** Handles one stored event, once; throws (→ retry) when the gateway is unreachable. */
    async process(eventId: string): Promise<void> {
      const stored = await deps.events.find(eventId);
      if (!stored || stored.processedAt) return;
      const body = stored.payload as {
        payload?: {
          payment?: { entity?: RazorpayPaymentEntity };
          refund?: { entity?: { id: string; payment_id: string } };
        };
      };
      const payment = body.payload?.payment?.entity;
      const refund = body.payload?.refund?.entity;
      let outcome = 'ignored';
      if (PAYMENT_CAPTURED.has(stored.event) && payment) {
        outcome = await reconcile(payment);
      } else if (stored.event === 'payment.failed' && payment) {
        const reason = payment.error_description ?? 'no reason given';
        await deps.carts.recordPaymentError(payment.order_id, reason);
        outcome = `payment failed: ${reason}`;
      } else if (
        (stored.event === 'refund.processed' || stored.event === 'refund.failed') &&
        refund
      ) {
        const order = await deps.orders.findByRefundReference(refund.id);
        if (order?.paymentStatus !== 'refund_pending') {
          outcome = order
            ? `order ${order.id}: ${stored.event}, nothing to do`
            : 'no order has this refund';
        } else if (stored.event === 'refund.processed') {
          outcome = (await deps.orders.settleRefund(order.id))
            ? `order ${order.id} refunded`
            : `order ${order.id}: refund.processed, nothing to do`;
        } else {
          // The gateway gave up on this refund: ask for a new one (a durable job, as at cancel).
          await deps.orders.update(order.id, { refundReference: null });
          await enqueueRefund(deps.jobs, order.id);
          outcome = `order ${order.id}: refund failed, requested again`;
        }
      }
      await deps.events.markProcessed(eventId, outcome);
    },
  };
}

export type PaymentEvents = ReturnType<typeof createPaymentEvents>;
