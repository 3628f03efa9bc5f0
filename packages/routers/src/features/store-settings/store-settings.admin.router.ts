import { ok, ZNullEnvelope } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import {
  ZAdminCurrencyListOutput,
  ZAdminCurrencyOutput,
  ZAdminShippingMethodListOutput,
  ZAdminShippingMethodOutput,
  ZCurrencyCodeInput,
  ZCurrencyInput,
  ZCurrencyUpdateInput,
  ZShippingCodeInput,
  ZShippingMethodInput,
  ZShippingMethodUpdateInput,
} from './store-settings.admin.schemas';

/* admin.currencies and admin.shippingMethods (/trpc only); admin.taxRates is the tax slice's. */

export const currenciesAdminRouter = router({
  list: adminProcedure('settings:write')
    .output(ZAdminCurrencyListOutput)
    .query(async ({ ctx }) => ok(await ctx.services.storeSettings.admin.currencies())),
  /** A display currency; the default currency is the one prices are stored in. */
  create: adminProcedure('settings:write')
    .meta({ audit: { id: 'code' } })
    .input(ZCurrencyInput)
    .output(ZAdminCurrencyOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.storeSettings.admin.createCurrency(input), 'Currency created.'),
    ),
  update: adminProcedure('settings:write')
    .meta({ audit: { id: 'code' } })
    .input(ZCurrencyUpdateInput)
    .output(ZAdminCurrencyOutput)
    .mutation(async ({ ctx, input }) => {
      const { code, ...changes } = input;
      return ok(
        await ctx.services.storeSettings.admin.updateCurrency(code, changes),
        'Currency updated.',
      );
    }),
  /** 422 for the default currency. */
  delete: adminProcedure('settings:write')
    .meta({ audit: { id: 'code' } })
    .input(ZCurrencyCodeInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.storeSettings.admin.deleteCurrency(input.code), 'Currency deleted.'),
    ),
});

export const shippingMethodsAdminRouter = router({
  list: adminProcedure('settings:write')
    .output(ZAdminShippingMethodListOutput)
    .query(async ({ ctx }) => ok(await ctx.services.storeSettings.admin.shippingMethods())),
  create: adminProcedure('settings:write')
    .meta({ audit: { id: 'code' } })
    .input(ZShippingMethodInput)
    .output(ZAdminShippingMethodOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.storeSettings.admin.createShippingMethod(input),
        'Shipping method created.',
      ),
    ),
  update: adminProcedure('settings:write')
    .meta({ audit: { id: 'code' } })
    .input(ZShippingMethodUpdateInput)
    .output(ZAdminShippingMethodOutput)
    .mutation(async ({ ctx, input }) => {
      const { code, ...changes } = input;
      return ok(
        await ctx.services.storeSettings.admin.updateShippingMethod(code, changes),
        'Shipping method updated.',
      );
    }),
  /** Checkout no longer offers or accepts it. */
  deactivate: adminProcedure('settings:write')
    .meta({ audit: { id: 'code' } })
    .input(ZShippingCodeInput)
    .output(ZAdminShippingMethodOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.storeSettings.admin.deactivateShippingMethod(input.code),
        'Shipping method deactivated.',
      ),
    ),
});
