import { AppError, type FieldErrors, validationError } from '../../errors';
import type { BusinessMetrics, Clock } from '../../ports';
import type { InTransaction } from '../../transactions';
import type { CartRecord, CartRepository } from '../cart';
import type { PlaceOrderService } from '../checkout';
import { enqueueMail, type MailJobs } from '../mail';
import { enqueuePaymentFailedPush } from '../notifications';
import type { OrdersRepository } from '../orders';
import type { GatewayEvent, ReportedPayment } from './gateway';
import type { GatewayOrdersRepository } from './gateway-orders.repository';
import type { PaymentEventRecord, PaymentEventsRepository } from './payment-events.repository';
import type { PaymentProviders } from './providers';
import { enqueueRefund } from './refunds';

/** The queue webhook events are handled on (one job per stored event). */
export const PAYMENT_EVENTS_QUEUE = 'payment-events';

/** The daily job that drops expired webhook payloads (PAYMENT_EVENT_RETENTION_DAYS). */
export const PAYMENT_EVENT_RETENTION_QUEUE = 'payment-event-retention';

export interface PaymentEventJob {
  eventId: string;
}

/** The outcome of a payment event about a gateway order this shop did not create. */
export const NOT_THE_SHOPS = 'ignored: the payment is not on a gateway order of this shop';

/** What `receive` did with a delivery. */
export type ReceivedAs = 'queued' | 'redelivered' | 'not the shop’s';

export interface PaymentEventsDeps {
  events: PaymentEventsRepository;
  /** Storing an event and queuing its job, together. */
  inTransaction: InTransaction<{ events: PaymentEventsRepository; jobs: MailJobs }>;
  carts: Pick<CartRepository, 'findByGatewayOrder' | 'recordPaymentError' | 'openCart'>;
  /** The gateway orders the shop created: only their payments are the shop's to act on. */
  gatewayOrders: Pick<GatewayOrdersRepository, 'find' | 'markPaid'>;
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
  /** How long events' payloads are kept (PAYMENT_EVENT_RETENTION_DAYS). */
  retentionDays: number;
  clock: Clock;
  /** The provider's reading of its own event format (razorpay-events.ts). */
  parseEvent: (event: string, body: unknown) => GatewayEvent;
  /** What an incoming event lacks for the shop to read it (razorpay-events.ts); 422 then. */
  eventProblems: (event: string, body: unknown) => FieldErrors | undefined;
  metrics: BusinessMetrics;
}

/** How long a worker's claim on an event holds before another delivery may take it over. */
const CLAIM_STALE_MS = 5 * 60 * 1000;

/** The errors after which an order cannot be placed from this checkout any more: refund. */
const NOT_PLACEABLE = new Set([
  'OUT_OF_STOCK',
  'CART_EMPTY',
  'CHECKOUT_INCOMPLETE',
  'COUPON_INVALID',
  'PAYMENT_FAILED',
  // A gift card or points balance that fell since the payment: the amount paid no longer fits.
  'GIFT_CARD_BALANCE_CHANGED',
  'LOYALTY_BALANCE_CHANGED',
]);

/** The e-mail a guest gave with the checkout's shipping address, if any. */
const checkoutEmailOf = (cart: CartRecord | undefined): string | null =>
  cart?.shippingAddress?.email || null;

/**
 * Razorpay's webhook, made durable (docs/decisions.md "Payments"): `receive` stores each event
 * once and queues its handling; `process` reconciles. A captured payment with no order yet is
 * placed from its checkout after a grace period (the app's place-order normally wins), or refunded
 * when that is no longer possible; exactly one order per payment, whatever the interleaving, since
 * the order's payment id is unique. Razorpay sends the whole account's events: a payment not on a
 * gateway order the shop created is stored and left alone (never refunded), and the same news
 * under a new event id is a redelivery. No gateway call runs inside a transaction.
 */
export function createPaymentEvents(deps: PaymentEventsDeps) {
  async function refundUnplaced(
    payment: ReportedPayment,
    userId: number | undefined,
    reason: string,
    checkoutEmail: string | null,
  ) {
    const provider = deps.payments.forType('card');
    await provider.refund({
      paymentId: payment.paymentId,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
    });
    if (userId !== undefined) {
      await enqueueMail(deps.jobs, {
        kind: 'payment-refunded',
        userId,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        reason,
        checkoutEmail,
      });
    }
    return `refunded: ${reason}`;
  }

  /** The shop's gateway order the payment is on; undefined when the shop did not create it. */
  const shopsGatewayOrder = (payment: ReportedPayment) =>
    payment.gatewayOrderId
      ? deps.gatewayOrders.find(payment.gatewayOrderId)
      : Promise.resolve(undefined);

  async function reconcile(payment: ReportedPayment): Promise<string> {
    if (await deps.orders.paymentIdUsed(payment.paymentId)) return 'order already placed';
    const gatewayOrder = await shopsGatewayOrder(payment);
    if (!gatewayOrder) return NOT_THE_SHOPS;
    // Placed or refunded below, the gateway order is spent: choosing again creates a new one.
    await deps.gatewayOrders.markPaid(gatewayOrder.id);
    const owner = gatewayOrder.userId ?? undefined;
    const cart = await deps.carts.findByGatewayOrder(gatewayOrder.id);
    if (!cart) {
      // The checkout moved on: its (open) cart still holds the address a guest is written to.
      const current = owner === undefined ? undefined : await deps.carts.openCart(owner);
      return refundUnplaced(
        payment,
        owner,
        'the checkout moved on to another payment order',
        checkoutEmailOf(current),
      );
    }
    if (cart.status !== 'open') {
      return refundUnplaced(
        payment,
        cart.userId,
        'the checkout was already ordered',
        checkoutEmailOf(cart),
      );
    }
    try {
      const placed = await deps.placeOrder.placeFromGateway(cart.userId, {
        gatewayOrderId: gatewayOrder.id,
        gatewayPaymentId: payment.paymentId,
      });
      return `order ${placed.order_number} placed`;
    } catch (error) {
      // The app's place-order won the race meanwhile: nothing to do.
      if (await deps.orders.paymentIdUsed(payment.paymentId)) return 'order already placed';
      if (error instanceof AppError && NOT_PLACEABLE.has(error.errorCode)) {
        return refundUnplaced(payment, cart.userId, error.message, checkoutEmailOf(cart));
      }
      throw error;
    }
  }

  /** What one stored event does; the event is claimed by this worker. */
  async function handle(stored: PaymentEventRecord | undefined): Promise<void> {
    if (!stored || stored.processedAt) return;
    const event = deps.parseEvent(stored.event, stored.payload);
    let outcome = 'ignored';
    if (event.kind === 'captured') {
      outcome = await reconcile(event.payment);
    } else if (event.kind === 'failed') {
      const { gatewayOrderId } = event.payment;
      if (gatewayOrderId) {
        await deps.carts.recordPaymentError(gatewayOrderId, event.reason);
        await enqueuePaymentFailedPush(deps.jobs, gatewayOrderId, event.reason);
      }
      outcome = `payment failed: ${event.reason}`;
      deps.metrics.payment('failed');
    } else if (event.kind === 'refund processed' || event.kind === 'refund failed') {
      const order = await deps.orders.findByRefundReference(event.refundId);
      if (order?.paymentStatus !== 'refund_pending') {
        outcome = order
          ? `order ${order.id}: ${stored.event}, nothing to do`
          : 'no order has this refund';
      } else if (event.kind === 'refund processed') {
        const settled = await deps.orders.settleRefund(order.id);
        if (settled) deps.metrics.payment('refunded');
        outcome = settled
          ? `order ${order.id} refunded`
          : `order ${order.id}: refund.processed, nothing to do`;
      } else {
        // The gateway gave up on this refund: ask for a new one (a durable job, as at cancel).
        await deps.orders.update(order.id, { refundReference: null });
        await enqueueRefund(deps.jobs, order.id);
        outcome = `order ${order.id}: refund failed, requested again`;
      }
    }
    await deps.events.markProcessed(stored.eventId, outcome);
  }

  return {
    /**
     * Stores a verified webhook delivery once (by event id and by subject) and queues its
     * handling. A payment not on a gateway order of this shop is stored as handled, queued never.
     * An event without what the shop reads of it is refused (422) before anything is stored:
     * stored, it would be read as "other" and its news silently lost.
     */
    async receive(event: {
      eventId: string;
      event: string;
      payload: unknown;
    }): Promise<ReceivedAs> {
      const problems = deps.eventProblems(event.event, event.payload);
      if (problems) {
        throw validationError(
          problems,
          `The ${event.event} event lacks what the shop reads of it; nothing was stored.`,
        );
      }
      const parsed = deps.parseEvent(event.event, event.payload);
      const stored = { ...event, subject: parsed.subject };
      const payment = 'payment' in parsed ? parsed.payment : undefined;
      if (payment && !(await shopsGatewayOrder(payment))) {
        const inserted = await deps.events.insert({ ...stored, outcome: NOT_THE_SHOPS });
        return inserted ? 'not the shop’s' : 'redelivered';
      }
      return deps.inTransaction(async (tx) => {
        if (!(await tx.events.insert(stored))) return 'redelivered';
        await tx.jobs.enqueue(
          PAYMENT_EVENTS_QUEUE,
          { eventId: event.eventId } satisfies PaymentEventJob,
          parsed.kind === 'captured' ? { startAfterSeconds: deps.graceSeconds } : {},
        );
        return 'queued';
      });
    },

    /**
     * Handles one stored event, once: a second delivery of its job while the first is still at
     * it (calling Razorpay) is retried later, one after it finds the event handled. Throws
     * (→ retry) when the gateway is unreachable.
     */
    async process(eventId: string): Promise<void> {
      const staleBefore = new Date(deps.clock.now().getTime() - CLAIM_STALE_MS);
      const claimed = await deps.events.claim(eventId, staleBefore);
      if (!claimed) {
        const stored = await deps.events.find(eventId);
        if (!stored || stored.processedAt) return;
        throw new Error(`payment event ${eventId} is being handled by another worker`);
      }
      try {
        await handle(claimed);
      } finally {
        await deps.events.release(eventId);
      }
    },

    /**
     * Drops the payloads (customers' e-mail and phone) of events older than the retention; the
     * rest of each row stays, so a late replay of the same news is still recognised.
     */
    dropExpiredPayloads(): Promise<number> {
      const day = 24 * 60 * 60 * 1000;
      return deps.events.dropPayloads(
        new Date(deps.clock.now().getTime() - deps.retentionDays * day),
      );
    },
  };
}

export type PaymentEvents = ReturnType<typeof createPaymentEvents>;
