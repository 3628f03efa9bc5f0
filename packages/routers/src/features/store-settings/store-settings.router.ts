import { ok } from '../../envelope';
import { catalogReadProcedure, router } from '../../trpc';
import { ZCurrencyListOutput, ZCurrencyOutput } from './store-settings.schemas';

export const currencyRouter = router({
  default: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/currency/default',
        tags: ['content'],
        protect: false,
        summary: 'Default currency',
        description:
          'The store default currency: every price is in it. Answers 404 while the shop has none configured.',
      },
      errors: ['NOT_FOUND'],
    })
    .output(ZCurrencyOutput)
    .query(async ({ ctx }) => ok(await ctx.services.storeSettings.currencies.default())),

  list: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/currency',
        tags: ['content'],
        protect: false,
        summary: 'List currencies',
        description: 'The currencies available, the default first, with their exchange rates.',
      },
    })
    .output(ZCurrencyListOutput)
    .query(async ({ ctx }) => ok(await ctx.services.storeSettings.currencies.list())),
});
