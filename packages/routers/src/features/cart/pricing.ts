import type { CouponType } from '@storefront/db/schema';
import { centsToAmount } from '../../money';

/**
 * Cart arithmetic, all in integer minor units with one half-up rounding per computed amount
 * (docs/contract.md §1): subtotal − discount + shipping + tax = total, exactly.
 */

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
    totalCents: taxable + input.shippingCents + taxCents,
  };
}
