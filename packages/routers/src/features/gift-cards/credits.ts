import type { Executor } from '@storefront/db/client';
import type { Credits } from '@storefront/pricing';
import type { CartCreditsReader, PricedCart } from '../cart';
import {
  createLoyaltyRepository,
  type LoyaltyRepository,
  lockLoyalty,
  previewLoyalty,
  recordShownPoints,
  showLoyalty,
} from '../loyalty';
import { lockGiftCards, previewGiftCards, showGiftCards } from './gift-card-spend.steps';
import { createGiftCardsRepository, type GiftCardsRepository } from './gift-cards.repository';

/** The repositories credits are read with, bound to the cart's executor. */
export interface CreditRepositories {
  giftCards: GiftCardsRepository;
  loyalty: LoyaltyRepository;
}

/**
 * What gift cards and points pay of a priced cart: points first, then the cards (the arithmetic
 * in @storefront/pricing, credits.ts). The one reader of both for GET /cart, the preview before
 * the gateway and the lock in the order's transaction. `isEnabled` is asked at most once per
 * flag, and for an answer only when something is applied.
 */
export const creditsFor = async (
  repos: CreditRepositories,
  priced: PricedCart,
  options: Parameters<CartCreditsReader>[1],
): Promise<Credits> => {
  const cart = { cartId: priced.cart.id, userId: priced.cart.userId };
  const { totalCents } = priced.totals;
  const { now, isEnabled } = options;
  if (options.for === 'answer') {
    const loyalty = await showLoyalty(repos, {
      ...cart,
      enabled: () => isEnabled('loyalty_points'),
    });
    const credits = await showGiftCards(repos, {
      cartId: cart.cartId,
      totalCents,
      enabled: () => isEnabled('gift_cards'),
      now,
      loyalty,
    });
    await recordShownPoints(repos, cart.cartId, loyalty, credits.loyaltyPoints);
    return credits;
  }
  const [pointsStep, cardsStep] = options.lock
    ? [lockLoyalty, lockGiftCards]
    : [previewLoyalty, previewGiftCards];
  const loyaltyOn = await isEnabled('loyalty_points');
  const enabled = await isEnabled('gift_cards');
  const loyalty = loyaltyOn ? await pointsStep(repos, cart) : undefined;
  return cardsStep(repos, { cartId: cart.cartId, totalCents, enabled, now, loyalty });
};

/**
 * The cart's credits port (cart.credits.ts): `creditsFor` on gift cards' and loyalty's
 * repositories bound to the executor the cart is read with, in or out of its transaction.
 */
export function cartCreditsReader(executor: Executor): CartCreditsReader {
  const repos: CreditRepositories = {
    giftCards: createGiftCardsRepository(executor),
    loyalty: createLoyaltyRepository(executor),
  };
  return (priced, options) => creditsFor(repos, priced, options);
}
