import { ok } from '../../envelope';
import { customerProcedure, router, shopperProcedure } from '../../trpc';
import { ZCartOutput } from '../cart';
import {
  ZApplyGiftCardInput,
  ZGiftCardBalanceInput,
  ZGiftCardBalanceOutput,
  ZStoreCreditOutput,
} from './gift-cards.schemas';

const tags = ['gift-cards'];

/**
 * The app's gift card operations. apply/remove live at cart paths but in this slice; they answer
 * the cart as GET /cart shows it.
 */
export const giftCardsRouter = router({
  balance: customerProcedure
    .meta({ feature: 'gift_cards' })
    .meta({
      openapi: {
        method: 'POST',
        path: '/gift-cards/balance',
        tags,
        summary: 'Gift card balance',
        description:
          'The balance of a gift card by its code (compared case- and dash-insensitively). Unknown or disabled: 404 GIFT_CARD_NOT_FOUND; expired: 422 GIFT_CARD_EXPIRED. At most 20 lookups per customer per hour, known codes or not (balance lookups and applies together): then every lookup and apply, of a real code too, answers 429 RATE_LIMITED with Retry-After until the hour passes. 403 FEATURE_DISABLED while gift cards are off.',
      },
      errors: ['GIFT_CARD_NOT_FOUND', 'GIFT_CARD_EXPIRED', 'RATE_LIMITED', 'FEATURE_DISABLED'],
    })
    .input(ZGiftCardBalanceInput)
    .output(ZGiftCardBalanceOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.giftCards.balance(ctx.session.user.id, input.code)),
    ),

  storeCredit: shopperProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/store-credit',
        tags: ['customer'],
        summary: 'Store credit',
        description:
          "The caller's store credit: gift cards issued to them by refunded returns (refund_to store_credit, or a cash-on-delivery order), with their codes, each applied at checkout like any gift card (POST /cart/apply-gift-card). Only cards that can still pay are listed (active, unexpired, with a balance); balance is their sum. Empty: balance 0 and no cards. A guest session sees the guest's own (they follow the orders to the account on sign-in).",
      },
    })
    .output(ZStoreCreditOutput)
    .query(async ({ ctx }) => ok(await ctx.services.giftCards.storeCredit(ctx.session.user.id))),

  applyGiftCard: customerProcedure
    .meta({ feature: 'gift_cards' })
    .meta({
      openapi: {
        method: 'POST',
        path: '/cart/apply-gift-card',
        tags: ['cart'],
        summary: 'Apply gift card',
        description:
          'Applies a gift card to the cart: up to 3 cards, each once (422 errors.gift_card_code otherwise). Cards pay after loyalty points, first applied first spent; the cart shows gift_cards, gift_card_amount and amount_due. Unknown codes: 404 GIFT_CARD_NOT_FOUND. Each apply counts like a balance lookup (429 past 20 an hour); expired: 422 GIFT_CARD_EXPIRED. 403 FEATURE_DISABLED while gift cards are off.',
      },
      errors: ['GIFT_CARD_NOT_FOUND', 'GIFT_CARD_EXPIRED', 'RATE_LIMITED', 'FEATURE_DISABLED'],
    })
    .input(ZApplyGiftCardInput)
    .output(ZCartOutput)
    .mutation(async ({ ctx, input }) => {
      const userId = ctx.session.user.id;
      await ctx.services.giftCards.apply(userId, input.gift_card_code);
      return ok(await ctx.services.cart.get(userId), 'Gift card applied.');
    }),

  removeGiftCard: customerProcedure
    .meta({ feature: 'gift_cards' })
    .meta({
      openapi: {
        method: 'POST',
        path: '/cart/remove-gift-card',
        tags: ['cart'],
        summary: 'Remove gift card',
        description:
          'Takes a gift card off the cart (404 GIFT_CARD_NOT_FOUND when it is not on it). Answers the cart. 403 FEATURE_DISABLED while gift cards are off.',
      },
      errors: ['GIFT_CARD_NOT_FOUND', 'FEATURE_DISABLED'],
    })
    .input(ZApplyGiftCardInput)
    .output(ZCartOutput)
    .mutation(async ({ ctx, input }) => {
      const userId = ctx.session.user.id;
      await ctx.services.giftCards.remove(userId, input.gift_card_code);
      return ok(await ctx.services.cart.get(userId), 'Gift card removed.');
    }),
});
