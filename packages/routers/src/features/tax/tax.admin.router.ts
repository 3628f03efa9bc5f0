import { ok, ZNullEnvelope } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import {
  ZAdminTaxCategoryListOutput,
  ZAdminTaxCategoryOutput,
  ZAdminTaxRuleListOutput,
  ZAdminTaxRuleOutput,
  ZIndiaGstPresetInput,
  ZIndiaGstPresetOutput,
  ZTaxCategoryInput,
  ZTaxCategoryUpdateInput,
  ZTaxIdInput,
  ZTaxRuleInput,
  ZTaxRuleUpdateInput,
  ZTaxSettingsOutput,
  ZTaxSettingsUpdateInput,
} from './tax.admin.schemas';

/* admin.taxCategories, admin.taxRules and admin.settings' getTax / updateTax (/trpc only). */

export const taxCategoriesAdminRouter = router({
  list: adminProcedure('settings:write')
    .output(ZAdminTaxCategoryListOutput)
    .query(async ({ ctx }) => ok(await ctx.services.tax.categories.list())),
  /** 409 TAX_CATEGORY_EXISTS when the (upper-cased) code is taken. */
  create: adminProcedure('settings:write')
    .input(ZTaxCategoryInput)
    .output(ZAdminTaxCategoryOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.tax.categories.create(input), 'Tax category created.'),
    ),
  update: adminProcedure('settings:write')
    .input(ZTaxCategoryUpdateInput)
    .output(ZAdminTaxCategoryOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      return ok(await ctx.services.tax.categories.update(id, changes), 'Tax category updated.');
    }),
  /** 409 TAX_CATEGORY_IN_USE while a product or a rule names it. */
  delete: adminProcedure('settings:write')
    .input(ZTaxIdInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.tax.categories.delete(input.id), 'Tax category deleted.'),
    ),
});

export const taxRulesAdminRouter = router({
  list: adminProcedure('settings:write')
    .output(ZAdminTaxRuleListOutput)
    .query(async ({ ctx }) => ok(await ctx.services.tax.rules.list())),
  /** 409 TAX_RULE_EXISTS when a rule has the same country, region and category. */
  create: adminProcedure('settings:write')
    .input(ZTaxRuleInput)
    .output(ZAdminTaxRuleOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.tax.rules.create(input), 'Tax rule created.'),
    ),
  update: adminProcedure('settings:write')
    .input(ZTaxRuleUpdateInput)
    .output(ZAdminTaxRuleOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      return ok(await ctx.services.tax.rules.update(id, changes), 'Tax rule updated.');
    }),
  delete: adminProcedure('settings:write')
    .input(ZTaxIdInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.tax.rules.delete(input.id), 'Tax rule deleted.'),
    ),
  /** India's GST categories and rules, creating only what is missing. */
  presetIndiaGst: adminProcedure('settings:write')
    .input(ZIndiaGstPresetInput)
    .output(ZIndiaGstPresetOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.tax.presetIndiaGst(input), 'India GST rules added.'),
    ),
});

/** Merged into admin.settings (root.ts), beside the feature flags. */
export const taxSettingsAdminRouter = router({
  getTax: adminProcedure('settings:write')
    .output(ZTaxSettingsOutput)
    .query(async ({ ctx }) => ok(await ctx.services.tax.settings.get())),
  updateTax: adminProcedure('settings:write')
    .input(ZTaxSettingsUpdateInput)
    .output(ZTaxSettingsOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.tax.settings.update(input), 'Tax settings saved.'),
    ),
});
