import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { carts } from './cart';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { orders } from './orders';

export const GIFT_CARD_STATUSES = ['active', 'disabled'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

export const GIFT_CARD_LEDGER_REASONS = ['issued', 'spent', 'returned'] as const;
export type GiftCardLedgerReason = (typeof GIFT_CARD_LEDGER_REASONS)[number];

/**
 * Gift cards issued by the shop. The code is never stored: only its SHA-256 (of the normalised
 * code) and its last 4 characters. The balance is the sum of the card's ledger, never a column;
 * this row is what place-order locks (FOR UPDATE) before spending from it.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: id(),
    codeHash: text('code_hash').notNull(),
    last4: text('last4').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: GIFT_CARD_STATUSES }).notNull().default('active'),
    recipientEmail: text('recipient_email'),
    message: text('message'),
    expiresAt: timestamptz('expires_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('gift_cards_code_hash_key').on(t.codeHash)],
);

/** Every movement of a card's balance: + issued/returned, − spent, with the order it belongs to. */
export const giftCardLedger = pgTable(
  'gift_card_ledger',
  {
    id: id(),
    giftCardId: integer('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason', { enum: GIFT_CARD_LEDGER_REASONS }).notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('gift_card_ledger_card_idx').on(t.giftCardId),
    index('gift_card_ledger_order_idx').on(t.orderId),
    check('gift_card_ledger_amount_check', sql`${t.amountCents} <> 0`),
  ],
);

/** The cards applied to an open cart, spent in the order they were applied (`id`). */
export const cartGiftCards = pgTable(
  'cart_gift_cards',
  {
    id: id(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    giftCardId: integer('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    /**
     * What the card paid in the cart's last answer (null until one showed it): place-order
     * refuses the order when the card can no longer pay that much (issue 35).
     */
    shownCents: integer('shown_cents'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_gift_cards_cart_card_key').on(t.cartId, t.giftCardId)],
);
