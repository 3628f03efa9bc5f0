import { ok } from '../../envelope';
import { catalogReadProcedure, router } from '../../trpc';
import { ZBannerIdentifierInput, ZBannerListOutput, ZBannerOutput } from './content.schemas';

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
    .query(async ({ ctx }) => ok(await ctx.services.content.banners.banners())),

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
    .query(async ({ ctx, input }) =>
      ok(await ctx.services.content.banners.banner(input.identifier)),
    ),
});
