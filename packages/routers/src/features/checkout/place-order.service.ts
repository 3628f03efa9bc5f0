import type { Credits } from '@storefront/pricing';
import { AppError } from '../../errors';
import type { IdempotencyClaim } from '../../idempotency';
import type { BusinessMetrics, Clock } from '../../ports';
import { type InTransaction, together } from '../../transactions';
import { type CartRepositories, handOverCart, type PricedCart, priceCart } from '../cart';
import { invoiceAtPlacement } from '../orders';
import type { PaymentProviders } from '../payments';
import {
  COD_METHOD,
  type CodRefusalFor,
  codNotAvailable,
  type DeliveryPromiseFor,
  requireServiceable,
} from './checkout.delivery';
import type { PlaceOrderInput, PlaceOrderResult } from './checkout.schemas';
import type { CheckoutRepositories } from './checkout.service';
import {
  enqueueFollowUps,
  loadAndLock,
  paymentStillFits,
  type ReadyCheckout,
  redeemPricedCoupon,
  reserveStock,
  spendCredits,
  toPlaceOrderResult,
  type VerifiedPayment,
  verifyPayment,
  verifyReportedPayment,
  writeOrder,
} from './place-order.steps';

export interface PlaceOrderServiceDeps {
  /** Outside any transaction: what is read before the gateway is asked. */
  repos: CheckoutRepositories;
  inTransaction: InTransaction<CheckoutRepositories>;
  payments: PaymentProviders;
  clock: Clock;
  metrics: BusinessMetrics;
  deliveryPromise: DeliveryPromiseFor;
  codRefusal: CodRefusalFor;
}

/** Asks the gateway about the payment for a checkout; runs outside any transaction. */
type ConfirmAtGateway = (checkout: ReadyCheckout) => Promise<VerifiedPayment>;

/**
 * Place-order: the named steps of place-order.steps.ts, top to bottom. The gateway is asked
 * before the order's transaction opens, never inside it (docs/decisions.md "Payments").
 */
export function createPlaceOrderService(deps: PlaceOrderServiceDeps) {
  const { repos, inTransaction, payments, clock } = deps;

  /** The delivery promise, and for cash on delivery its rules, as they are now. */
  async function promiseFor(userId: number, pricing: { now: Date; couponsEnabled: boolean }) {
    const cart = await repos.cart.openCart(userId);
    if (!cart.shippingAddress) return null;
    // Cash on delivery's rules need the cart priced; the promise then reads the priced lines
    // instead of reading the cart's lines a second time.
    const priced =
      cart.paymentMethod === COD_METHOD ? await priceCart(repos, cart, pricing) : undefined;
    const items = priced ? priced.lines.map((line) => line.item) : await repos.cart.items(cart.id);
    const postcode = cart.shippingAddress.postcode;
    const promise = await deps.deliveryPromise(
      postcode,
      items.map((item) => item.productId),
    );
    requireServiceable(promise, postcode);
    if (priced) {
      const reason = await deps.codRefusal(userId, {
        postcodeCod: promise.deliverable !== false && promise.postcodeCod,
        orderValueCents: priced.totals.totalCents - priced.totals.codFeeCents,
      });
      if (reason) throw codNotAvailable(reason);
    }
    return promise;
  }

  /** `confirm`: the gateway's part (step 2a), absent when nothing is to be asked of it. */
  async function place(
    userId: number,
    confirm: ConfirmAtGateway | undefined,
    notes: string | undefined,
    idempotency?: IdempotencyClaim,
  ): Promise<PlaceOrderResult> {
    // The flags once (cached) for the whole order: before the gateway and in the transaction.
    const flags = await repos.flags.featureFlags();
    const pricing = { now: clock.now(), couponsEnabled: flags.coupons };
    // Cards and points pay what the cart's last answer showed, or the order is refused
    // (cart.credits.ts); read only for carts that had them applied (loadAndLock).
    const creditsOn = flags.gift_cards || flags.loyalty_points;
    const credits =
      (on: Pick<CartRepositories, 'credits'>, lock: boolean) =>
      (priced: PricedCart): Promise<Credits> =>
        on.credits(priced, {
          for: 'order',
          lock,
          now: pricing.now,
          isEnabled: async (flag) => flags[flag],
        });
    // The delivery promise, re-checked (rules change between steps) before the transaction: it
    // may read the pool or ask a courier. An unknown answer does not stop the order.
    const promise = await promiseFor(userId, pricing);
    const confirmed = confirm
      ? await confirm(
          await loadAndLock(repos, payments, userId, pricing, {
            lock: false,
            ...(creditsOn ? { credits: credits(repos, false) } : {}),
          }),
        )
      : null;
    const placed = await inTransaction(async (tx) => {
      // First, before the cart: account deletion takes this lock first too (account.service.ts).
      const buyer = await tx.orders.lockBuyer(userId);
      if (!buyer || buyer.deleted) throw new AppError('UNAUTHENTICATED');
      const checkout = await loadAndLock(tx, payments, userId, pricing, {
        lock: true,
        ...(creditsOn ? { credits: credits(tx, true) } : {}),
      });
      const verified = await paymentStillFits(tx, payments, checkout, confirmed);
      const order = await writeOrder(
        tx,
        userId,
        checkout,
        verified,
        { notes, estimatedDelivery: promise?.estimatedDelivery ?? null },
        // What needs only the order's id goes out with its lines (docs/performance.md). None
        // of it takes a row lock in an order that matters: the cart and the cards are locked
        // already, and the gateway order is the one new row locked.
        (order) =>
          together([
            checkout.credits && spendCredits(tx, userId, checkout.credits, order.id),
            handOverCart(tx, checkout.cart),
            // Its payment settled it: the payment reconciler no longer looks it up
            // (docs/payments.md).
            verified && tx.gatewayOrders.markPaid(verified.gatewayOrderId),
            enqueueFollowUps(tx, order),
            idempotency?.record(tx, 201, toPlaceOrderResult(order)),
          ]),
      );
      const result = toPlaceOrderResult(order);
      // Rows every buyer of a product (or a coupon) shares, locked last so each is held only
      // until the commit: a product selling fast is not queued behind whole transactions
      // (docs/performance.md, "Place-order's hot rows"). Products before the coupon, as cancel
      // releases them, so the two never wait on each other in opposite orders.
      await reserveStock(tx, checkout.priced);
      await redeemPricedCoupon(tx, userId, checkout.priced, order.id);
      // The invoice number, when paid (or the shop invoices at placement): the series' counter
      // row is every invoicing's, so it is taken after everything else (orders' invoicing step).
      await invoiceAtPlacement(tx, order, pricing.now);
      return { result, paymentMethod: checkout.paymentMethod.code, captured: verified !== null };
    });
    deps.metrics.orderPlaced(placed.paymentMethod);
    if (placed.captured) deps.metrics.payment('captured');
    return placed.result;
  }

  /**
   * The customer's order already paid by this very payment (the webhook's job placed it first):
   * only for its owner, with the gateway's valid signature for the same gateway order.
   */
  async function placedWith(
    userId: number,
    proof: PlaceOrderInput['payment_data'],
  ): Promise<PlaceOrderResult | undefined> {
    if (!proof) return undefined;
    const gateway = payments.forType('card');
    const signed = gateway.signatureValid({
      gatewayOrderId: proof.gateway_order_id,
      gatewayPaymentId: proof.gateway_payment_id,
      signature: proof.gateway_signature,
    });
    if (gateway.kind !== 'gateway' || !signed) return undefined;
    const order = await repos.orders.findByGatewayPayment(proof.gateway_payment_id);
    if (order?.userId !== userId || order.gatewayOrderId !== proof.gateway_order_id) {
      return undefined;
    }
    return toPlaceOrderResult(order);
  }

  return {
    /**
     * Places the order from the customer's checkout. With a claimed Idempotency-Key, a replay
     * answers the first response; a first request records its answer in the order's transaction.
     * A payment whose order the webhook placed first answers that order.
     */
    async placeOrder(
      userId: number,
      input: PlaceOrderInput,
      idempotency?: IdempotencyClaim,
    ): Promise<PlaceOrderResult> {
      if (idempotency?.replay) return idempotency.replay as PlaceOrderResult;
      const answerPlaced = async () => {
        const placed = await placedWith(userId, input.payment_data);
        if (placed) await idempotency?.record(repos, 201, placed);
        return placed;
      };
      const placed = await answerPlaced();
      if (placed) return placed;
      const proof = input.payment_data;
      try {
        return await place(
          userId,
          proof && ((checkout) => verifyPayment(repos, payments, checkout, proof)),
          input.notes,
          idempotency,
        );
      } catch (error) {
        // The webhook's job may have placed this payment's order meanwhile: that is the answer.
        const placedMeanwhile = await answerPlaced();
        if (placedMeanwhile) return placedMeanwhile;
        if (error instanceof AppError && error.errorCode === 'PAYMENT_FAILED')
          deps.metrics.payment('failed');
        throw error;
      }
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
        (checkout) => verifyReportedPayment(repos, payments, checkout, payment),
        undefined,
      );
    },
  };
}

export type PlaceOrderService = ReturnType<typeof createPlaceOrderService>;
