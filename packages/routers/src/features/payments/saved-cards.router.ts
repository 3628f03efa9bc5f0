import { z } from 'zod';
import { envelope, ok, ZNullEnvelope } from '../../envelope';
import { customerProcedure, router } from '../../trpc';

export const ZSavedCard = z
  .object({
    id: z.string().meta({ description: 'Razorpay’s token id' }),
    network: z.string().nullable().meta({ description: 'Visa, MasterCard, RuPay…' }),
    last4: z.string().nullable(),
    expiry_month: z.number().int().nullable(),
    expiry_year: z.number().int().nullable(),
    issuer: z.string().nullable().meta({ description: 'The issuing bank’s code' }),
  })
  .meta({ id: 'SavedCard' });
const ZTokenIdInput = z.object({ id: z.string().trim().min(1).max(64) });
const tags = ['customer'];

/** Merged into `customer` (services.savedCards): cards saved at Razorpay (docs/contract.md). */
export const savedCardsRouter = router({
  savedCards: customerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/customer/saved-cards',
        tags,
        summary: 'List saved cards',
        description:
          'The cards the customer saved at Razorpay (RBI tokenisation: the shop stores no card data). Razorpay Checkout offers them when opened with the gateway order’s `customer_id`. Empty before the first card checkout, and on a shop without Razorpay.',
      },
      errors: ['SERVICE_UNAVAILABLE'],
    })
    .output(envelope(z.array(ZSavedCard)))
    .query(async ({ ctx }) => ok(await ctx.services.savedCards.list(ctx.session.user.id))),

  deleteSavedCard: customerProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/customer/saved-cards/{id}',
        tags,
        summary: 'Delete a saved card',
        description:
          'Deletes the card at Razorpay. A token id that is not one of the customer’s own cards answers 404 like an unknown one.',
      },
      errors: ['SERVICE_UNAVAILABLE'],
    })
    .input(ZTokenIdInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.savedCards.remove(ctx.session.user.id, input.id), 'Card deleted.'),
    ),
});
