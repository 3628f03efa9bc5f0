import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { products, productVariants } from './catalog';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { users } from './users';

export const CART_STATUSES = ['open', 'ordered'] as const;
export type CartStatus = (typeof CART_STATUSES)[number];

/** An address as checkout keeps it and orders snapshot it (API field names). */
export interface AddressSnapshot {
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string;
  address_line_1: string;
  address_line_2: string | null;
  city: string;
  state: string | null;
  postcode: string;
  country: string;
  country_name: string;
  /**
   * The buyer's GSTIN (canonical: upper case), billing addresses only. Absent, not null, when
   * none was given: addresses without one stay as they were (docs/contract.md).
   */
  gstin?: string;
}

/**
 * What a cart keeps as its billing address: an address, or — while billing follows the shipping
 * address (`billing_same_as_shipping`) — only the GSTIN to add to it.
 */
export type CartBillingAddress = AddressSnapshot | { gstin: string };

/**
 * One open cart per customer (partial unique index). The checkout state lives on the cart:
 * addresses, chosen methods and the gateway order issued for it. `version` moves on every
 * change of the cart's contents, so a gateway order issued for an older cart is recognised.
 */
export const carts = pgTable(
  'carts',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CART_STATUSES }).notNull().default('open'),
    couponCode: text('coupon_code'),
    version: integer('version').notNull().default(0),
    shippingAddress: jsonb('shipping_address').$type<AddressSnapshot>(),
    billingAddress: jsonb('billing_address').$type<CartBillingAddress>(),
    billingSameAsShipping: boolean('billing_same_as_shipping').notNull().default(false),
    shippingMethod: text('shipping_method'),
    paymentMethod: text('payment_method'),
    gatewayOrderId: text('gateway_order_id'),
    gatewayAmountCents: integer('gateway_amount_cents'),
    gatewayCurrency: text('gateway_currency'),
    /** The cart version the gateway order was issued for. */
    gatewayCartVersion: integer('gateway_cart_version'),
    /** Why Razorpay reported the last payment for this gateway order as failed (webhook). */
    gatewayPaymentError: text('gateway_payment_error'),
    /**
     * A gift card or loyalty points were applied to this cart at some point. A cart without
     * (nearly every cart) is priced without reading them (docs/performance.md, "Cart credits").
     */
    creditsApplied: boolean('credits_applied').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('carts_open_user_key').on(t.userId).where(sql`${t.status} = 'open'`)],
);

/**
 * Every gateway (Razorpay) order this shop created, with the cart, customer, amount and currency
 * it was created for. Razorpay's webhooks cover the whole account: only payments on these orders
 * are the shop's to place or refund. Kept after the cart moves on (a new choice replaces the
 * cart's order; a payment on the old one is still the shop's), and an unchanged cart reuses its
 * order instead of creating another.
 */
export const gatewayOrders = pgTable(
  'gateway_orders',
  {
    /** The gateway's order id. */
    id: text('id').primaryKey(),
    cartId: integer('cart_id').references(() => carts.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** The cart version it was created for. */
    cartVersion: integer('cart_version').notNull(),
    /** When Razorpay reported a payment captured on it: it takes no other, so it is not reused. */
    paidAt: timestamptz('paid_at'),
    /**
     * When its payment could not become an order and was refunded in full (payment-status
     * answers `refunded`); null otherwise.
     */
    refundedAt: timestamptz('refunded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('gateway_orders_cart_idx').on(t.cartId),
    // The reconciler's list: recent gateway orders no payment has settled yet.
    index('gateway_orders_unpaid_created_idx').on(t.createdAt).where(sql`${t.paidAt} is null`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One line per product/variant: adding again merges into it (ON CONFLICT on these).
    uniqueIndex('cart_items_product_line_key')
      .on(t.cartId, t.productId)
      .where(sql`${t.variantId} is null`),
    uniqueIndex('cart_items_variant_line_key')
      .on(t.cartId, t.productId, t.variantId)
      .where(sql`${t.variantId} is not null`),
    check('cart_items_quantity_check', sql`${t.quantity} > 0`),
  ],
);

export const COUPON_TYPES = ['percentage', 'fixed'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/**
 * Coupons: `value` is a whole percentage (1–100) or an amount in cents. `times_used` counts
 * placed orders only and is raised with a guarded update, so the total limit holds under races.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    code: text('code').notNull(),
    description: text('description'),
    type: text('type', { enum: COUPON_TYPES }).notNull(),
    value: integer('value').notNull(),
    minSubtotalCents: integer('min_subtotal_cents'),
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
    usageLimit: integer('usage_limit'),
    usageLimitPerCustomer: integer('usage_limit_per_customer'),
    timesUsed: integer('times_used').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_upper_key').on(sql`upper(${t.code})`),
    check('coupons_value_check', sql`${t.value} > 0`),
    check('coupons_percentage_check', sql`${t.type} <> 'percentage' or ${t.value} <= 100`),
  ],
);

/** One row per order that used a coupon: per-customer limits count these. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id'),
    createdAt: createdAt(),
  },
  (t) => [index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId)],
);

/** Shipping methods offered at checkout; `free_over_cents` makes a method free above a subtotal. */
export const shippingMethods = pgTable('shipping_methods', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  rateCents: integer('rate_cents').notNull().default(0),
  /** The method is offered only when the subtotal (after discount) reaches this. */
  minSubtotalCents: integer('min_subtotal_cents'),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  updatedAt: updatedAt(),
});

export const PAYMENT_METHOD_TYPES = ['card', 'gateway', 'offline'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export const paymentMethods = pgTable('payment_methods', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  type: text('type', { enum: PAYMENT_METHOD_TYPES }).notNull(),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  updatedAt: updatedAt(),
});
