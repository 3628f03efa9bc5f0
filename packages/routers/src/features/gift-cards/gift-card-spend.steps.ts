import { AppError } from '../../errors';
import { applyCredits, type Credits, type LoyaltyRates } from './amount-due';

/** Points on the cart and their rates (loyalty slice), paid before the cards. */
export type AppliedPoints = { points: number; rates: LoyaltyRates } | undefined;

import type { GiftCardRecord, GiftCardsRepository } from './gift-cards.repository';

/*
 * Place-order's gift card steps and their undo, side by side. Before the order's transaction the
 * balances of the cart's cards are read (what the customer is paying with); in it the cards are
 * locked (FOR UPDATE) and a card whose balance fell meanwhile refuses the order (422
 * GIFT_CARD_BALANCE_CHANGED, nothing written); after the order row exists the spent amounts
 * become ledger rows of that order. Cancel writes the same amounts back (`returned`).
 */

export interface GiftCardRepositories {
  giftCards: GiftCardsRepository;
}

/** A card can pay while it is active and not expired. */
export const cardUsable = (card: GiftCardRecord, now: Date) =>
  card.status === 'active' && (card.expiresAt === null || card.expiresAt > now);

/** The balances of the cart's cards before the transaction (empty when gift cards are off). */
export async function readCardBalances(
  repos: GiftCardRepositories,
  cartId: number,
  enabled: boolean,
): Promise<Map<number, number>> {
  if (!enabled) return new Map();
  const cards = await repos.giftCards.cartCards(cartId);
  return new Map(cards.map((card) => [card.id, card.balanceCents]));
}

/**
 * In the order's transaction: locks the cart's cards and computes what each pays of the total
 * (after points). Refuses when a card's balance fell below what was read before, or the card
 * was disabled or expired meanwhile.
 */
export async function lockGiftCards(
  tx: GiftCardRepositories,
  input: {
    cartId: number;
    totalCents: number;
    expected: Map<number, number>;
    now: Date;
    loyalty?: AppliedPoints;
  },
): Promise<Credits> {
  const applied = input.expected.size === 0 ? [] : await tx.giftCards.cartCards(input.cartId);
  const locked = await tx.giftCards.lockCards(applied.map((card) => card.id));
  const cards = applied.map((card) => {
    const current = locked.get(card.id);
    const expected = input.expected.get(card.id);
    if (
      !current ||
      expected === undefined ||
      current.balanceCents < expected ||
      !cardUsable(current, input.now)
    ) {
      throw new AppError(
        'GIFT_CARD_BALANCE_CHANGED',
        `The balance of gift card …${card.last4} changed; review your cart and try again.`,
      );
    }
    return { id: current.id, last4: current.last4, balanceCents: current.balanceCents };
  });
  return applyCredits({ totalCents: input.totalCents, cards, loyalty: input.loyalty });
}

/** After the order row is written: one `spent` row per card that paid, for this order. */
export async function spendGiftCards(
  tx: GiftCardRepositories,
  credits: Pick<Credits, 'cards'>,
  orderId: number,
): Promise<void> {
  await tx.giftCards.addLedger(
    credits.cards.map((card) => ({
      giftCardId: card.id,
      amountCents: -card.amountCents,
      reason: 'spent' as const,
      orderId,
    })),
  );
}

/** The undo of spendGiftCards (cancel): what the order still holds goes back to the same cards. */
export async function giveBackGiftCards(
  tx: GiftCardRepositories,
  orderId: number,
): Promise<number> {
  const held = await tx.giftCards.heldByOrder(orderId);
  await tx.giftCards.addLedger(
    held.map((row) => ({
      giftCardId: row.giftCardId,
      amountCents: row.amountCents,
      reason: 'returned' as const,
      orderId,
    })),
  );
  return held.reduce((sum, row) => sum + row.amountCents, 0);
}

/** Outside any transaction (before the gateway is asked): what the cart's cards would pay now. */
export async function previewGiftCards(
  repos: GiftCardRepositories,
  input: { cartId: number; totalCents: number; now: Date; loyalty?: AppliedPoints },
): Promise<Credits> {
  const applied = await repos.giftCards.cartCards(input.cartId);
  return applyCredits({
    totalCents: input.totalCents,
    loyalty: input.loyalty,
    cards: applied.map((card) => ({
      id: card.id,
      last4: card.last4,
      balanceCents: cardUsable(card, input.now) ? card.balanceCents : 0,
    })),
  });
}
