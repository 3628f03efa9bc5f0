import {
  type CartTaxProblem,
  type PricedLine,
  priceItems,
  type TaxedLine,
  type TaxedShipping,
  type TaxSummaryLine,
  type Totals,
} from '@storefront/pricing';
import type { IdempotencyRepository } from '../../idempotency.repository';
import { centsToAmount } from '../../money';
import { toTaxLineDtos } from '../../tax-lines';
import { FALLBACK_CURRENCY, type PurchasableRecord, type PurchasablesRepository } from '../catalog';
import type { CouponRecord, CouponRedemptionsRepository } from '../coupons';
import type {
  FeatureFlag,
  FeatureFlags,
  ReferenceDataRepository,
  ShippingMethodRecord,
} from '../store-settings';
import type { CartCreditsReader } from './cart.credits';
import type { CartItemRecord, CartRecord, CartRepository } from './cart.repository';
import type { CartTotalsDto } from './cart.schemas';
import { type CartTaxReader, loadCartTax, type TaxAddress } from './cart.tax';

/**
 * The server's side of cart pricing: loads what @storefront/pricing needs (the same arithmetic
 * the SDK runs for its optimistic totals) and shapes the answer.
 */

export type { CouponRules, CouponVerdict, Totals } from '@storefront/pricing';
export {
  computeTotals,
  evaluateCoupon,
  isShippingMethodOffered,
  mulDivHalfUp,
  purchasableKey,
} from '@storefront/pricing';

export interface CartRepositories {
  cart: CartRepository;
  purchasables: Pick<PurchasablesRepository, 'find'>;
  coupons: Pick<CouponRedemptionsRepository, 'findByCode' | 'customerUses'>;
  reference: ReferenceDataRepository;
  /** Answers of cart mutations sent with an Idempotency-Key (the offline cart's replays). */
  idempotency: IdempotencyRepository;
  /** The shop's tax rules and settings (cart.tax.ts), on the same executor. */
  tax: CartTaxReader;
  /** What gift cards and points pay of the cart (cart.credits.ts), on the same executor. */
  credits: CartCreditsReader;
  /**
   * The shop's cash-on-delivery fee in cents (the delivery slice's settings, cached), charged
   * when the cart pays by COD (docs/delivery.md). Absent: no fee.
   */
  codFee?: (() => Promise<number>) | undefined;
  /** Feature flags: cached outside a transaction, read through it inside one. */
  flags: {
    isFeatureEnabled(flag: FeatureFlag): Promise<boolean>;
    featureFlags(): Promise<FeatureFlags>;
  };
}

export type CartPricedLine = PricedLine<CartItemRecord, PurchasableRecord>;

/** A cart with live catalogue prices: what GET /cart shows and what checkout charges. */
export interface PricedCart {
  cart: CartRecord;
  lines: CartPricedLine[];
  totals: Totals;
  /** Each line's discount and tax, aligned with `lines`; the shipping charge's; the sums by name. */
  taxedLines: TaxedLine[];
  shippingTax: TaxedShipping | null;
  /** The COD fee's tax, when shipping is taxed and the cart pays by COD. */
  codFeeTax: TaxedShipping | null;
  taxLinesByName: TaxSummaryLine[];
  /** Set when no tax rule fits the address: the cart shows no tax and checkout refuses it. */
  taxProblem: CartTaxProblem | null;
  /** Where the goods go as the tax rules read it (India: the state and its GST code). */
  taxAddress: TaxAddress | null;
  pricesIncludeTax: boolean;
  /** Each line's HSN/SAC code (its product's tax category's), aligned with `lines`. */
  hsnCodes: (string | null)[];
  /** Each line's tax category code, aligned with `lines`. */
  taxCategories: (string | null)[];
  currency: string;
  coupon: CouponRecord | undefined;
  couponValid: boolean;
  shippingMethod: ShippingMethodRecord | undefined;
  warnings: string[];
}

/** What a cart is priced with. */
export type PricingRepositories = Pick<
  CartRepositories,
  'cart' | 'purchasables' | 'coupons' | 'reference' | 'tax' | 'codFee'
>;

/** The payment method code that carries the cash-on-delivery fee. */
export const COD_PAYMENT_METHOD = 'cod';

export async function priceCart(
  repos: PricingRepositories,
  cart: CartRecord,
  options: { now: Date; couponsEnabled: boolean },
): Promise<PricedCart> {
  const items = await repos.cart.items(cart.id);
  const couponCode = options.couponsEnabled ? cart.couponCode : null;
  const [records, currency, coupon, shippingMethod, taxInput, codFeeCents] = await Promise.all([
    repos.purchasables.find(
      items.map((item) => item.productId),
      options.now,
    ),
    repos.reference.defaultCurrency(),
    couponCode ? repos.coupons.findByCode(couponCode) : Promise.resolve(undefined),
    cart.shippingMethod ? repos.reference.shippingMethod(cart.shippingMethod) : null,
    loadCartTax(repos.tax, cart.shippingAddress),
    cart.paymentMethod === COD_PAYMENT_METHOD && repos.codFee ? repos.codFee() : 0,
  ]);
  const categoryOf = (record: PurchasableRecord) =>
    record.taxCategoryId === null ? undefined : taxInput.categories.get(record.taxCategoryId);
  const purchasables = records.map((record) => ({
    ...record,
    taxCategory: categoryOf(record)?.code ?? null,
  }));
  const customerUses = coupon ? await repos.coupons.customerUses(coupon.id, cart.userId) : 0;
  const currencyCode = currency ?? FALLBACK_CURRENCY;
  const priced = priceItems({
    items,
    purchasables,
    currency: currencyCode,
    now: options.now,
    couponCode,
    coupon,
    customerUses,
    shippingMethod: shippingMethod === null ? null : shippingMethod,
    tax: taxInput.tax,
    codFeeCents,
  });
  return {
    cart,
    lines: priced.lines,
    totals: priced.totals,
    taxedLines: priced.taxedLines,
    shippingTax: priced.shippingTax,
    codFeeTax: priced.codFeeTax,
    taxLinesByName: priced.taxLinesByName,
    taxProblem: priced.taxProblem,
    taxAddress: taxInput.address,
    pricesIncludeTax: taxInput.tax.pricesIncludeTax,
    hsnCodes: priced.lines.map(({ purchasable }) =>
      purchasable ? (categoryOf(purchasable)?.hsnCode ?? null) : null,
    ),
    taxCategories: priced.lines.map(({ purchasable }) => purchasable?.taxCategory ?? null),
    currency: currencyCode,
    coupon,
    couponValid: priced.couponValid,
    shippingMethod: priced.shippingOffered ? (shippingMethod ?? undefined) : undefined,
    warnings: priced.warnings,
  };
}

export function toCartDto(priced: PricedCart): CartTotalsDto {
  const { cart, lines, totals } = priced;
  return {
    id: cart.id,
    items: lines.map(({ item, purchasable, available, unitPriceCents }, index) => ({
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
      ...lineTaxDto(priced.taxedLines[index], priced.hsnCodes[index] ?? null),
    })),
    subtotal: centsToAmount(totals.subtotalCents),
    discount: centsToAmount(totals.discountCents),
    shipping: centsToAmount(totals.shippingCents),
    tax: centsToAmount(totals.taxCents),
    cod_fee: centsToAmount(totals.codFeeCents),
    total: centsToAmount(totals.totalCents),
    coupon_code: priced.couponValid ? (priced.coupon?.code ?? null) : (cart.couponCode ?? null),
    item_count: lines.reduce((sum, line) => sum + line.item.quantity, 0),
    currency: priced.currency,
    warnings: priced.warnings,
  };
}

/** A line's own money, as the cart shows it before placement and the order keeps it after. */
function lineTaxDto(line: TaxedLine | undefined, hsnCode: string | null) {
  return {
    discount: centsToAmount(line?.discountCents ?? 0),
    taxable_value: centsToAmount(line?.taxableValueCents ?? 0),
    tax: centsToAmount(line?.taxCents ?? 0),
    tax_lines: toTaxLineDtos(line?.taxLines ?? []),
    hsn_code: hsnCode,
  };
}
