import type { Credits } from '@storefront/pricing';
import { centsToAmount } from '../../money';
import { type PricedCart, toCartDto } from './cart.priced';
import type { CartDto } from './cart.schemas';

export type CartCreditFields = Pick<
  CartDto,
  'gift_cards' | 'gift_card_amount' | 'loyalty_points' | 'loyalty_amount' | 'amount_due'
>;

/** No gift card and no points: the whole total is due. */
export const noCredits = async (priced: PricedCart): Promise<CartCreditFields> => ({
  gift_cards: [],
  gift_card_amount: 0,
  loyalty_points: 0,
  loyalty_amount: 0,
  amount_due: toCartDto(priced).total,
});

export type CreditFlag = 'gift_cards' | 'loyalty_points';

/**
 * Whom the credits are read for: a cart's answer (what it shows, remembered; switched-off
 * credits dropped; never refused), or the order — before the gateway is asked (`lock: false`)
 * and in its transaction with the cards and the account locked (`lock: true`) — held to what the
 * cart last showed (422 GIFT_CARD_BALANCE_CHANGED / LOYALTY_BALANCE_CHANGED).
 */
export type CreditsUse = { for: 'answer' } | { for: 'order'; lock: boolean };

/**
 * The port the cart and checkout are given, bound to the executor the cart is read with: what
 * gift cards and points pay of a priced cart (gift cards' `cartCreditsReader`, which reads both
 * slices' rows; the arithmetic is @storefront/pricing's). The cart names neither slice, so
 * the import graph keeps gift cards and loyalty above the cart (docs/architecture.md).
 */
export type CartCreditsReader = (
  priced: PricedCart,
  options: CreditsUse & { now: Date; isEnabled: (flag: CreditFlag) => Promise<boolean> },
) => Promise<Credits>;

/** The fields the cart and order DTOs gain, from computed credits. */
export function creditFields(credits: Credits): CartCreditFields {
  return {
    gift_cards: credits.cards
      .filter((card) => card.amountCents > 0)
      .map((card) => ({ last4: card.last4, amount: centsToAmount(card.amountCents) })),
    gift_card_amount: centsToAmount(credits.giftCardCents),
    loyalty_points: credits.loyaltyPoints,
    loyalty_amount: centsToAmount(credits.loyaltyCents),
    amount_due: centsToAmount(credits.amountDueCents),
  };
}

/**
 * The credit fields of a cart's answer; nothing read for carts that never had a gift card or
 * points applied (`carts.credits_applied`, docs/performance.md "Cart credits").
 */
export async function cartCreditFields(
  credits: CartCreditsReader,
  priced: PricedCart,
  options: { now: Date; isEnabled: (flag: CreditFlag) => Promise<boolean> },
): Promise<CartCreditFields> {
  if (!priced.cart.creditsApplied) return noCredits(priced);
  return creditFields(await credits(priced, { for: 'answer', ...options }));
}
