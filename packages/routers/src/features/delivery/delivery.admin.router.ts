import { ok, page } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import {
  ZDeleteRulesInput,
  ZDeleteRulesOutput,
  ZDeliveryRuleListInput,
  ZDeliveryRuleListOutput,
  ZDeliverySettingsOutput,
  ZDeliverySettingsUpdateInput,
  ZImportRulesInput,
  ZImportRulesOutput,
} from './delivery.admin.schemas';

/* admin.delivery and admin.settings' getDelivery / updateDelivery (/trpc only). */

export const deliveryAdminRouter = router({
  /** A file with a bad line imports nothing: `rejected` lists every bad line (header = 1). */
  importRules: adminProcedure('settings:write')
    .input(ZImportRulesInput)
    .output(ZImportRulesOutput)
    .mutation(async ({ ctx, input }) => {
      const result = await ctx.services.delivery.rules.import(input.csv);
      const message =
        result.rejected.length > 0 ? 'Nothing imported: fix the lines listed.' : 'Rules imported.';
      return ok(result, message);
    }),
  listRules: adminProcedure('settings:write')
    .input(ZDeliveryRuleListInput)
    .output(ZDeliveryRuleListOutput)
    .query(async ({ ctx, input }) => {
      const { items, meta } = await ctx.services.delivery.rules.list(input);
      return page(items, meta);
    }),
  deleteRules: adminProcedure('settings:write')
    .input(ZDeleteRulesInput)
    .output(ZDeleteRulesOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.delivery.rules.delete(input.ids), 'Rules deleted.'),
    ),
});

/** Merged into admin.settings (root.ts), beside the feature flags and tax. */
export const deliverySettingsAdminRouter = router({
  getDelivery: adminProcedure('settings:write')
    .output(ZDeliverySettingsOutput)
    .query(async ({ ctx }) => ok(await ctx.services.delivery.settings.get())),
  updateDelivery: adminProcedure('settings:write')
    .input(ZDeliverySettingsUpdateInput)
    .output(ZDeliverySettingsOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.delivery.settings.update(input), 'Delivery settings saved.'),
    ),
});
