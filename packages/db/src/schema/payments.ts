import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { orders } from './orders';
import { users } from './users';

/**
 * Razorpay payment links asked for a cash-on-delivery order (issue 40, "COD to prepaid"): the
 * newest unexpired one of the order's amount is answered again instead of a new one.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    /** The gateway's link id (plink_…). */
    id: text('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** What the link asks, in minor units of `currency`. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    shortUrl: text('short_url').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** When its `payment_link.paid` was handled, and the payment that paid it. */
    paidAt: timestamptz('paid_at'),
    paymentId: text('payment_id'),
    /**
     * When the link stopped being payable unpaid, and how: `cancelled` (its order was cancelled,
     * or Razorpay shows it cancelled) or `expired` (Razorpay shows it expired). The reconciler
     * no longer looks a closed link up (docs/payments.md, "Payment links at the reconciler").
     */
    closedAt: timestamptz('closed_at'),
    closedAs: text('closed_as').$type<'cancelled' | 'expired'>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_links_order_idx').on(t.orderId, t.createdAt),
    // The reconciler's list: links neither paid nor closed, oldest first.
    index('payment_links_open_idx')
      .on(t.createdAt)
      .where(sql`${t.paidAt} is null and ${t.closedAt} is null`),
  ],
);

/**
 * The Razorpay customer of a shop customer: Razorpay keeps the saved (tokenised) cards under it,
 * the shop keeps only its id (docs/contract.md, "Saved cards").
 */
export const gatewayCustomers = pgTable('gateway_customers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull(),
  createdAt: createdAt(),
});
