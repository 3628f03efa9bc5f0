import { z } from 'zod';
import { envelope, paginatedEnvelope } from '../../envelope';
import { pageQuery } from '../../pagination';
import { zDateTime, zId, zWebUrl } from '../../zod-helpers';
import { ORDER_ACTION_NAMES } from './order-status';
import { ZOrderStatus, ZPaymentStatus } from './order-status.schemas';
import { ZOrder, ZOrderItem, ZOrderListEntry } from './orders.schemas';
import { ZRefund } from './refunds.schemas';

/** An order line as the back office sees it: the customer's view plus its product's thumbnail. */
export const ZAdminOrderItem = ZOrderItem.extend({
  image_url: z.string().nullable().meta({
    description:
      'The product’s main image now, for the panel’s thumbnail; null without one or when the product was deleted',
  }),
}).meta({ id: 'AdminOrderItem' });

/**
 * An order as the back office sees it: the customer's view plus what can be done to it now, and
 * each line's thumbnail.
 */
export const ZAdminOrder = ZOrder.extend({
  items: z.array(ZAdminOrderItem),
  allowed_actions: z
    .array(z.enum(ORDER_ACTION_NAMES))
    .meta({ description: 'The actions the order’s status allows now (its state machine)' }),
});
export const ZAdminOrderOutput = envelope(ZAdminOrder);

/** admin.orders.refund: the order as it is now and the ledger row written. */
export const ZGoodwillRefundOutput = envelope(
  z.object({ order: ZAdminOrder, refund: ZRefund.nullable() }),
);

/** A line of the admin's order list: who ordered, by e-mail (a guest's: the checkout e-mail). */
export const ZAdminOrderListEntry = ZOrderListEntry.extend({
  customer_email: z.string().nullable().meta({
    description: 'The account’s e-mail; a guest’s (or an account without one): the checkout’s',
  }),
}).meta({ id: 'AdminOrderListEntry' });
export const ZAdminOrderListOutput = paginatedEnvelope(ZAdminOrderListEntry);

export const ZAdminShipInput = z.object({
  id: zId(),
  carrier: z.string().trim().min(1).max(100),
  tracking_number: z.string().trim().min(1).max(100),
  tracking_url: zWebUrl().nullable().optional(),
});

/** The admin's order list: every customer's, with filters and a search. */
export const ZAdminOrderListInput = z.object({
  ...pageQuery,
  status: ZOrderStatus.optional(),
  payment_status: ZPaymentStatus.optional(),
  from: zDateTime().optional().meta({ description: 'Placed at or after' }),
  to: zDateTime().optional().meta({ description: 'Placed before' }),
  search: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: 'Part of the order number or of the customer’s e-mail' }),
});
export type AdminOrderListInput = z.infer<typeof ZAdminOrderListInput>;

/** admin.orders.invoices: shop-local dates, both inclusive, at most 366 days apart. */
export const ZInvoiceRegisterInput = z.object({ from: z.iso.date(), to: z.iso.date() });

export const ZInvoiceRegisterRow = z.object({
  type: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  date: z.iso.date(),
  order_number: z.string(),
  buyer_name: z.string(),
  buyer_gstin: z.string().nullable(),
  place_of_supply: z.string().nullable(),
  currency: z.string(),
  taxable_value: z.number(),
  tax_lines: z
    .record(z.string(), z.number())
    .meta({ description: 'Tax per component name (CGST, SGST, IGST, VAT …)' }),
  tax: z.number(),
  total: z.number(),
});
export const ZInvoiceRegisterOutput = envelope(
  z.object({ rows: z.array(ZInvoiceRegisterRow), csv: z.string() }),
);
