import type { AddressSnapshot } from '@storefront/db/schema';
import type { Credits } from '@storefront/pricing';
import { AppError } from '../../errors';
import { centsToAmount } from '../../money';
import { together } from '../../transactions';
import {
  type CartRecord,
  outOfStock,
  type PricedCart,
  type PricingRepositories,
  priceCart,
  taxProblemError,
} from '../cart';
import { takeStock } from '../catalog';
import { redeemCoupon } from '../coupons';
import { spendGiftCards } from '../gift-cards';
import { spendLoyaltyPoints } from '../loyalty';
import { enqueueMail } from '../mail';
import { enqueueOrderPush } from '../notifications';
import { type AlongsideOrder, type OrderRecord, writePlacedOrder } from '../orders';
import { type PaymentProviders, paymentNotVerified } from '../payments';
import type { PaymentMethodRecord, ShippingMethodRecord } from '../store-settings';
import type { PlaceOrderInput, PlaceOrderResult } from './checkout.schemas';
import type { CheckoutRepositories } from './checkout.service';
import {
  type AmountDue,
  billingAddressOf,
  checkoutIncomplete,
  gatewayOrderValid,
  missingSteps,
  requireItems,
} from './checkout.state';

/*
 * The steps of place-order, in the order place-order.service.ts runs them. A gateway payment is
 * confirmed at the gateway first, outside any transaction (a slow gateway must hold no
 * connection or lock); then, in one transaction, the cart is locked, the payment checked again
 * against it, and the order written. Each step takes the repositories and what the earlier
 * steps produced, so each can be tested alone; any throw in the transaction rolls it all back.
 */

/** A cart that passed every check: what the order is written from. */
export interface ReadyCheckout {
  cart: CartRecord;
  priced: PricedCart;
  paymentMethod: PaymentMethodRecord;
  shippingMethod: ShippingMethodRecord;
  shippingAddress: AddressSnapshot;
  billingAddress: AddressSnapshot;
  /** What gift cards (and points) pay; absent when the checkout was read without them. */
  credits?: Credits;
}

/** Paid in full by gift cards or points: no payment method is needed (nor asked for). */
export const PAID_BY_GIFT_CARD: PaymentMethodRecord = {
  code: 'gift_card',
  name: 'Gift card',
  description: '',
  type: 'offline',
  active: true,
  position: 0,
  updatedAt: new Date(0),
};
export const PAID_BY_LOYALTY_POINTS: PaymentMethodRecord = {
  ...PAID_BY_GIFT_CARD,
  code: 'loyalty_points',
  name: 'Loyalty points',
};

const fullyCovered = (credits: Credits | undefined) =>
  credits !== undefined &&
  credits.amountDueCents === 0 &&
  credits.giftCardCents + credits.loyaltyCents > 0;

/** What the gateway charges for a checkout: the total less what cards and points pay. */
const dueOf = (checkout: Pick<ReadyCheckout, 'priced' | 'credits'>): AmountDue => ({
  cents: checkout.credits?.amountDueCents ?? checkout.priced.totals.totalCents,
  covered: fullyCovered(checkout.credits),
});

/**
 * 1. Load and lock: the open cart (under its row lock in the order's transaction: a second
 * place-order waits here), priced as it is now; it must have items, all available, every step
 * taken and a coupon still valid. `credits` (gift cards, points) runs right after pricing: an
 * order they pay in full needs no payment method.
 */
export async function loadAndLock(
  tx: PricingRepositories,
  payments: PaymentProviders,
  userId: number,
  pricing: { now: Date; couponsEnabled: boolean },
  options: { lock: boolean; credits?: (priced: PricedCart) => Promise<Credits> } = { lock: true },
): Promise<ReadyCheckout> {
  const cart = await tx.cart.openCart(userId, options);
  const priced = await priceCart(tx, cart, pricing);
  requireItems(priced);
  // A cart that never had a gift card or points applied has none to read (carts.credits_applied).
  const credits =
    options.credits && cart.creditsApplied ? await options.credits(priced) : undefined;
  const unavailable = priced.lines.find((line) => !line.available);
  if (unavailable) {
    throw new AppError(
      'OUT_OF_STOCK',
      `${unavailable.purchasable?.name ?? 'A product'} is no longer available; remove it from your cart.`,
    );
  }
  const paymentMethod = fullyCovered(credits)
    ? credits?.giftCardCents
      ? PAID_BY_GIFT_CARD
      : PAID_BY_LOYALTY_POINTS
    : cart.paymentMethod
      ? await tx.reference.paymentMethod(cart.paymentMethod)
      : undefined;
  const missing = missingSteps(payments, priced, paymentMethod, dueOf({ priced, credits }));
  if (missing.length > 0 || !paymentMethod || !priced.shippingMethod || !cart.shippingAddress) {
    throw checkoutIncomplete(`Complete these steps first: ${missing.join(', ')}.`, missing);
  }
  // Refused here too, not only at the address step: rules may have changed since.
  if (priced.taxProblem) throw taxProblemError(priced.taxProblem.problem, cart.shippingAddress);
  if (cart.couponCode && pricing.couponsEnabled && !priced.couponValid) {
    throw new AppError(
      'COUPON_INVALID',
      priced.warnings.find((w) => w.includes(cart.couponCode ?? '')) ??
        'The coupon can no longer be used.',
    );
  }
  return {
    cart,
    priced,
    paymentMethod,
    shippingMethod: priced.shippingMethod,
    shippingAddress: cart.shippingAddress,
    billingAddress: billingAddressOf(cart) ?? cart.shippingAddress,
    ...(credits ? { credits } : {}),
  };
}

/**
 * A gateway payment the gateway confirmed: this gateway order's, captured for this amount and
 * currency; null for cash on delivery.
 */
export type VerifiedPayment = {
  gatewayOrderId: string;
  gatewayPaymentId: string;
  amountCents: number;
  currency: string;
} | null;

/** 422 PAYMENT_FAILED: a card or wallet order needs the gateway's proof of payment. */
const paymentDataRequired = () =>
  new AppError('PAYMENT_FAILED', 'Send payment_data from the gateway to pay by card or wallet.', {
    fieldErrors: { payment_data: ['This field is required for card and wallet payments.'] },
  });

/** Whether the payment is for the cart's gateway order, still valid for the cart as it is. */
function paymentFitsCheckout(
  payments: PaymentProviders,
  checkout: ReadyCheckout,
  payment: { gatewayOrderId: string },
): boolean {
  return (
    payments.forType(checkout.paymentMethod.type).kind === 'gateway' &&
    payment.gatewayOrderId === checkout.cart.gatewayOrderId &&
    gatewayOrderValid(checkout.priced, dueOf(checkout))
  );
}

async function requireUnusedPayment(
  repos: Pick<CheckoutRepositories, 'orders'>,
  gatewayPaymentId: string,
) {
  if (await repos.orders.paymentIdUsed(gatewayPaymentId)) {
    throw new AppError('PAYMENT_FAILED', 'This payment has already been used for another order.');
  }
}

/**
 * 2a. Verify payment, before the transaction: the gateway's signed proof for this cart's
 * gateway order, then what `verifyReportedPayment` checks (422 PAYMENT_FAILED otherwise; 503
 * when the gateway is down). Cash on delivery: null, nothing to ask.
 */
export async function verifyPayment(
  repos: Pick<CheckoutRepositories, 'orders'>,
  payments: PaymentProviders,
  checkout: ReadyCheckout,
  proof: NonNullable<PlaceOrderInput['payment_data']>,
): Promise<VerifiedPayment> {
  const provider = payments.forType(checkout.paymentMethod.type);
  if (provider.kind !== 'gateway') return null;
  const payment = {
    gatewayOrderId: proof.gateway_order_id,
    gatewayPaymentId: proof.gateway_payment_id,
  };
  if (!provider.signatureValid({ ...payment, signature: proof.gateway_signature })) {
    throw paymentNotVerified();
  }
  return verifyReportedPayment(repos, payments, checkout, payment);
}

/**
 * 2a (also for a payment Razorpay reported in a signed webhook, the app never having placed the
 * order), before the transaction. The payment is for this cart's gateway order as it stands, no
 * other order used it (checked before the gateway captures anything), and the gateway has it
 * captured for the order's amount and currency.
 */
export async function verifyReportedPayment(
  repos: Pick<CheckoutRepositories, 'orders'>,
  payments: PaymentProviders,
  checkout: ReadyCheckout,
  payment: { gatewayOrderId: string; gatewayPaymentId: string },
): Promise<NonNullable<VerifiedPayment>> {
  if (!paymentFitsCheckout(payments, checkout, payment)) throw paymentNotVerified();
  await requireUnusedPayment(repos, payment.gatewayPaymentId);
  const confirmed = {
    ...payment,
    amountCents: dueOf(checkout).cents,
    currency: checkout.priced.currency,
  };
  await payments.forType(checkout.paymentMethod.type).confirmCapturedPayment({
    ...payment,
    amountMinor: confirmed.amountCents,
    currency: confirmed.currency,
  });
  return confirmed;
}

/**
 * 2b. Payment still fits, in the transaction with the cart locked: what may have changed while
 * the gateway was asked is checked again (the cart's gateway order, its amount and currency, the
 * payment unused, the method still a gateway one); a gateway method needs a confirmed payment.
 */
export async function paymentStillFits(
  tx: Pick<CheckoutRepositories, 'orders'>,
  payments: PaymentProviders,
  checkout: ReadyCheckout,
  confirmed: VerifiedPayment,
): Promise<VerifiedPayment> {
  const gateway = payments.forType(checkout.paymentMethod.type).kind === 'gateway';
  if (!gateway) {
    if (confirmed) throw paymentNotVerified();
    return null;
  }
  if (!confirmed) throw paymentDataRequired();
  const { currency } = checkout.priced;
  if (
    !paymentFitsCheckout(payments, checkout, confirmed) ||
    confirmed.amountCents !== dueOf(checkout).cents ||
    confirmed.currency !== currency
  ) {
    throw paymentNotVerified();
  }
  await requireUnusedPayment(tx, confirmed.gatewayPaymentId);
  return confirmed;
}

/**
 * 6. Reserve stock: each line's units, by guarded decrements (422 OUT_OF_STOCK when short), the
 * last writes of the transaction (their rows are the ones other orders wait for).
 */
export async function reserveStock(
  tx: Pick<CheckoutRepositories, 'stock'>,
  priced: PricedCart,
): Promise<void> {
  const lines = priced.lines.map((line) => ({
    productId: line.item.productId,
    variantId: line.item.variantId,
    quantity: line.item.quantity,
    purchasable: line.purchasable,
  }));
  await takeStock(tx.stock, lines, (line) =>
    line.purchasable ? outOfStock(line.purchasable) : new AppError('OUT_OF_STOCK'),
  );
}

/**
 * 3. Write the order (orders' step, order-placement.steps.ts, where its undo, cancel, is too):
 * paid when a gateway payment was verified or cards and points pay it all. `alongside`: the
 * steps that need only the order's id, sent with its lines.
 */
export function writeOrder(
  tx: Pick<CheckoutRepositories, 'orders'>,
  userId: number,
  checkout: ReadyCheckout,
  payment: VerifiedPayment,
  extra: {
    notes: string | undefined;
    estimatedDelivery: { min_date: string; max_date: string } | null;
  },
  alongside?: AlongsideOrder,
): Promise<OrderRecord> {
  return writePlacedOrder(
    tx,
    {
      userId,
      priced: checkout.priced,
      credits: checkout.credits,
      paid: payment !== null || fullyCovered(checkout.credits),
      paymentMethod: checkout.paymentMethod.code,
      shippingMethod: checkout.shippingMethod.code,
      shippingAddress: checkout.shippingAddress,
      billingAddress: checkout.billingAddress,
      notes: extra.notes,
      estimatedDelivery: extra.estimatedDelivery,
      payment,
    },
    alongside,
  );
}

/** 3b. Spend credits: what gift cards and points pay of the order, taken from them. */
export async function spendCredits(
  tx: Parameters<typeof spendGiftCards>[0] & Parameters<typeof spendLoyaltyPoints>[0],
  userId: number,
  credits: Credits,
  orderId: number,
): Promise<void> {
  await spendGiftCards(tx, credits, orderId);
  const points = credits.loyaltyPoints;
  if (points > 0) await spendLoyaltyPoints(tx, { userId, points, orderId });
}

/** 7. Redeem the coupon: one use counted against its limits (422 COUPON_INVALID when used up). */
export async function redeemPricedCoupon(
  tx: Pick<CheckoutRepositories, 'coupons'>,
  userId: number,
  priced: PricedCart,
  orderId: number,
): Promise<void> {
  if (!priced.couponValid || !priced.coupon) return;
  await redeemCoupon(tx.coupons, priced.coupon, userId, orderId);
}

/** 5. Enqueue follow-ups: the confirmation e-mail and push, committed with the order. */
export async function enqueueFollowUps(
  tx: Pick<CheckoutRepositories, 'jobs'>,
  order: OrderRecord,
): Promise<void> {
  await together([
    enqueueMail(tx.jobs, { kind: 'order-placed', orderId: order.id }),
    enqueueOrderPush(tx.jobs, order.id, 'order_placed'),
  ]);
}

/** What place-order answers. */
export const toPlaceOrderResult = (order: OrderRecord): PlaceOrderResult => ({
  order_id: order.id,
  order_number: order.orderNumber,
  total: centsToAmount(order.totalCents),
  status: order.status,
  payment_status: order.paymentStatus,
});
