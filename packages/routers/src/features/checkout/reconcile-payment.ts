import { AppError } from '../../errors';
import type { BusinessMetrics, JobEnqueuer } from '../../ports';
import type { CartRecord, CartRepository } from '../cart';
import { enqueueMail } from '../mail';
import { enqueuePaymentFailedPush } from '../notifications';
import type { OrdersRepository } from '../orders';
import {
  type GatewayOrdersRepository,
  NOT_THE_SHOPS,
  type PaymentEventHandlers,
  type PaymentProviders,
  type ReportedPayment,
} from '../payments';
import type { PlaceOrderService } from './place-order.service';

export interface PaymentReconcilerDeps {
  carts: Pick<CartRepository, 'findByGatewayOrder' | 'recordPaymentError' | 'openCart'>;
  /** The gateway orders the shop created (payments' record of them). */
  gatewayOrders: Pick<GatewayOrdersRepository, 'find' | 'markPaid' | 'markRefunded'>;
  orders: Pick<OrdersRepository, 'paymentIdUsed'>;
  placeOrder: Pick<PlaceOrderService, 'placeFromGateway'>;
  payments: PaymentProviders;
  /** Queues the "refunded, no order" e-mail and the "payment failed" push. */
  jobs: JobEnqueuer;
  metrics: BusinessMetrics;
}

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
 * What a payment the gateway reports means for its checkout (payments parses and stores the
 * webhook's events, then hands them here). A captured payment with no order yet is placed from its
 * checkout after a grace period (the app's place-order normally wins), or refunded when that is no
 * longer possible; exactly one order per payment, whatever the interleaving, since the order's
 * payment id is unique. No gateway call runs inside a transaction.
 */
export function createPaymentReconciler(
  deps: PaymentReconcilerDeps,
): Pick<PaymentEventHandlers, 'captured' | 'authorized' | 'failed'> {
  async function refundUnplaced(
    gatewayOrderId: string,
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
    await deps.gatewayOrders.markRefunded(gatewayOrderId);
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
    payment.gatewayOrderId ? deps.gatewayOrders.find(payment.gatewayOrderId) : undefined;

  async function captured(payment: ReportedPayment): Promise<string> {
    const gatewayOrder = await shopsGatewayOrder(payment);
    if (await deps.orders.paymentIdUsed(payment.paymentId)) {
      if (gatewayOrder) await deps.gatewayOrders.markPaid(gatewayOrder.id);
      return 'order already placed';
    }
    if (!gatewayOrder) return NOT_THE_SHOPS;
    // Placed or refunded below, the gateway order is spent: choosing again creates a new one.
    await deps.gatewayOrders.markPaid(gatewayOrder.id);
    const owner = gatewayOrder.userId ?? undefined;
    const cart = await deps.carts.findByGatewayOrder(gatewayOrder.id);
    if (!cart) {
      // The checkout moved on: its (open) cart still holds the address a guest is written to.
      const current = owner === undefined ? undefined : await deps.carts.openCart(owner);
      return refundUnplaced(
        gatewayOrder.id,
        payment,
        owner,
        'the checkout moved on to another payment order',
        checkoutEmailOf(current),
      );
    }
    if (cart.status !== 'open') {
      // The app's place-order may have just ordered it with this very payment.
      if (await deps.orders.paymentIdUsed(payment.paymentId)) return 'order already placed';
      return refundUnplaced(
        gatewayOrder.id,
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
        return refundUnplaced(
          gatewayOrder.id,
          payment,
          cart.userId,
          error.message,
          checkoutEmailOf(cart),
        );
      }
      throw error;
    }
  }

  return {
    captured,

    /**
     * Authorized only (accounts with manual capture): captured first — outside any transaction
     * — then placed, or refunded, exactly as a captured one. A payment Razorpay refuses to
     * capture (another order's, another amount, no longer authorized) is left as it is.
     */
    async authorized(payment) {
      if (await deps.orders.paymentIdUsed(payment.paymentId)) return captured(payment);
      const gatewayOrder = await shopsGatewayOrder(payment);
      if (!gatewayOrder) return NOT_THE_SHOPS;
      try {
        await deps.payments.forType('card').confirmCapturedPayment({
          gatewayOrderId: gatewayOrder.id,
          gatewayPaymentId: payment.paymentId,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
        });
      } catch (error) {
        if (error instanceof AppError && error.errorCode === 'PAYMENT_FAILED') {
          return `not captured: ${error.message}`;
        }
        throw error;
      }
      return captured(payment);
    },

    /** The checkout shows the gateway's reason, and the customer gets a push. */
    async failed(payment, reason) {
      const { gatewayOrderId } = payment;
      if (gatewayOrderId) {
        await deps.carts.recordPaymentError(gatewayOrderId, reason);
        await enqueuePaymentFailedPush(deps.jobs, gatewayOrderId, reason);
      }
      deps.metrics.payment('failed');
      return `payment failed: ${reason}`;
    },
  };
}
