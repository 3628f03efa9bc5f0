import { ok } from '../../envelope';
import { catalogReadProcedure, router } from '../../trpc';
import {
  ZBannerIdentifierInput,
  ZBannerListOutput,
  ZBannerOutput,
  ZCurrencyListOutput,
  ZCurrencyOutput,
} from './content.schemas';

export const bannersRouter = router({
  list: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/banners',
        tags: ['content'],
        summary: 'Banners shown now, by position',
        protect: false,
      },
    })
    .output(ZBannerListOutput)
    .query(async ({ ctx }) => ok(await ctx.services.content.banners())),

  detail: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/banners/{identifier}',
        tags: ['content'],
        summary: 'One banner by identifier (404 when unknown or not shown now)',
        errorResponses: [404],
        protect: false,
      },
    })
    .input(ZBannerIdentifierInput)
    .output(ZBannerOutput)
    .query(async ({ ctx, input }) => ok(await ctx.services.content.banner(input.identifier))),
});

export const currencyRouter = router({
  default: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/currency/default',
        tags: ['content'],
        summary: 'The store default currency (prices are in it)',
        errorResponses: [404],
        protect: false,
      },
    })
    .output(ZCurrencyOutput)
    .query(async ({ ctx }) => ok(await ctx.services.content.defaultCurrency())),

  list: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/currency',
        tags: ['content'],
        summary: 'Available currencies, the default first',
        protect: false,
      },
    })
    .output(ZCurrencyListOutput)
    .query(async ({ ctx }) => ok(await ctx.services.content.currencies())),
});
