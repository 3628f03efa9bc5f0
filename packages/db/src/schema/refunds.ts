import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { type CreditNoteLineRow, creditNotes, orders } from './orders';
import { users } from './users';

/** Why money went back: `return` is a received customer return (issue 38, part 2). */
export const REFUND_KINDS = ['cancel', 'cancel_items', 'goodwill', 'return'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];

/**
 * The gateway part's state: cards and points are given back when the row is written.
 * `awaiting_approval`: above the requester's refund limit, nothing given back until an Owner
 * approves (then `pending` or `processed`); `declined`: the Owner refused, nothing given back
 * (docs/refunds.md "Approval").
 */
export const REFUND_STATUSES = [
  'pending',
  'processed',
  'failed',
  'awaiting_approval',
  'declined',
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * What a refund gave back of one order line (null: the shipping charge), in a credit note's
 * line shape: units with their share, or value only (`quantity` 0, goodwill). The credit note of
 * an invoiced order prints these lines.
 */
export type RefundLineRow = CreditNoteLineRow;

/**
 * The refund ledger (docs/refunds.md): one row per refund of an order, written with its split
 * (gateway first, then gift cards, then points; before payment, what cash on delivery no longer
 * collects) and its unique `receipt` before the gateway is asked, so a retried job finds the
 * gateway's refund by the receipt instead of asking twice.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    gatewayCents: integer('gateway_cents').notNull().default(0),
    giftCardCents: integer('gift_card_cents').notNull().default(0),
    loyaltyCents: integer('loyalty_cents').notNull().default(0),
    /**
     * Taken off what cash on delivery will collect (units cancelled before payment): value the
     * customer no longer owes, not money given back.
     */
    uncollectedCents: integer('uncollected_cents').notNull().default(0),
    /**
     * Given back as store credit: a gift card issued to the customer (a return with
     * `refund_to: store_credit`, or of a cash-on-delivery order; docs/returns.md).
     */
    storeCreditCents: integer('store_credit_cents').notNull().default(0),
    /** The points given back for `loyalty_cents`. */
    loyaltyPoints: integer('loyalty_points').notNull().default(0),
    reason: text('reason').notNull(),
    kind: text('kind', { enum: REFUND_KINDS }).notNull(),
    lines: jsonb('lines').$type<RefundLineRow[]>().notNull().default([]),
    receipt: text('receipt').notNull(),
    gatewayRefundId: text('gateway_refund_id'),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    /** The failed refund whose gateway part this row asks for again. */
    retryOfId: integer('retry_of_id').references((): AnyPgColumn => orderRefunds.id, {
      onDelete: 'restrict',
    }),
    /**
     * Which attempt at the gateway part this row is: 0 the first, n its nth retry after a failure
     * (REFUND_MAX_ATTEMPTS bounds the automatic ones; docs/refunds.md).
     */
    attempt: integer('attempt').notNull().default(0),
    /** The speed the gateway processes it at (`refund.speed_changed`: `instant` or `normal`). */
    gatewaySpeed: text('gateway_speed'),
    creditNoteId: integer('credit_note_id').references(() => creditNotes.id, {
      onDelete: 'restrict',
    }),
    /**
     * Give it back as store credit when approved (a return asking for it): what the request
     * decided, kept for the approval, which splits the money then (docs/refunds.md "Approval").
     */
    toStoreCredit: boolean('to_store_credit').notNull().default(false),
    /** The staff member whose refund waited for approval (above their role's refund limit). */
    requestedById: integer('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The Owner who approved or declined it, and when. */
    decidedById: integer('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    declineReason: text('decline_reason'),
    createdAt: createdAt(),
    settledAt: timestamptz('settled_at'),
  },
  (t) => [
    uniqueIndex('order_refunds_receipt_key').on(t.receipt),
    uniqueIndex('order_refunds_gateway_refund_key')
      .on(t.gatewayRefundId)
      .where(sql`${t.gatewayRefundId} is not null`),
    // A failed refund is asked for again once: two admins clicking Retry write one row.
    uniqueIndex('order_refunds_retry_of_key')
      .on(t.retryOfId)
      .where(sql`${t.retryOfId} is not null`),
    index('order_refunds_order_idx').on(t.orderId, t.id),
    // admin.refunds.pending reads the few waiting rows, not the whole ledger.
    index('order_refunds_awaiting_idx').on(t.id).where(sql`${t.status} = 'awaiting_approval'`),
    check(
      'order_refunds_amounts_check',
      sql`${t.amountCents} > 0 and ${t.gatewayCents} >= 0 and ${t.giftCardCents} >= 0 and ${t.loyaltyCents} >= 0 and ${t.uncollectedCents} >= 0 and ${t.storeCreditCents} >= 0 and (${t.status} in ('awaiting_approval', 'declined') or ${t.amountCents} = ${t.gatewayCents} + ${t.giftCardCents} + ${t.loyaltyCents} + ${t.uncollectedCents} + ${t.storeCreditCents})`,
    ),
  ],
);
