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
    .query(async ({ ctx }) => ok(await ctx.services.content.admin.banners())),
  create: adminProcedure
    .input(ZBannerInput)
    .output(ZAdminBannerOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.content.admin.createBanner(input), 'Banner created.'),
    ),
  update: adminProcedure
    .input(ZBannerUpdateInput)
    .output(ZAdminBannerOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      return ok(await ctx.services.content.admin.updateBanner(id, changes), 'Banner updated.');
    }),
  delete: adminProcedure
    .input(ZIdInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.content.admin.deleteBanner(input.id), 'Banner deleted.'),
    ),
});
