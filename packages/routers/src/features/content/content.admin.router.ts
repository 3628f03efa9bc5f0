import { ok, ZNullEnvelope } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import { ZIdInput } from '../../zod-helpers';
import {
  ZAdminBannerListOutput,
  ZAdminBannerOutput,
  ZBannerInput,
  ZBannerUpdateInput,
} from './content.admin.schemas';

/** admin.banners (/trpc only). */
export const bannersAdminRouter = router({
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
