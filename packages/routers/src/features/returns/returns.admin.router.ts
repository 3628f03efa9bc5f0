import { ok } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import { toSettingsDto, ZReturnSettingsOutput, ZReturnSettingsUpdate } from './returns.schemas';

/** Merged into admin.settings (root.ts): the shop's return policy. */
export const returnSettingsAdminRouter = router({
  getReturns: adminProcedure
    .output(ZReturnSettingsOutput)
    .query(async ({ ctx }) => ok(toSettingsDto(await ctx.services.returns.settings.get()))),
  updateReturns: adminProcedure
    .input(ZReturnSettingsUpdate)
    .output(ZReturnSettingsOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        toSettingsDto(await ctx.services.returns.settings.update(input)),
        'Return settings saved.',
      ),
    ),
});
