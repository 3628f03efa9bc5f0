import { ok } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import { ZFeaturesOutput, ZSetFeatureInput } from './feature-flags.admin.schemas';

/** admin.settings (/trpc only): feature flags. */
export const settingsAdminRouter = router({
  features: adminProcedure('settings:write')
    .output(ZFeaturesOutput)
    .query(async ({ ctx }) => ok(await ctx.services.storeSettings.features.featureFlags())),
  setFeature: adminProcedure('settings:write')
    .input(ZSetFeatureInput)
    .output(ZFeaturesOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.storeSettings.features.setFeature(input.flag, input.enabled)),
    ),
});
