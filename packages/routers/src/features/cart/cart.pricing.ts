import type { CouponType } from '@storefront/db/schema';
import { centsToAmount } from '../../money';
import { FALLBACK_CURRENCY, type PurchasableRecord, type PurchasablesRepository } from '../catalog';
import type { CouponRecord, CouponRedemptionsRepository } from '../coupons';
import type { ReferenceDataRepository, ShippingMethodRecord } from '../store-settings';
import type { CartItemRecord, CartRecord, CartRepository } from './cart.repository';
import type { CartTotalsDto } from './cart.schemas';

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

export interface CartRepositories {
  cart: CartRepository;
  purchasables: Pick<PurchasablesRepository, 'find'>;
  coupons: Pick<CouponRedemptionsRepository, 'findByCode' | 'customerUses'>;
  reference: ReferenceDataRepository;
}

export interface PricedLine {
  item: CartItemRecord;
  purchasable: PurchasableRecord | undefined;
  available: boolean;
  unitPriceCents: number;
  lineTotalCents: number;
}

/** A cart with live catalogue prices: what GET /cart shows and what checkout charges. */
export interface PricedCart {
  cart: CartRecord;
  lines: PricedLine[];
  totals: Totals;
  currency: string;
  coupon: CouponRecord | undefined;
  couponValid: boolean;
  shippingMethod: ShippingMethodRecord | undefined;
  warnings: string[];
}

export const purchasableKey = (productId: number, variantId: number | null) =>
  `${productId}:${variantId ?? ''}`;

/** A line is sellable when its product is active and the variant (if any) still belongs to it. */
function matchLine(item: CartItemRecord, purchasables: Map<string, PurchasableRecord>) {
  const purchasable = purchasables.get(purchasableKey(item.productId, item.variantId));
  const wantsVariant = purchasable?.type === 'configurable';
  const available = Boolean(purchasable?.active) && wantsVariant === (item.variantId !== null);
  return { purchasable, available };
}

export async function priceCart(
  repos: CartRepositories,
  cart: CartRecord,
  options: { now: Date; couponsEnabled: boolean },
): Promise<PricedCart> {
  const items = await repos.cart.items(cart.id);
  const [purchasableRows, currency] = await Promise.all([
    repos.purchasables.find(
      items.map((item) => item.productId),
      options.now,
    ),
    repos.reference.defaultCurrency(),
  ]);
  const purchasables = new Map(
    purchasableRows.map((p) => [purchasableKey(p.productId, p.variantId), p]),
  );
  const warnings: string[] = [];
  const lines: PricedLine[] = items.map((item) => {
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
  const currencyCode = currency ?? FALLBACK_CURRENCY;

  let discountCents = 0;
  let coupon: CouponRecord | undefined;
  let couponValid = false;
  if (cart.couponCode && options.couponsEnabled) {
    coupon = await repos.coupons.findByCode(cart.couponCode);
    if (!coupon) {
      warnings.push(`Coupon ${cart.couponCode} no longer exists.`);
    } else {
      const verdict = evaluateCoupon(coupon, {
        subtotalCents,
        now: options.now,
        customerUses: await repos.coupons.customerUses(coupon.id, cart.userId),
        currency: currencyCode,
      });
      if (verdict.valid) {
        couponValid = true;
        discountCents = verdict.discountCents;
      } else {
        warnings.push(verdict.reason);
      }
    }
  }

  let shippingMethod: ShippingMethodRecord | undefined;
  if (cart.shippingMethod) {
    const method = await repos.reference.shippingMethod(cart.shippingMethod);
    if (method && isShippingMethodOffered(method, subtotalCents - discountCents))
      shippingMethod = method;
    else warnings.push('The chosen shipping method is no longer available; choose another.');
  }

  const totals = computeTotals({
    subtotalCents,
    discountCents,
    shippingCents: shippingMethod?.rateCents ?? 0,
    taxRateBasisPoints: await repos.reference.taxRateBasisPoints(cart.shippingAddress?.country),
  });
  return {
    cart,
    lines,
    totals,
    currency: currencyCode,
    coupon,
    couponValid,
    shippingMethod,
    warnings,
  };
}

/** A method with a minimum (e.g. free shipping over 50) is offered only once it is reached. */
export function isShippingMethodOffered(
  method: ShippingMethodRecord,
  subtotalAfterDiscountCents: number,
): boolean {
  return method.minSubtotalCents === null || subtotalAfterDiscountCents >= method.minSubtotalCents;
}

export function toCartDto(priced: PricedCart): CartTotalsDto {
  const { cart, lines, totals } = priced;
  return {
    id: cart.id,
    items: lines.map(({ item, purchasable, available, unitPriceCents }) => ({
      id: item.id,
      product_id: item.productId,
      variant_id: item.variantId,
      product_name: purchasable?.name ?? 'Unavailable product',
      variant_name: purchasable?.variantName ?? null,
      sku: purchasable?.sku ?? '',
      product_image: purchasable?.thumbnail ?? null,
      price: centsToAmount(unitPriceCents),
      quantity: item.quantity,
      total: centsToAmount(unitPriceCents * item.quantity),
      available,
      stock_quantity: purchasable?.stockQuantity ?? 0,
    })),
    subtotal: centsToAmount(totals.subtotalCents),
    discount: centsToAmount(totals.discountCents),
    shipping: centsToAmount(totals.shippingCents),
    tax: centsToAmount(totals.taxCents),
    total: centsToAmount(totals.totalCents),
    coupon_code: priced.couponValid ? (priced.coupon?.code ?? null) : (cart.couponCode ?? null),
    item_count: lines.reduce((sum, line) => sum + line.item.quantity, 0),
    currency: priced.currency,
    warnings: priced.warnings,
  };
}
