import { insertNewOrder } from './order-placement.steps';
import type { OrderRecord, OrdersRepository } from './orders.repository';

/*
 * The order an exchange sends (docs/returns.md, "Exchanges"): the replacement variants at price
 * 0, to the original order's customer and addresses. Nothing is due, so it is `paid` from the
 * start with the payment method `exchange`; its tax and totals are zero, and its invoice, when
 * it gets one, is a zero-value one. Its undo is cancel, as for any order (stock back, nothing to
 * refund).
 */

/** The payment method of a replacement order: nothing was charged for it. */
export const EXCHANGE_PAYMENT_METHOD = 'exchange';

/** One replacement line: the variant sent instead of the returned units. */
export interface ReplacementLine {
  productId: number;
  variantId: number;
  productName: string;
  variantName: string | null;
  sku: string;
  quantity: number;
  /** The returned line's tax category and HSN code: the same product, so the same goods. */
  taxCategory: string | null;
  hsnCode: string | null;
}

/** Writes the replacement order of `original` and the first event of its timeline. */
export async function writeReplacementOrder(
  tx: { orders: Pick<OrdersRepository, 'insertOrder' | 'insertItems' | 'addEvent'> },
  original: OrderRecord,
  lines: readonly ReplacementLine[],
  note: string,
): Promise<OrderRecord> {
  return insertNewOrder(
    tx,
    {
      userId: original.userId,
      status: 'pending',
      paymentStatus: 'paid',
      paymentMethod: EXCHANGE_PAYMENT_METHOD,
      shippingMethod: original.shippingMethod,
      subtotalCents: 0,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 0,
      currency: original.currency,
      shippingAddress: original.shippingAddress,
      billingAddress: original.billingAddress,
      notes: note,
      estimatedDelivery: null,
      taxLines: [],
      shippingTax: null,
      placeOfSupply: original.placeOfSupply,
      pricesIncludeTax: original.pricesIncludeTax,
    },
    lines.map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      productName: line.productName,
      variantName: line.variantName,
      sku: line.sku,
      priceCents: 0,
      quantity: line.quantity,
      totalCents: 0,
      discountCents: 0,
      taxableValueCents: 0,
      taxLines: [],
      taxCents: 0,
      taxCategory: line.taxCategory,
      hsnCode: line.hsnCode,
    })),
  );
}
