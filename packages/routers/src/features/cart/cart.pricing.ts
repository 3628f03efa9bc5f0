import { centsToAmount } from '../../money';
import type { CatalogRepository, PurchasableRecord } from '../catalog/catalog.repository';
import { FALLBACK_CURRENCY } from '../catalog/product.dto';
import type {
  CartItemRecord,
  CartRecord,
  CartRepository,
  CouponRecord,
  ShippingMethodRecord,
} from './cart.repository';
import type { CartDto } from './cart.schemas';
import { computeTotals, evaluateCoupon, type Totals } from './pricing';

export interface CartRepositories {
  cart: CartRepository;
  catalog: Pick<CatalogRepository, 'findPurchasables'>;
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
    repos.catalog.findPurchasables(
      items.map((item) => item.productId),
      options.now,
    ),
    repos.cart.defaultCurrency(),
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
    coupon = await repos.cart.findCoupon(cart.couponCode);
    if (!coupon) {
      warnings.push(`Coupon ${cart.couponCode} no longer exists.`);
    } else {
      const verdict = evaluateCoupon(coupon, {
        subtotalCents,
        now: options.now,
        customerUses: await repos.cart.customerRedemptions(coupon.id, cart.userId),
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
    const method = await repos.cart.shippingMethod(cart.shippingMethod);
    if (method && isShippingMethodOffered(method, subtotalCents - discountCents))
      shippingMethod = method;
    else warnings.push('The chosen shipping method is no longer available; choose another.');
  }

  const totals = computeTotals({
    subtotalCents,
    discountCents,
    shippingCents: shippingMethod?.rateCents ?? 0,
    taxRateBasisPoints: await repos.cart.taxRateBasisPoints(cart.shippingAddress?.country),
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

export function toCartDto(priced: PricedCart): CartDto {
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
