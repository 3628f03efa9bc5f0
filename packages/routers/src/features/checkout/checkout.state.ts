import type { AddressSnapshot } from '@storefront/db/schema';
import { AppError } from '../../errors';
import { centsToAmount } from '../../money';
import type { CartRecord, PricedCart } from '../cart';
import type { PaymentProviders } from '../payments';
import type { PaymentMethodRecord, ShippingMethodRecord } from '../store-settings';
import type { CHECKOUT_STEPS } from './checkout.schemas';

/* What checkout's steps and place-order both judge a cart by (docs/contract.md §4). */

export type Step = (typeof CHECKOUT_STEPS)[number];

const STEP_MESSAGES: Record<Step, string> = {
  shipping_address: 'Choose a shipping address.',
  shipping_method: 'Choose a shipping method.',
  payment_method: 'Choose a payment method.',
};

/** 422 CHECKOUT_INCOMPLETE naming each missing step in `errors`. */
export const checkoutIncomplete = (message: string, missing: Step[]) =>
  new AppError('CHECKOUT_INCOMPLETE', message, {
    fieldErrors: Object.fromEntries(missing.map((step) => [step, [STEP_MESSAGES[step]]])),
  });

export const toShippingMethodDto = (method: ShippingMethodRecord) => ({
  code: method.code,
  name: method.name,
  description: method.description,
  rate: centsToAmount(method.rateCents),
});

export const toPaymentMethodDto = (method: PaymentMethodRecord) => ({
  code: method.code,
  name: method.name,
  description: method.description,
  type: method.type,
});

/**
 * What the gateway charges: the total, or what gift cards and points leave due (`covered`: they
 * pay all of it, so no payment method is needed).
 */
export interface AmountDue {
  cents: number;
  covered: boolean;
}
export const totalDue = (priced: PricedCart): AmountDue => ({
  cents: priced.totals.totalCents,
  covered: false,
});

/** Whether the gateway order on the cart still matches it: same contents, amount and currency. */
export function gatewayOrderValid(priced: PricedCart, due: AmountDue = totalDue(priced)): boolean {
  const { cart } = priced;
  return (
    cart.gatewayOrderId !== null &&
    cart.gatewayCartVersion === cart.version &&
    cart.gatewayAmountCents === due.cents &&
    cart.gatewayCurrency === priced.currency
  );
}

/** The steps still to take; a gateway method needs a gateway order for the cart as it is. */
export function missingSteps(
  payments: PaymentProviders,
  priced: PricedCart,
  paymentMethod: PaymentMethodRecord | undefined,
  due: AmountDue = totalDue(priced),
): Step[] {
  const missing: Step[] = [];
  if (!priced.cart.shippingAddress) missing.push('shipping_address');
  if (!priced.shippingMethod) missing.push('shipping_method');
  const needsGatewayOrder =
    paymentMethod && payments.forType(paymentMethod.type).kind === 'gateway';
  if (due.covered) return missing;
  if (!paymentMethod || (needsGatewayOrder && !gatewayOrderValid(priced, due)))
    missing.push('payment_method');
  return missing;
}

/** 422 CART_EMPTY: checkout needs something to check out. */
export function requireItems(priced: PricedCart): void {
  if (priced.lines.length === 0)
    throw new AppError('CART_EMPTY', 'Your cart is empty. Add something before checking out.');
}

/**
 * The billing address a checkout uses: the shipping one unless the customer gave another. Billing
 * that follows the shipping address carries the buyer's GSTIN when one was given with it.
 */
export function billingAddressOf(
  cart: Pick<CartRecord, 'billingSameAsShipping' | 'billingAddress' | 'shippingAddress'>,
): AddressSnapshot | null {
  const billing = cart.billingAddress;
  if (!cart.billingSameAsShipping) {
    return billing && 'first_name' in billing ? billing : cart.shippingAddress;
  }
  if (!cart.shippingAddress || !billing?.gstin) return cart.shippingAddress;
  return { ...cart.shippingAddress, gstin: billing.gstin };
}
