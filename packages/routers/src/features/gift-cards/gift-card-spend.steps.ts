import { applyCredits, type Credits, type PointRates } from '@storefront/pricing';
import { AppError } from '../../errors';
import type { CartCardRecord, GiftCardRecord, GiftCardsRepository } from './gift-cards.repository';

/** Points on the cart and their rates (loyalty slice), paid before the cards. */
export type AppliedPoints = { points: number; rates: PointRates } | undefined;

/*
 * Place-order's gift card steps and their undo, side by side. The rule is what the customer saw:
 * each card on the cart remembers what it paid in the cart's last answer (cart_gift_cards.
 * shown_cents, written by the cart's reads). In the order's transaction the cards are locked
 * (FOR UPDATE); a card that can no longer pay what the cart showed (its balance fell below it),
 * or was disabled or expired, refuses the order (422 GIFT_CARD_BALANCE_CHANGED, nothing written).
 * The next cart answer shows the new amounts, and placing after it succeeds. After the order row
 * exists the spent amounts become ledger rows of that order. Cancel writes them back (`returned`).
 */

export interface GiftCardRepositories {
  giftCards: GiftCardsRepository;
}

/** What the cards of a cart are asked to pay: the total after points, at a moment. */
export interface CardsToPay {
  cartId: number;
  totalCents: number;
  /** Gift cards switched on: off, the cart's cards pay nothing. */
  enabled: boolean;
  now: Date;
  /** The points applied, which pay first (@storefront/pricing credits.ts). */
  loyalty?: AppliedPoints;
}

/** A card can pay while it is active and not expired. */
export const cardUsable = (card: GiftCardRecord, now: Date) =>
  card.status === 'active' && (card.expiresAt === null || card.expiresAt > now);

/** What each card can pay now, or the 422 when one can no longer pay what the cart showed. */
function cardsAsShown(
  applied: CartCardRecord[],
  current: Map<number, GiftCardRecord>,
  now: Date,
): { id: number; last4: string; balanceCents: number }[] {
  return applied.map((onCart) => {
    const card = current.get(onCart.id);
    const fell =
      card !== undefined && onCart.shownCents !== null && card.balanceCents < onCart.shownCents;
    if (!card || !cardUsable(card, now) || fell) {
      throw new AppError(
        'GIFT_CARD_BALANCE_CHANGED',
        `Gift card …${onCart.last4} can no longer pay what your cart showed; review your cart and try again.`,
      );
    }
    return { id: card.id, last4: card.last4, balanceCents: card.balanceCents };
  });
}

/**
 * In the order's transaction: locks the cart's cards and computes what each pays of the total
 * (after points), refusing as `cardsAsShown` says. `enabled` false (gift cards off): no cards.
 */
export async function lockGiftCards(tx: GiftCardRepositories, input: CardsToPay): Promise<Credits> {
  const applied = input.enabled ? await tx.giftCards.cartCards(input.cartId) : [];
  const locked = await tx.giftCards.lockCards(applied.map((card) => card.id));
  const cards = cardsAsShown(applied, locked, input.now);
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

/** What the order's cards still hold of what they paid (spent less given back). */
export async function giftCardsHeldByOrder(
  tx: GiftCardRepositories,
  orderId: number,
): Promise<number> {
  const held = await tx.giftCards.heldByOrder(orderId);
  return held.reduce((sum, row) => sum + row.amountCents, 0);
}

/**
 * A refund's gift-card part (orders/refunds.ts): up to `cents` of what the order's cards hold
 * goes back to them as `returned` rows, card by card in the order of their ids. Returns what
 * went back (less than `cents` only when the cards hold less).
 */
export async function giveBackToGiftCards(
  tx: GiftCardRepositories,
  orderId: number,
  cents: number,
): Promise<number> {
  let left = cents;
  const rows = [];
  for (const row of await tx.giftCards.heldByOrder(orderId)) {
    const back = Math.min(left, row.amountCents);
    if (back <= 0) break;
    rows.push({
      giftCardId: row.giftCardId,
      amountCents: back,
      reason: 'returned' as const,
      orderId,
    });
    left -= back;
  }
  await tx.giftCards.addLedger(rows);
  return cents - left;
}

/**
 * Outside any transaction (before the gateway is asked): what the cart's cards would pay now,
 * refused like in the transaction, so a fallen card answers GIFT_CARD_BALANCE_CHANGED before the
 * gateway is asked about a payment for the old amount.
 */
export async function previewGiftCards(
  repos: GiftCardRepositories,
  input: CardsToPay,
): Promise<Credits> {
  const applied = input.enabled ? await repos.giftCards.cartCards(input.cartId) : [];
  const current = new Map(applied.map((card) => [card.id, card]));
  const cards = cardsAsShown(applied, current, input.now);
  return applyCredits({ totalCents: input.totalCents, loyalty: input.loyalty, cards });
}

/**
 * For a cart's answer (GET /cart, cart changes, checkout's state): what the cards pay now, an
 * unusable card paying nothing (never refused here). Each card remembers what it paid in this
 * answer, written only when it changed: the order is held to it. With gift cards switched off
 * (`enabled` says so, asked only when cards are applied) the cart's cards are dropped.
 */
export async function showGiftCards(
  repos: GiftCardRepositories,
  input: {
    cartId: number;
    totalCents: number;
    enabled: () => Promise<boolean>;
    now: Date;
    loyalty?: AppliedPoints;
  },
): Promise<Credits> {
  const { cartId, totalCents, loyalty } = input;
  const applied = await repos.giftCards.cartCards(cartId);
  if (applied.length > 0 && !(await input.enabled())) {
    await repos.giftCards.removeFromCart(cartId);
    return applyCredits({ totalCents, cards: [], loyalty });
  }
  const credits = applyCredits({
    totalCents,
    loyalty,
    cards: applied.map((card) => ({
      id: card.id,
      last4: card.last4,
      balanceCents: cardUsable(card, input.now) ? card.balanceCents : 0,
    })),
  });
  for (const [index, card] of credits.cards.entries()) {
    if (applied[index]?.shownCents !== card.amountCents)
      await repos.giftCards.setShown(cartId, card.id, card.amountCents);
  }
  return credits;
}
