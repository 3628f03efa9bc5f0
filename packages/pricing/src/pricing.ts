/**
 * Cart arithmetic, all in integer minor units with one half-up rounding per computed amount
 * (docs/contract.md §1): subtotal − discount + shipping + tax + cod_fee = total, exactly.
 *
 * Shared by the server's cart slice and the client SDK's optimistic totals (issue 29), so both
 * compute the same numbers: plain functions over plain data, no I/O, no Node APIs (the SDK runs
 * on Hermes). The server loads the data (features/cart/cart.priced.ts); the SDK takes it from its
 * catalogue store.
 */

import { type CartTaxProblem, singleRateTax, taxCart } from './cart-tax';
import type { TaxedLine, TaxedShipping, TaxSummaryLine } from './tax';
import type { TaxRule } from './tax-rules';

export type CouponType = 'percentage' | 'fixed';

/** The one conversion to an API amount (the server's money.ts does the same). */
const centsToAmount = (cents: number) => Math.round(cents) / 100;

/** `amount × numerator / denominator`, rounded half up, for non-negative integers. */
export function mulDivHalfUp(amount: number, numerator: number, denominator: number): number {
  return Math.floor((amount * numerator * 2 + denominator) / (denominator * 2));
}

export interface CouponRules {
  code: string;
  type: CouponType;
  value: number;
  minSubtotalCents: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  usageLimitPerCustomer: number | null;
  timesUsed: number;
  active: boolean;
}

export type CouponVerdict =
  | { valid: true; discountCents: number }
  | { valid: false; reason: string };

const formatDate = (date: Date) => date.toISOString().slice(0, 10);

/** Whether a coupon applies now, and its discount: never more than the subtotal. */
export function evaluateCoupon(
  coupon: CouponRules,
  context: { subtotalCents: number; now: Date; customerUses: number; currency: string },
): CouponVerdict {
  const { now } = context;
  if (!coupon.active) return { valid: false, reason: `Coupon ${coupon.code} is no longer active.` };
  if (coupon.startsAt && coupon.startsAt > now) {
    return {
      valid: false,
      reason: `Coupon ${coupon.code} is valid from ${formatDate(coupon.startsAt)}.`,
    };
  }
  if (coupon.endsAt && coupon.endsAt <= now) {
    return {
      valid: false,
      reason: `Coupon ${coupon.code} expired on ${formatDate(coupon.endsAt)}.`,
    };
  }
  if (coupon.usageLimit !== null && coupon.timesUsed >= coupon.usageLimit) {
    return { valid: false, reason: `Coupon ${coupon.code} has been fully redeemed.` };
  }
  if (
    coupon.usageLimitPerCustomer !== null &&
    context.customerUses >= coupon.usageLimitPerCustomer
  ) {
    return { valid: false, reason: `You have already used coupon ${coupon.code}.` };
  }
  if (coupon.minSubtotalCents !== null && context.subtotalCents < coupon.minSubtotalCents) {
    const minimum = centsToAmount(coupon.minSubtotalCents).toFixed(2);
    return {
      valid: false,
      reason: `Coupon ${coupon.code} needs a subtotal of at least ${minimum} ${context.currency}.`,
    };
  }
  const raw =
    coupon.type === 'percentage'
      ? mulDivHalfUp(context.subtotalCents, coupon.value, 100)
      : coupon.value;
  return { valid: true, discountCents: Math.min(raw, context.subtotalCents) };
}

export interface Totals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  /** The cash-on-delivery fee (0 unless the checkout pays by COD; docs/delivery.md). */
  codFeeCents: number;
  totalCents: number;
}

export function computeTotals(input: {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxRateBasisPoints: number;
}): Totals {
  const discountCents = Math.min(input.discountCents, input.subtotalCents);
  const taxable = input.subtotalCents - discountCents;
  const taxCents = mulDivHalfUp(taxable, input.taxRateBasisPoints, 10_000);
  return {
    subtotalCents: input.subtotalCents,
    discountCents,
    shippingCents: input.shippingCents,
    taxCents,
    codFeeCents: 0,
    totalCents: taxable + input.shippingCents + taxCents,
  };
}

/** What pricing needs of a cart line. */
export interface PricingItem {
  productId: number;
  variantId: number | null;
  quantity: number;
}

/** What pricing needs of a product or variant as sold now (sale applied). */
export interface PricingPurchasable {
  productId: number;
  variantId: number | null;
  name: string;
  type: 'simple' | 'configurable';
  active: boolean;
  unitPriceCents: number;
  /** Its tax category's code; absent or null: only `*`-category rules apply. */
  taxCategory?: string | null;
}

export interface PricingShippingMethod {
  rateCents: number;
  minSubtotalCents: number | null;
}

export interface PricedLine<
  I extends PricingItem = PricingItem,
  P extends PricingPurchasable = PricingPurchasable,
> {
  item: I;
  purchasable: P | undefined;
  available: boolean;
  unitPriceCents: number;
  lineTotalCents: number;
}

export const purchasableKey = (productId: number, variantId: number | null) =>
  `${productId}:${variantId ?? ''}`;

/** A line is sellable when its product is active and the variant (if any) still belongs to it. */
function matchLine<P extends PricingPurchasable>(item: PricingItem, purchasables: Map<string, P>) {
  const purchasable = purchasables.get(purchasableKey(item.productId, item.variantId));
  const wantsVariant = purchasable?.type === 'configurable';
  const available = Boolean(purchasable?.active) && wantsVariant === (item.variantId !== null);
  return { purchasable, available };
}

/**
 * How the cart is taxed (docs/tax.md): the shop's rules and settings and where the goods go
 * (null before the cart has a shipping address: then only country-`*` rules apply).
 */
export interface PricingTax {
  rules: readonly TaxRule[];
  pricesIncludeTax: boolean;
  shippingTaxable: boolean;
  address: { country: string; region: string | null } | null;
}

export interface PricingInput<I extends PricingItem, P extends PricingPurchasable> {
  items: I[];
  purchasables: P[];
  currency: string;
  now: Date;
  /** The cart's coupon code, when it has one and coupons are switched on. */
  couponCode?: string | null | undefined;
  /** That coupon's rules (undefined: it no longer exists) and this customer's uses of it. */
  coupon?: CouponRules | undefined;
  customerUses?: number;
  /** The chosen shipping method: `null` when none was chosen, undefined when it no longer exists. */
  shippingMethod: PricingShippingMethod | null | undefined;
  /**
   * The tax: the shop's rules, or — as the SDK's offline cart and older callers say it — one rate
   * for everything (a single `*` rule, prices excluding tax).
   */
  tax: PricingTax | { rateBasisPoints: number };
  /** The cash-on-delivery fee, when the cart pays by COD (taxed like shipping); absent: none. */
  codFeeCents?: number | undefined;
}

export interface PricedItems<I extends PricingItem, P extends PricingPurchasable> {
  lines: PricedLine<I, P>[];
  totals: Totals;
  /** Each line's discount and tax (a zero line for an unavailable one), aligned with `lines`. */
  taxedLines: TaxedLine[];
  /** The shipping charge's tax, when shipping is taxed. */
  shippingTax: TaxedShipping | null;
  /** The cash-on-delivery fee's tax, when shipping is taxed and the fee charged. */
  codFeeTax: TaxedShipping | null;
  /** The order's tax per component and rate. */
  taxLinesByName: TaxSummaryLine[];
  /** Why the tax could not be worked out (the cart shows no tax then; checkout refuses). */
  taxProblem: CartTaxProblem | null;
  couponValid: boolean;
  /** The chosen method, when it is still offered for this subtotal. */
  shippingOffered: boolean;
  warnings: string[];
}

/** A cart's lines and totals at the given prices: what GET /cart shows and checkout charges. */
export function priceItems<I extends PricingItem, P extends PricingPurchasable>(
  input: PricingInput<I, P>,
): PricedItems<I, P> {
  const purchasables = new Map(
    input.purchasables.map((p) => [purchasableKey(p.productId, p.variantId), p]),
  );
  const warnings: string[] = [];
  const lines: PricedLine<I, P>[] = input.items.map((item) => {
    const { purchasable, available } = matchLine(item, purchasables);
    const unitPriceCents = purchasable?.unitPriceCents ?? 0;
    if (!available) warnings.push(`${purchasable?.name ?? 'A product'} is no longer available.`);
    return {
      item,
      purchasable,
      available,
      unitPriceCents,
      lineTotalCents: available ? unitPriceCents * item.quantity : 0,
    };
  });
  const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);

  let discountCents = 0;
  let couponValid = false;
  if (input.couponCode) {
    if (!input.coupon) {
      warnings.push(`Coupon ${input.couponCode} no longer exists.`);
    } else {
      const verdict = evaluateCoupon(input.coupon, {
        subtotalCents,
        now: input.now,
        customerUses: input.customerUses ?? 0,
        currency: input.currency,
      });
      if (verdict.valid) {
        couponValid = true;
        discountCents = verdict.discountCents;
      } else {
        warnings.push(verdict.reason);
      }
    }
  }

  let shippingOffered = false;
  if (input.shippingMethod !== null) {
    const method = input.shippingMethod;
    if (method && isShippingMethodOffered(method, subtotalCents - discountCents))
      shippingOffered = true;
    else warnings.push('The chosen shipping method is no longer available; choose another.');
  }

  const taxed = taxCart({
    lines,
    discountCents,
    shippingCents: shippingOffered ? (input.shippingMethod?.rateCents ?? 0) : 0,
    codFeeCents: input.codFeeCents ?? 0,
    tax: 'rules' in input.tax ? input.tax : singleRateTax(input.tax.rateBasisPoints),
  });
  if (taxed.taxProblem) warnings.push(taxed.taxProblem.message);
  return { lines, ...taxed, couponValid, shippingOffered, warnings };
}

/** A method with a minimum (e.g. free shipping over 50) is offered only once it is reached. */
export function isShippingMethodOffered(
  method: PricingShippingMethod,
  subtotalAfterDiscountCents: number,
): boolean {
  return method.minSubtotalCents === null || subtotalAfterDiscountCents >= method.minSubtotalCents;
}
