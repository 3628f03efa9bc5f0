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
  list: adminProcedure('marketing:write')
    .output(ZAdminBannerListOutput)
    .query(async ({ ctx }) => ok(await ctx.services.content.admin.banners())),
  create: adminProcedure('marketing:write')
    .input(ZBannerInput)
    .output(ZAdminBannerOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.content.admin.createBanner(input), 'Banner created.'),
    ),
  update: adminProcedure('marketing:write')
    .input(ZBannerUpdateInput)
    .output(ZAdminBannerOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      return ok(await ctx.services.content.admin.updateBanner(id, changes), 'Banner updated.');
    }),
  delete: adminProcedure('marketing:write')
    .input(ZIdInput)
    .output(ZNullEnvelope)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.content.admin.deleteBanner(input.id), 'Banner deleted.'),
    ),
});
