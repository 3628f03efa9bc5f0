import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { carts } from './cart';
import { createdAt, id, timestamptz, updatedAt } from './columns';
import { orders } from './orders';
import { orderRefunds } from './refunds';
import { users } from './users';

export const GIFT_CARD_STATUSES = ['active', 'disabled'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

export const GIFT_CARD_LEDGER_REASONS = ['issued', 'spent', 'returned'] as const;
export type GiftCardLedgerReason = (typeof GIFT_CARD_LEDGER_REASONS)[number];

/**
 * Gift cards issued by the shop. The code is never stored: only its SHA-256 (of the normalised
 * code) and its last 4 characters. The balance is the sum of the card's ledger, never a column;
 * this row is what place-order locks (FOR UPDATE) before spending from it.
 *
 * Store credit (issue 38, docs/returns.md) is a gift card with an owner: the refund that issued
 * it (one card per refund row) and the code sealed with AES-256-GCM (STORE_CREDIT_CODE_KEY), so
 * that its owner can be shown it again; the hash stays what a code is looked up by.
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
    /** The customer a store-credit card belongs to (null: a bearer gift card). */
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** `v1:<iv>:<tag>:<ciphertext>` (base64url) of the code, for its owner only. */
    codeSealed: text('code_sealed'),
    /** The refund ledger row that issued this store credit. */
    refundId: integer('refund_id').references(() => orderRefunds.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('gift_cards_code_hash_key').on(t.codeHash),
    index('gift_cards_owner_idx').on(t.ownerUserId, t.id).where(sql`${t.ownerUserId} is not null`),
    uniqueIndex('gift_cards_refund_key').on(t.refundId).where(sql`${t.refundId} is not null`),
  ],
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
