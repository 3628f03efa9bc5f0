import { ok } from '../../envelope';
import { catalogReadProcedure, router } from '../../trpc';
import { ZFeaturesOutput } from './settings.schemas';

export const featuresRouter = router({
  list: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/features',
        tags: ['features'],
        summary: 'Which optional features are switched on',
        protect: false,
      },
    })
    .output(ZFeaturesOutput)
    .query(async ({ ctx }) => ok(await ctx.services.settings.featureFlags())),
});
