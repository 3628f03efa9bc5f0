import { centsToAmount, centsToAmountOrNull } from '../../money';
import { toTaxLineDtos, toTaxSummaryDtos } from '../../tax-lines';
import { toIso } from '../../zod-helpers';
import type { OrderEventRecord, OrderItemRecord, OrderRecord } from './orders.repository';
import type { OrderDto } from './orders.schemas';

/**
 * What the gateway charged or cash on delivery collects: the rest after cards and points, less
 * what units cancelled before payment took off it (docs/refunds.md; the placed totals stay).
 */
export const amountDueCents = (
  order: Pick<OrderRecord, 'totalCents' | 'giftCardCents' | 'loyaltyCents'> &
    Partial<Pick<OrderRecord, 'canceledDueCents'>>,
) =>
  Math.max(
    0,
    order.totalCents - order.giftCardCents - order.loyaltyCents - (order.canceledDueCents ?? 0),
  );

export function toOrderDto(order: OrderRecord, items: OrderItemRecord[]): OrderDto {
  return {
    id: order.id,
    order_number: order.orderNumber,
    status: order.status,
    payment_status: order.paymentStatus,
    payment_method: order.paymentMethod,
    shipping_method: order.shippingMethod,
    subtotal: centsToAmount(order.subtotalCents),
    discount: centsToAmount(order.discountCents),
    shipping: centsToAmount(order.shippingCents),
    tax: centsToAmount(order.taxCents),
    cod_fee: centsToAmount(order.codFeeCents),
    total: centsToAmount(order.totalCents),
    currency: order.currency,
    coupon_code: order.couponCode,
    gift_cards: order.giftCards.map((card) => ({
      last4: card.last4,
      amount: centsToAmount(card.amountCents),
    })),
    gift_card_amount: centsToAmount(order.giftCardCents),
    loyalty_points: order.loyaltyPoints,
    loyalty_amount: centsToAmount(order.loyaltyCents),
    amount_due: centsToAmount(amountDueCents(order)),
    refunded_amount: centsToAmount(order.refundedCents),
    refund_awaiting_approval_amount: centsToAmount(order.awaitingRefundCents),
    items: items.map((item) => ({
      id: item.id,
      product_id: item.productId,
      variant_id: item.variantId,
      product_name: item.productName,
      variant_name: item.variantName,
      sku: item.sku,
      price: centsToAmount(item.priceCents),
      quantity: item.quantity,
      total: centsToAmount(item.totalCents),
      discount: centsToAmountOrNull(item.discountCents),
      taxable_value: centsToAmountOrNull(item.taxableValueCents),
      tax: centsToAmountOrNull(item.taxCents),
      tax_lines: item.taxLines && toTaxLineDtos(item.taxLines),
      hsn_code: item.hsnCode,
      canceled_quantity: item.canceledQuantity,
      returned_quantity: item.returnedQuantity,
    })),
    shipping_address: order.shippingAddress,
    billing_address: order.billingAddress,
    notes: order.notes,
    cancel_reason: order.cancelReason,
    tax_lines: order.taxLines && toTaxSummaryDtos(order.taxLines),
    invoice_number: order.invoiceNumber,
    invoice_date: order.invoiceDate,
    place_of_supply: order.placeOfSupply && {
      country: order.placeOfSupply.country,
      region: order.placeOfSupply.region,
      name: order.placeOfSupply.name,
      gst_state_code: order.placeOfSupply.gstStateCode,
    },
    estimated_delivery: order.estimatedDelivery,
    created_at: toIso(order.createdAt),
    updated_at: toIso(order.updatedAt),
  };
}

export function toOrderListEntryDto(order: OrderRecord, itemCount: number) {
  return {
    id: order.id,
    order_number: order.orderNumber,
    status: order.status,
    payment_status: order.paymentStatus,
    total: centsToAmount(order.totalCents),
    currency: order.currency,
    item_count: itemCount,
    created_at: toIso(order.createdAt),
  };
}

export function toTrackingDto(order: OrderRecord, events: OrderEventRecord[]) {
  return {
    order_id: order.id,
    order_number: order.orderNumber,
    status: order.status,
    carrier: order.carrier,
    tracking_number: order.trackingNumber,
    tracking_url: order.trackingUrl,
    estimated_delivery: order.estimatedDelivery,
    events: events.map((event) => ({
      status: event.status,
      description: event.description,
      created_at: toIso(event.createdAt),
    })),
  };
}
