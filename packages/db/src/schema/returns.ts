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
import { createdAt, id, updatedAt } from './columns';
import { orderItems, orders } from './orders';
import { orderRefunds } from './refunds';
import { users } from './users';

/*
 * Customer returns (issue 38, part 2; docs/returns.md): a request for units of a delivered
 * order, approved, received and refunded through the refund ledger (kind `return`), or an
 * exchange for another variant. Owned by the returns slice.
 */

export const RETURN_STATUSES = [
  'requested',
  'approved',
  'rejected',
  'canceled',
  'received',
  'refunded',
  'exchanged',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_REASONS = [
  'damaged',
  'wrong_item',
  'not_as_described',
  'size_fit',
  'changed_mind',
  'other',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_METHODS = ['pickup', 'drop_off'] as const;
export const REFUND_DESTINATIONS = ['original', 'store_credit'] as const;
export const RETURN_CONDITIONS = ['resellable', 'damaged', 'missing'] as const;

/** What the customer was quoted when asking (money in cents): shown again, never re-read. */
export interface ReturnQuoteRow {
  items: { orderItemId: number; quantity: number; amountCents: number }[];
  itemsCents: number;
  shippingCents: number;
  feeCents: number;
  totalCents: number;
  /** Where it goes back: the ledger's split, or all of it as store credit. */
  split: {
    gatewayCents: number;
    giftCardCents: number;
    loyaltyCents: number;
    storeCreditCents: number;
  };
}

export const returns = pgTable(
  'returns',
  {
    id: id(),
    /** `RMA-<order number>-<n>`: the customer's name for it. */
    number: text('number').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('requested'),
    method: text('method', { enum: RETURN_METHODS }).notNull(),
    refundTo: text('refund_to', { enum: REFUND_DESTINATIONS }).notNull(),
    quote: jsonb('quote').$type<ReturnQuoteRow>().notNull(),
    /** The ledger row that refunded it: set once, so a second click finds it and stops. */
    refundId: integer('refund_id').references(() => orderRefunds.id, { onDelete: 'restrict' }),
    replacementOrderId: integer('replacement_order_id').references(() => orders.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('returns_number_key').on(t.number),
    uniqueIndex('returns_refund_key').on(t.refundId).where(sql`${t.refundId} is not null`),
    index('returns_order_idx').on(t.orderId),
    index('returns_user_idx').on(t.userId, t.id),
    index('returns_status_idx').on(t.status, t.id),
  ],
);

export const returnItems = pgTable(
  'return_items',
  {
    id: id(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    note: text('note'),
    exchangeVariantId: integer('exchange_variant_id'),
    receivedQuantity: integer('received_quantity').notNull().default(0),
    condition: text('condition', { enum: RETURN_CONDITIONS }),
  },
  (t) => [
    uniqueIndex('return_items_line_key').on(t.returnId, t.orderItemId),
    index('return_items_order_item_idx').on(t.orderItemId),
    check(
      'return_items_quantity_check',
      sql`${t.quantity} > 0 and ${t.receivedQuantity} between 0 and ${t.quantity}`,
    ),
  ],
);

export const returnEvents = pgTable(
  'return_events',
  {
    id: id(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RETURN_STATUSES }).notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('return_events_return_idx').on(t.returnId, t.id)],
);

/** The shop's return policy: one row (id 1); absent means the defaults. */
export const returnSettings = pgTable('return_settings', {
  id: integer('id').primaryKey(),
  returnWindowDays: integer('return_window_days').notNull().default(7),
  autoApprove: jsonb('auto_approve').$type<ReturnReason[]>().notNull().default([]),
  returnFeeCents: integer('return_fee_cents').notNull().default(0),
  restockOnReceive: boolean('restock_on_receive').notNull().default(true),
  updatedAt: updatedAt(),
});
