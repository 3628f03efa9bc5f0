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
        protect: false,
        summary: 'List banners',
        description: 'The banners shown now (active, within their dates), by position.',
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
        protect: false,
        summary: 'Get banner',
        description: 'One banner by its identifier; 404 when unknown or not shown now.',
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
        protect: false,
        summary: 'Default currency',
        description:
          'The store default currency: every price is in it. Answers 404 while the shop has none configured.',
      },
      errors: ['NOT_FOUND'],
    })
    .output(ZCurrencyOutput)
    .query(async ({ ctx }) => ok(await ctx.services.content.defaultCurrency())),

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
    .query(async ({ ctx }) => ok(await ctx.services.content.currencies())),
});
