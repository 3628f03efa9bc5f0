import type { Clock } from '../../ports';
import type { InTransaction } from '../../transactions';
import type { PaymentProviders } from '../payments/providers';
import type { PlaceOrderInput, PlaceOrderResult } from './checkout.schemas';
import type { CheckoutRepositories } from './checkout.service';
import type { IdempotencyClaim } from './idempotency';
import {
  enqueueFollowUps,
  handOverCart,
  loadAndLock,
  type ReadyCheckout,
  redeemCoupon,
  reserveStock,
  toPlaceOrderResult,
  type VerifiedPayment,
  verifyPayment,
  verifyReportedPayment,
  writeOrder,
} from './place-order.steps';

export interface PlaceOrderServiceDeps {
  inTransaction: InTransaction<CheckoutRepositories>;
  payments: PaymentProviders;
  isFeatureEnabled: (flag: 'coupons') => Promise<boolean>;
  clock: Clock;
}

/** Place-order: the named steps of place-order.steps.ts, top to bottom, in one transaction. */
export function createPlaceOrderService(deps: PlaceOrderServiceDeps) {
  const { inTransaction, payments, clock } = deps;

  /** The named steps in one transaction; `payment` is step 2, the one that differs by caller. */
  async function place(
    userId: number,
    payment: (tx: CheckoutRepositories, checkout: ReadyCheckout) => Promise<VerifiedPayment>,
    notes: string | undefined,
    idempotency?: IdempotencyClaim,
  ): Promise<PlaceOrderResult> {
    const pricing = { now: clock.now(), couponsEnabled: await deps.isFeatureEnabled('coupons') };
    return inTransaction(async (tx) => {
      const checkout = await loadAndLock(tx, payments, userId, pricing);
      const verified = await payment(tx, checkout);
      await reserveStock(tx, checkout.priced);
      const order = await writeOrder(tx, userId, checkout, verified, notes);
      await redeemCoupon(tx, userId, checkout.priced, order.id);
      await handOverCart(tx, checkout.cart);
      await enqueueFollowUps(tx, order);
      const result = toPlaceOrderResult(order);
      await idempotency?.record(tx, 201, result);
      return result;
    });
  }

  return {
    /**
     * Places the order from the customer's checkout. With a claimed Idempotency-Key, a replay
     * answers the first response; a first request records its answer in the order's transaction.
     */
    async placeOrder(
      userId: number,
      input: PlaceOrderInput,
      idempotency?: IdempotencyClaim,
    ): Promise<PlaceOrderResult> {
      if (idempotency?.replay) return idempotency.replay as PlaceOrderResult;
      return place(
        userId,
        (tx, checkout) => verifyPayment(tx, payments, checkout, input.payment_data),
        input.notes,
        idempotency,
      );
    },

    /**
     * Places the order of a checkout whose payment Razorpay reported (webhook) but the app never
     * placed: the same steps, the payment checked at the gateway instead of by its signature.
     */
    placeFromGateway(
      userId: number,
      payment: { gatewayOrderId: string; gatewayPaymentId: string },
    ): Promise<PlaceOrderResult> {
      return place(
        userId,
        (tx, checkout) => verifyReportedPayment(tx, payments, checkout, payment),
        undefined,
      );
    },
  };
}

export type PlaceOrderService = ReturnType<typeof createPlaceOrderService>;
