import { z } from 'zod';
import { giftCardAmountFields } from '../../credit-fields';
import { envelope, paginatedEnvelope } from '../../envelope';
import { pageQuery } from '../../pagination';
import { frozenLineTaxFields, ZPlaceOfSupply, ZTaxSummaryLine } from '../../tax-lines';
import { zDateTime, zId } from '../../zod-helpers';
import { ZAddressSnapshot } from '../addresses';
import { ZOrderStatus, ZPaymentStatus } from './order-status.schemas';

export const ZOrderItem = z
  .object({
    id: z.number().int(),
    product_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Null when the product was deleted since' }),
    variant_id: z.number().int().nullable(),
    product_name: z.string(),
    variant_name: z.string().nullable(),
    sku: z.string(),
    price: z.number(),
    quantity: z.number().int(),
    total: z.number(),
    ...frozenLineTaxFields,
    canceled_quantity: z.number().int().meta({
      description: 'Units cancelled before shipping (cancel-items, or the whole order cancelled)',
    }),
    returned_quantity: z.number().int().meta({ description: 'Units returned after delivery' }),
  })
  .meta({ id: 'OrderItem' });

/** The delivery promised at placement (docs/delivery.md). */
const zEstimatedDelivery = () =>
  z.object({ min_date: z.iso.date(), max_date: z.iso.date() }).nullable().meta({
    description:
      'Arrival promised at placement, YYYY-MM-DD in the shop’s time zone; null when none was given',
  });

export const ZOrder = z
  .object({
    id: z.number().int(),
    order_number: z.string(),
    status: ZOrderStatus,
    payment_status: ZPaymentStatus,
    payment_method: z.string(),
    shipping_method: z.string(),
    subtotal: z.number(),
    discount: z.number(),
    shipping: z.number(),
    tax: z.number(),
    cod_fee: z.number().meta({
      description:
        'The cash-on-delivery fee charged at placement (0 when none): subtotal − discount + shipping + tax + cod_fee = total',
    }),
    total: z.number(),
    currency: z.string(),
    coupon_code: z.string().nullable(),
    ...giftCardAmountFields,
    amount_due: z.number().meta({
      description:
        'total − gift_card_amount − loyalty_amount, less the value of units cancelled before payment, never below 0: what the gateway charged or cash on delivery collects (the placed totals stay as placed)',
    }),
    refunded_amount: z.number().meta({
      description:
        'Money given back so far, all ways (gateway, gift cards, points as their value); pending gateway refunds included, failed ones not (docs/refunds.md)',
    }),
    refund_awaiting_approval_amount: z.number().meta({
      description:
        'A refund decided by the shop (a cancel, a return, a goodwill refund) waiting for an Owner’s approval: not given back yet, so not in `refunded_amount`; 0 when none waits (docs/refunds.md "Approval")',
    }),
    items: z.array(ZOrderItem),
    shipping_address: ZAddressSnapshot,
    billing_address: ZAddressSnapshot,
    notes: z.string().nullable(),
    cancel_reason: z.string().nullable(),
    tax_lines: z.array(ZTaxSummaryLine).nullable().meta({
      description:
        'The tax summed by component and rate; null on orders placed before it was recorded',
    }),
    invoice_number: z
      .string()
      .nullable()
      .meta({ description: 'From the gapless invoice series, once invoiced (paid or shipped)' }),
    invoice_date: z.string().nullable().meta({ description: 'YYYY-MM-DD, in the shop’s calendar' }),
    place_of_supply: ZPlaceOfSupply.nullable(),
    estimated_delivery: zEstimatedDelivery(),
    created_at: zDateTime(),
    updated_at: zDateTime(),
  })
  .meta({ id: 'Order' });
export type OrderDto = z.infer<typeof ZOrder>;

export const ZOrderListEntry = z
  .object({
    id: z.number().int(),
    order_number: z.string(),
    status: ZOrderStatus,
    payment_status: ZPaymentStatus,
    total: z.number(),
    currency: z.string(),
    item_count: z.number().int(),
    created_at: zDateTime(),
  })
  .meta({ id: 'OrderListEntry' });

export const ZTracking = z
  .object({
    order_id: z.number().int(),
    order_number: z.string(),
    status: ZOrderStatus,
    carrier: z.string().nullable(),
    tracking_number: z.string().nullable(),
    tracking_url: z.string().nullable(),
    estimated_delivery: zEstimatedDelivery(),
    events: z.array(
      z.object({ status: ZOrderStatus, description: z.string(), created_at: zDateTime() }),
    ),
  })
  .meta({ id: 'Tracking' });

export const ZOrderListInput = z.object({ ...pageQuery, status: ZOrderStatus.optional() });
export type OrderListInput = z.infer<typeof ZOrderListInput>;
export const ZOrderId = z.object({ id: zId() });
export const ZCancelOrderInput = z.object({ id: zId(), reason: z.string().trim().min(1).max(500) });

export const ZOrderListOutput = paginatedEnvelope(ZOrderListEntry);
export const ZOrderOutput = envelope(ZOrder);
export const ZTrackingOutput = envelope(ZTracking);
