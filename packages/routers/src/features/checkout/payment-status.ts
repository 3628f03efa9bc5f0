import { AppError } from '../../errors';
import type { RateLimiter } from '../../ports';
import type { CheckoutRepositories } from './checkout.service';

/** What became of a gateway order's payment, as the app polls for it. */
export interface PaymentStatus {
  status: 'awaiting_payment' | 'placed' | 'failed' | 'refunded';
  order_id: number | null;
  order_number: string | null;
}

export interface PaymentStatusDeps {
  repos: Pick<CheckoutRepositories, 'gatewayOrders' | 'orders' | 'cart'>;
  /** One look-up at the gateway per gateway order per 10 s, across instances (Redis when set). */
  lookUpLimiter: RateLimiter;
  /**
   * Asks the gateway for the gateway order's payments and, when one is authorized or captured,
   * handles it as the reconciler does (payments' reconciler). Throws when it cannot be reached.
   */
  lookUp: (gatewayOrderId: string) => Promise<unknown>;
  warn?: ((error: unknown) => void) | undefined;
}

/**
 * GET /checkout/payment-status (docs/payments.md): the app, back from a UPI app without a
 * callback, polls what became of its payment. Answered from the database; the gateway is asked at
 * most once per 10 s per gateway order (the limiter), never on every poll, and a payment found
 * there is placed (or refunded) as the reconciler would.
 */
export function createPaymentStatus(deps: PaymentStatusDeps) {
  const { repos } = deps;

  async function current(gatewayOrderId: string): Promise<PaymentStatus> {
    const order = await repos.orders.findByGatewayOrder(gatewayOrderId);
    if (order) return { status: 'placed', order_id: order.id, order_number: order.orderNumber };
    const none = { order_id: null, order_number: null };
    const gatewayOrder = await repos.gatewayOrders.find(gatewayOrderId);
    if (gatewayOrder?.refundedAt) return { status: 'refunded', ...none };
    const cart = await repos.cart.findByGatewayOrder(gatewayOrderId);
    if (cart?.gatewayPaymentError) return { status: 'failed', ...none };
    return { status: 'awaiting_payment', ...none };
  }

  return {
    /** Only the customer's (or guest's) own gateway orders; another's is 404, as a missing one. */
    async status(userId: number, gatewayOrderId: string): Promise<PaymentStatus> {
      const gatewayOrder = await repos.gatewayOrders.find(gatewayOrderId);
      if (!gatewayOrder || gatewayOrder.userId !== userId) {
        throw new AppError('NOT_FOUND', 'Payment not found.');
      }
      const known = await current(gatewayOrderId);
      if (known.status === 'placed' || known.status === 'refunded') return known;
      if (!(await deps.lookUpLimiter.consume(gatewayOrderId)).allowed) return known;
      try {
        await deps.lookUp(gatewayOrderId);
      } catch (error) {
        // The gateway unreachable: the answer is what the shop knows; the next look-up may tell.
        deps.warn?.(error);
        return known;
      }
      return current(gatewayOrderId);
    },
  };
}

export type PaymentStatusService = ReturnType<typeof createPaymentStatus>;
