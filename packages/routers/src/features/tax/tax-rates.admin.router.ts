import { ok, ZNullEnvelope } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import {
  ZAdminTaxRateListOutput,
  ZAdminTaxRateOutput,
  ZTaxCountryInput,
  ZTaxRateInput,
} from './tax-rates.admin.schemas';

/** admin.taxRates (/trpc only): a country's single rate, over tax rules. */
export const taxRatesAdminRouter = router({
  list: adminProcedure('settings:write')
    .output(ZAdminTaxRateListOutput)
    .query(async ({ ctx }) => ok(await ctx.services.tax.rates.list())),
  /** Creates or replaces a country's rate; country "*" is the default rate. */
  set: adminProcedure('settings:write')
    .meta({ audit: { id: 'country' } })
    .input(ZTaxRateInput)
    .output(ZAdminTaxRateOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.tax.rates.set(input), 'Tax rate saved.'),
    ),
  /** The country falls back to the default rate; the default ("*") cannot be deleted (422). */
  delete: adminProcedure('settings:write')
    .meta({ audit: { id: 'country' } })
    .input(ZTaxCountryInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.tax.rates.delete(input.country), 'Tax rate deleted.'),
    ),
});
