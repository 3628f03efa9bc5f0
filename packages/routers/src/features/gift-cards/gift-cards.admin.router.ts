import { ok, page } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import {
  ZAdminGiftCardDetailOutput,
  ZAdminGiftCardListOutput,
  ZAdminGiftCardOutput,
  ZGiftCardIdInput,
  ZGiftCardListInput,
  ZIssuedGiftCardOutput,
  ZIssueGiftCardInput,
} from './gift-cards.schemas';

/** admin.giftCards (/trpc only). Issuing works whatever the flag: the shop prepares cards. */
export const giftCardsAdminRouter = router({
  /** The full code is in this answer only; the shop stores its hash and last 4 characters. */
  issue: adminProcedure('marketing:write')
    .input(ZIssueGiftCardInput)
    .output(ZIssuedGiftCardOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.giftCards.issue(input), 'Gift card issued.'),
    ),
  list: adminProcedure('marketing:write')
    .input(ZGiftCardListInput)
    .output(ZAdminGiftCardListOutput)
    .query(async ({ ctx, input }) => {
      const { items, meta } = await ctx.services.giftCards.list(input);
      return page(items, meta);
    }),
  get: adminProcedure('marketing:write')
    .input(ZGiftCardIdInput)
    .output(ZAdminGiftCardDetailOutput)
    .query(async ({ ctx, input }) => ok(await ctx.services.giftCards.get(input.id))),
  disable: adminProcedure('marketing:write')
    .input(ZGiftCardIdInput)
    .output(ZAdminGiftCardOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.giftCards.disable(input.id), 'Gift card disabled.'),
    ),
});
