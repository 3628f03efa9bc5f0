import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { carts } from './cart';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { orders } from './orders';
import { users } from './users';

/** `reversed`: points earned on units the customer returned, taken back (issue 38). */
export const LOYALTY_REASONS = [
  'earned',
  'redeemed',
  'returned',
  'expired',
  'adjusted',
  'reversed',
] as const;
export type LoyaltyReason = (typeof LOYALTY_REASONS)[number];

/** One row per customer with points: what spending locks (FOR UPDATE) before writing the ledger. */
export const loyaltyAccounts = pgTable('loyalty_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** A customer's points: the balance is the sum; earned rows expire at `expires_at`. */
export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => loyaltyAccounts.userId, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    reason: text('reason', { enum: LOYALTY_REASONS }).notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    note: text('note'),
    expiresAt: timestamptz('expires_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('loyalty_ledger_user_idx').on(t.userId, t.createdAt),
    index('loyalty_ledger_order_idx').on(t.orderId),
    check('loyalty_ledger_points_check', sql`${t.points} <> 0`),
  ],
);

/** The points applied to an open cart (spent at place-order). */
export const cartLoyaltyPoints = pgTable(
  'cart_loyalty_points',
  {
    cartId: integer('cart_id')
      .primaryKey()
      .references(() => carts.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    /** The points paid in the cart's last answer (null until one showed them); see cart_gift_cards. */
    shownPoints: integer('shown_points'),
  },
  (t) => [check('cart_loyalty_points_check', sql`${t.points} > 0`)],
);

/**
 * The loyalty rates (one row, id 1; absent: the defaults). `point_value_micros` is a point's
 * worth in millionths of the currency unit (0.01 → 10 000); `max_redeem_share_bp` in basis points.
 */
export const loyaltySettings = pgTable('loyalty_settings', {
  id: integer('id').primaryKey(),
  pointsPerUnit: integer('points_per_unit').notNull(),
  pointValueMicros: integer('point_value_micros').notNull(),
  minRedeem: integer('min_redeem').notNull(),
  maxRedeemShareBp: integer('max_redeem_share_bp').notNull(),
  pointsExpireDays: integer('points_expire_days').notNull(),
  updatedAt: updatedAt(),
});
