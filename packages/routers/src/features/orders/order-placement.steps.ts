import type { AddressSnapshot } from '@storefront/db/schema';
import type { Credits } from '@storefront/pricing';
import { together } from '../../transactions';
import type { PricedCart } from '../cart';
import { STATUS_EVENT_TEXT } from './order-status';
import type { NewOrder, NewOrderItem, OrderRecord, OrdersRepository } from './orders.repository';

/*
 * Place-order's write of the orders slice. Its undo is cancel (orders.service.ts, `transition`
 * to canceled): stock, coupon, gift cards and points go back, a paid order is refunded.
 */

/** What an order is written from: a checkout that passed every check (checkout's loadAndLock). */
export interface PlacedOrderInput {
  userId: number;
  priced: PricedCart;
  credits: Credits | undefined;
  /** A gateway payment verified, or gift cards and points paying it all. */
  paid: boolean;
  paymentMethod: string;
  shippingMethod: string;
  shippingAddress: AddressSnapshot;
  billingAddress: AddressSnapshot;
  notes: string | undefined;
  /** The delivery promised at placement (docs/delivery.md); null: none. */
  estimatedDelivery: { min_date: string; max_date: string } | null;
  payment: { gatewayOrderId: string; gatewayPaymentId: string } | null;
}

type OrderWriter = { orders: Pick<OrdersRepository, 'insertOrder' | 'insertItems' | 'addEvent'> };

/** What a caller writes beside a new order's lines: only the order's id is needed. */
export type AlongsideOrder = (order: OrderRecord) => Promise<unknown>;

/**
 * A new order: its row, then its lines, the first event of its timeline and `alongside` sent
 * together. They need only the order's id, so they cost one round trip to the database, not one
 * each (docs/performance.md, "Place-order's round trips"); any failure among them fails the
 * transaction they are in.
 */
export async function insertNewOrder(
  tx: OrderWriter,
  order: NewOrder,
  items: readonly NewOrderItem[],
  alongside?: AlongsideOrder,
): Promise<OrderRecord> {
  const created = await tx.orders.insertOrder(order);
  await together([
    tx.orders.insertItems(created.id, items),
    tx.orders.addEvent(created.id, 'pending', STATUS_EVENT_TEXT.pending),
    alongside?.(created),
  ]);
  return created;
}

/**
 * Writes the order: prices, addresses and names copied from the checkout, its lines, and the
 * first event of its timeline; `alongside` as `insertNewOrder` says.
 */
export function writePlacedOrder(
  tx: OrderWriter,
  input: PlacedOrderInput,
  alongside?: AlongsideOrder,
): Promise<OrderRecord> {
  const { priced, credits, payment, notes } = input;
  const { totals } = priced;
  return insertNewOrder(
    tx,
    {
      userId: input.userId,
      status: 'pending',
      paymentStatus: input.paid ? 'paid' : 'pending',
      paymentMethod: input.paymentMethod,
      shippingMethod: input.shippingMethod,
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      shippingCents: totals.shippingCents,
      taxCents: totals.taxCents,
      codFeeCents: totals.codFeeCents,
      totalCents: totals.totalCents,
      currency: priced.currency,
      couponCode: priced.couponValid ? (priced.coupon?.code ?? null) : null,
      giftCards: (credits?.cards ?? [])
        .filter((card) => card.amountCents > 0)
        .map((card) => ({ last4: card.last4, amountCents: card.amountCents })),
      giftCardCents: credits?.giftCardCents ?? 0,
      loyaltyPoints: credits?.loyaltyPoints ?? 0,
      loyaltyCents: credits?.loyaltyCents ?? 0,
      shippingAddress: input.shippingAddress,
      billingAddress: input.billingAddress,
      notes: notes ?? null,
      estimatedDelivery: input.estimatedDelivery,
      gatewayOrderId: payment?.gatewayOrderId ?? null,
      gatewayPaymentId: payment?.gatewayPaymentId ?? null,
      // The tax as charged, frozen for invoices, credit notes and refunds (docs/tax.md).
      taxLines: priced.taxLinesByName.map((line) => ({ ...line })),
      shippingTax: priced.shippingTax && {
        taxableValueCents: priced.shippingTax.taxableValueCents,
        taxLines: priced.shippingTax.taxLines,
        taxCents: priced.shippingTax.taxCents,
      },
      codFeeTax: priced.codFeeTax && {
        taxableValueCents: priced.codFeeTax.taxableValueCents,
        taxLines: priced.codFeeTax.taxLines,
        taxCents: priced.codFeeTax.taxCents,
      },
      placeOfSupply: priced.taxAddress && {
        country: priced.taxAddress.country,
        region: priced.taxAddress.region,
        name: priced.taxAddress.stateName,
        gstStateCode: priced.taxAddress.gstStateCode,
      },
      pricesIncludeTax: priced.pricesIncludeTax,
    },
    priced.lines.map((line, index) => ({
      productId: line.item.productId,
      variantId: line.item.variantId,
      productName: line.purchasable?.name ?? '',
      variantName: line.purchasable?.variantName ?? null,
      sku: line.purchasable?.sku ?? '',
      priceCents: line.unitPriceCents,
      quantity: line.item.quantity,
      totalCents: line.lineTotalCents,
      ...frozenLineTax(priced, index),
    })),
    alongside,
  );
}

/** A line's discount and tax as priced: what its invoice prints and a refund gives back. */
function frozenLineTax(priced: PricedCart, index: number) {
  const taxed = priced.taxedLines[index];
  return {
    discountCents: taxed?.discountCents ?? 0,
    taxableValueCents: taxed?.taxableValueCents ?? 0,
    taxLines: taxed?.taxLines ?? [],
    taxCents: taxed?.taxCents ?? 0,
    taxCategory: priced.taxCategories[index] ?? null,
    hsnCode: priced.hsnCodes[index] ?? null,
  };
}
