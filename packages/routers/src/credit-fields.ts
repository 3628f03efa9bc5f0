import { z } from 'zod';

/** The fields the cart and the order gain (the spec's fields keep their meaning). */
export const giftCardAmountFields = {
  gift_cards: z
    .array(z.object({ last4: z.string(), amount: z.number() }).meta({ id: 'AppliedGiftCard' }))
    .meta({ description: 'Gift cards paying for it, in the order they were applied' }),
  gift_card_amount: z.number().meta({ description: 'What the gift cards pay of the total' }),
  loyalty_points: z.number().int().meta({ description: 'Loyalty points paying for it' }),
  loyalty_amount: z.number().meta({ description: 'What the loyalty points pay of the total' }),
  amount_due: z.number().meta({
    description:
      'total − gift_card_amount − loyalty_amount, never below 0: what the gateway charges or cash on delivery collects',
  }),
};
