import { ok, ZNullEnvelope } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import { ZIdInput } from './admin.schemas';
import {
  ZAdminBannerListOutput,
  ZAdminBannerOutput,
  ZAdminCurrencyListOutput,
  ZAdminCurrencyOutput,
  ZAdminShippingMethodListOutput,
  ZAdminShippingMethodOutput,
  ZAdminTaxRateListOutput,
  ZAdminTaxRateOutput,
  ZBannerInput,
  ZBannerUpdateInput,
  ZCurrencyCodeInput,
  ZCurrencyInput,
  ZCurrencyUpdateInput,
  ZShippingCodeInput,
  ZShippingMethodInput,
  ZShippingMethodUpdateInput,
  ZTaxCountryInput,
  ZTaxRateInput,
} from './admin-store.schemas';

/* The store's content and checkout configuration, part of the admin router (/trpc only). */

export const bannersRouter = router({
  /** Every banner, including inactive and scheduled ones. */
  list: adminProcedure
    .output(ZAdminBannerListOutput)
    .query(async ({ ctx }) => ok(await ctx.services.contentAdmin.banners())),
  create: adminProcedure
    .input(ZBannerInput)
    .output(ZAdminBannerOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.contentAdmin.createBanner(input), 'Banner created.'),
    ),
  update: adminProcedure
    .input(ZBannerUpdateInput)
    .output(ZAdminBannerOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      return ok(await ctx.services.contentAdmin.updateBanner(id, changes), 'Banner updated.');
    }),
  delete: adminProcedure
    .input(ZIdInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.contentAdmin.deleteBanner(input.id), 'Banner deleted.'),
    ),
});

export const currenciesRouter = router({
  list: adminProcedure
    .output(ZAdminCurrencyListOutput)
    .query(async ({ ctx }) => ok(await ctx.services.contentAdmin.currencies())),
  /** A display currency; the default currency is the one prices are stored in. */
  create: adminProcedure
    .input(ZCurrencyInput)
    .output(ZAdminCurrencyOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.contentAdmin.createCurrency(input), 'Currency created.'),
    ),
  update: adminProcedure
    .input(ZCurrencyUpdateInput)
    .output(ZAdminCurrencyOutput)
    .mutation(async ({ ctx, input }) => {
      const { code, ...changes } = input;
      return ok(await ctx.services.contentAdmin.updateCurrency(code, changes), 'Currency updated.');
    }),
  /** 422 for the default currency. */
  delete: adminProcedure
    .input(ZCurrencyCodeInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.contentAdmin.deleteCurrency(input.code), 'Currency deleted.'),
    ),
});

export const shippingMethodsRouter = router({
  list: adminProcedure
    .output(ZAdminShippingMethodListOutput)
    .query(async ({ ctx }) => ok(await ctx.services.cartAdmin.shippingMethods())),
  create: adminProcedure
    .input(ZShippingMethodInput)
    .output(ZAdminShippingMethodOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.cartAdmin.createShippingMethod(input), 'Shipping method created.'),
    ),
  update: adminProcedure
    .input(ZShippingMethodUpdateInput)
    .output(ZAdminShippingMethodOutput)
    .mutation(async ({ ctx, input }) => {
      const { code, ...changes } = input;
      return ok(
        await ctx.services.cartAdmin.updateShippingMethod(code, changes),
        'Shipping method updated.',
      );
    }),
  /** Checkout no longer offers or accepts it. */
  deactivate: adminProcedure
    .input(ZShippingCodeInput)
    .output(ZAdminShippingMethodOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.cartAdmin.deactivateShippingMethod(input.code),
        'Shipping method deactivated.',
      ),
    ),
});

export const taxRatesRouter = router({
  list: adminProcedure
    .output(ZAdminTaxRateListOutput)
    .query(async ({ ctx }) => ok(await ctx.services.cartAdmin.taxRates())),
  /** Creates or replaces a country's rate; country "*" is the default rate. */
  set: adminProcedure
    .input(ZTaxRateInput)
    .output(ZAdminTaxRateOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.cartAdmin.setTaxRate(input), 'Tax rate saved.'),
    ),
  /** The country falls back to the default rate; the default ("*") cannot be deleted (422). */
  delete: adminProcedure
    .input(ZTaxCountryInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.cartAdmin.deleteTaxRate(input.country), 'Tax rate deleted.'),
    ),
});
