import { ok } from '../../envelope';
import { catalogReadProcedure, router } from '../../trpc';
import { ZFeaturesOutput } from './feature-flags.schemas';

export const featuresRouter = router({
  list: catalogReadProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/features',
        tags: ['features'],
        protect: false,
        summary: 'Feature flags',
        description:
          'Which optional features (wishlist, reviews, coupons, AI descriptions) are switched on; operations of a feature that is off answer 403 FEATURE_DISABLED.',
      },
    })
    .output(ZFeaturesOutput)
    .query(async ({ ctx }) => ok(await ctx.services.storeSettings.features.featureFlags())),
});
