import { ok } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import {
  ZLoyaltyAdjustInput,
  ZLoyaltyCustomerInput,
  ZLoyaltyOutput,
  ZLoyaltySettings,
  ZLoyaltySettingsOutput,
} from './loyalty.schemas';

/** admin.loyalty (/trpc only): the rates, and a customer's points. */
export const loyaltyAdminRouter = router({
  getSettings: adminProcedure('marketing:write')
    .output(ZLoyaltySettingsOutput)
    .query(async ({ ctx }) => ok(await ctx.services.loyalty.getSettings())),
  updateSettings: adminProcedure('marketing:write')
    .input(ZLoyaltySettings)
    .output(ZLoyaltySettingsOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.loyalty.updateSettings(input), 'Loyalty settings saved.'),
    ),
  /** A customer's balance and history (the panel's customer page). */
  customer: adminProcedure('customers:read')
    .input(ZLoyaltyCustomerInput)
    .output(ZLoyaltyOutput)
    .query(async ({ ctx, input }) => {
      const { customer_id, ...pageRequest } = input;
      const { data, meta } = await ctx.services.loyalty.account(customer_id, pageRequest);
      return { success: true as const, data, meta };
    }),
  /** `points` may be negative, down to the balance; the ledger row is `adjusted`. */
  adjust: adminProcedure('marketing:write')
    .meta({ audit: { target: 'customer', id: 'customer_id' } })
    .input(ZLoyaltyAdjustInput)
    .output(ZLoyaltyOutput)
    .mutation(async ({ ctx, input }) => {
      const { data, meta } = await ctx.services.loyalty.adjust(input);
      return { success: true as const, message: 'Points adjusted.', data, meta };
    }),
});
