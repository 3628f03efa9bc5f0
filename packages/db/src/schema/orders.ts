import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AddressSnapshot } from './cart';
import { products, productVariants } from './catalog';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { users } from './users';

export const ORDER_STATUSES = [
  'pending',
  'processing',
  'shipped',
  'completed',
  'canceled',
] as const;
export type OrderStatusValue = (typeof ORDER_STATUSES)[number];
/**
 * `refund_pending`: all of a paid order is being given back and the gateway has not confirmed
 * it yet; `partially_refunded`: part of it was given back (docs/refunds.md).
 */
export const PAYMENT_STATUSES = [
  'pending',
  'paid',
  'refund_pending',
  'refunded',
  'failed',
  'partially_refunded',
] as const;
export type PaymentStatusValue = (typeof PAYMENT_STATUSES)[number];

/** Feeds human-readable order numbers (SF-2026-000123); gaps are harmless, repeats impossible. */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 1 });

/** One tax component charged on a line or an order (docs/tax.md), frozen at placement. */
export interface TaxLineRow {
  name: string;
  rateBasisPoints: number;
  amountCents: number;
}

/** The order's tax per component and rate, with the taxable value it was charged on. */
export interface TaxSummaryRow extends TaxLineRow {
  taxableValueCents: number;
}

/** Where the supply is taxed: the shipping address's country and region (India: its state). */
export interface PlaceOfSupplyRow {
  country: string;
  region: string | null;
  /** The region's name as the tax office spells it (`Karnataka`). */
  name: string | null;
  /** India's GST state code (`29`); null elsewhere. */
  gstStateCode: string | null;
}

/** The taxed shipping charge, when the store taxes shipping. */
export interface ShippingTaxRow {
  taxableValueCents: number;
  taxLines: TaxLineRow[];
  taxCents: number;
}

/**
 * Placed orders. Items, prices and addresses are snapshots taken at placement: later catalogue
 * or address-book changes never alter an order.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** Assigned by the database on insert: SF-<year>-<6-digit sequence>. */
    orderNumber: text('order_number')
      .notNull()
      .default(
        sql`'SF-' || to_char(now() at time zone 'UTC', 'YYYY') || '-' || lpad(nextval('order_number_seq')::text, 6, '0')`,
      ),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    paymentMethod: text('payment_method').notNull(),
    shippingMethod: text('shipping_method').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    couponCode: text('coupon_code'),
    /** Paid by gift cards (features/gift-cards): what each card gave, by its last 4. */
    giftCards: jsonb('gift_cards')
      .$type<{ last4: string; amountCents: number }[]>()
      .notNull()
      .default([]),
    giftCardCents: integer('gift_card_cents').notNull().default(0),
    loyaltyPoints: integer('loyalty_points').notNull().default(0),
    loyaltyCents: integer('loyalty_cents').notNull().default(0),
    shippingAddress: jsonb('shipping_address').$type<AddressSnapshot>().notNull(),
    billingAddress: jsonb('billing_address').$type<AddressSnapshot>().notNull(),
    notes: text('notes'),
    gatewayOrderId: text('gateway_order_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    refundReference: text('refund_reference'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    cancelReason: text('cancel_reason'),
    /**
     * Tax as frozen at placement (issue 37): summed by component, the shipping charge's part,
     * where the supply is taxed and whether the listed prices included the tax. Null on orders
     * placed before migration 0022, which recorded only the totals.
     */
    taxLines: jsonb('tax_lines').$type<TaxSummaryRow[]>(),
    shippingTax: jsonb('shipping_tax').$type<ShippingTaxRow>(),
    /**
     * The cash-on-delivery fee (docs/delivery.md): its own amount, apart from shipping, so a COD
     * order turned prepaid can drop it; taxed like shipping (`cod_fee_tax`, null when untaxed).
     * With prices including tax, the fee less the tax it contains, as `shipping_cents` is.
     */
    codFeeCents: integer('cod_fee_cents').notNull().default(0),
    codFeeTax: jsonb('cod_fee_tax').$type<ShippingTaxRow>(),
    placeOfSupply: jsonb('place_of_supply').$type<PlaceOfSupplyRow>(),
    pricesIncludeTax: boolean('prices_include_tax'),
    /** From the gapless invoice series, once invoiced (docs/tax.md, "Invoices"). */
    invoiceNumber: text('invoice_number'),
    /** The invoice's date in the shop's calendar. */
    invoiceDate: date('invoice_date', { mode: 'string' }),
    /** The delivery promised at placement (docs/delivery.md); null: none could be given. */
    estimatedDelivery: jsonb('estimated_delivery').$type<{ min_date: string; max_date: string }>(),
    /**
     * The refund ledger's sum (order_refunds, failed gateway parts excepted), kept by the
     * transaction that writes or settles a refund under the order's lock (docs/refunds.md).
     */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** What units cancelled before payment took off what cash on delivery collects. */
    canceledDueCents: integer('canceled_due_cents').notNull().default(0),
    /**
     * Refunds written but waiting for an Owner's approval (above the requester's refund limit,
     * docs/refunds.md "Approval"): value asked, not given back yet, so not in `refunded_cents`.
     */
    awaitingRefundCents: integer('awaiting_refund_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'orders_refunded_check',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} + ${t.canceledDueCents} <= ${t.totalCents}`,
    ),
    check('orders_canceled_due_check', sql`${t.canceledDueCents} >= 0`),
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    uniqueIndex('orders_invoice_number_key')
      .on(t.invoiceNumber)
      .where(sql`${t.invoiceNumber} is not null`),
    // A gateway payment can pay one order only: the database refuses a second.
    uniqueIndex('orders_gateway_payment_key')
      .on(t.gatewayPaymentId)
      .where(sql`${t.gatewayPaymentId} is not null`),
    index('orders_user_newest_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_status_idx').on(t.status, t.createdAt),
    // payment-status: the order a gateway order's payment became.
    index('orders_gateway_order_idx')
      .on(t.gatewayOrderId)
      .where(sql`${t.gatewayOrderId} is not null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    variantName: text('variant_name'),
    sku: text('sku').notNull(),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    totalCents: integer('total_cents').notNull(),
    /*
     * The line's own money, frozen at placement (docs/tax.md): its share of the coupon discount,
     * the value taxed, each tax component and their sum. Null on lines placed before migration
     * 0022. `total_cents` stays price × quantity, as the spec defines an item's total.
     */
    discountCents: integer('discount_cents'),
    taxableValueCents: integer('taxable_value_cents'),
    taxLines: jsonb('tax_lines').$type<TaxLineRow[]>(),
    taxCents: integer('tax_cents'),
    taxCategory: text('tax_category'),
    hsnCode: text('hsn_code'),
    /** Units cancelled before shipping (cancel-items) and returned: never more than ordered. */
    canceledQuantity: integer('canceled_quantity').notNull().default(0),
    returnedQuantity: integer('returned_quantity').notNull().default(0),
  },
  (t) => [
    check(
      'order_items_reversed_quantity_check',
      sql`${t.canceledQuantity} >= 0 and ${t.returnedQuantity} >= 0 and ${t.canceledQuantity} + ${t.returnedQuantity} <= ${t.quantity}`,
    ),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
  ],
);

/** One event per status change, oldest first: the tracking timeline. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

export const IDEMPOTENCY_STATES = ['in_flight', 'done'] as const;

/**
 * Place-order replays (docs/contract.md §5): the same key from the same customer within 24 hours
 * answers the first response again. The primary key makes "first request wins" atomic.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: IDEMPOTENCY_STATES }).notNull().default('in_flight'),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Razorpay webhook deliveries, stored once by their event id (`X-Razorpay-Event-Id`): a
 * redelivered event finds its row and changes nothing. A job handles each (payments slice).
 */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  /**
   * What the event is about: its kind and its payment's (or refund's) id. Unique, so the same
   * news re-sent under a new event id is a redelivery too; kept when the payload is dropped.
   */
  subject: text('subject').unique('payment_webhook_events_subject_key'),
  /** Razorpay's body (customer e-mail, phone): dropped after PAYMENT_EVENT_RETENTION_DAYS. */
  payload: jsonb('payload'),
  receivedAt: createdAt(),
  processedAt: timestamptz('processed_at'),
  /** While a worker handles it (it may call Razorpay): a second delivery of its job waits. */
  claimedAt: timestamptz('claimed_at'),
  /** What handling the event did (order placed, refunded, recorded, ignored). */
  outcome: text('outcome'),
});

/**
 * Gapless number series (invoices, credit notes), one row per series and financial year. The
 * row is locked by the transaction that takes a number, so a rolled-back assignment returns its
 * number and no two transactions take the same one — which a sequence cannot promise.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series', { enum: ['invoice', 'credit_note'] }).notNull(),
    /** The financial year's label (`2627` for April 2026 – March 2027). */
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

/** One credit note line: what it reverses of an order line (or the shipping charge). */
export interface CreditNoteLineRow {
  /** Null for a charge: the shipping charge, or the COD fee (`charge`). */
  orderItemId: number | null;
  /** `cod_fee` on the cash-on-delivery fee's line; absent on every other line. */
  charge?: 'cod_fee';
  description: string;
  hsnCode: string | null;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  taxableValueCents: number;
  taxLines: TaxLineRow[];
  taxCents: number;
  totalCents: number;
}

/**
 * Credit notes: a refund on an invoiced order reverses what it gives back, under its own gapless
 * series. Amounts are positive; the note reverses them.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    number: text('number').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    lines: jsonb('lines').$type<CreditNoteLineRow[]>().notNull(),
    taxLines: jsonb('tax_lines').$type<TaxSummaryRow[]>().notNull(),
    taxableValueCents: integer('taxable_value_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_notes_number_key').on(t.number),
    index('credit_notes_order_idx').on(t.orderId, t.id),
    check('credit_notes_total_check', sql`${t.totalCents} >= 0`),
  ],
);
