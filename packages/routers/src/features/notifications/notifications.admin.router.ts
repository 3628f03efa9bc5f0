import { ok, page } from '../../envelope';
import { adminProcedure, router } from '../../trpc';
import {
  ZCampaignListInput,
  ZCampaignListOutput,
  ZSendCampaignInput,
  ZSendCampaignOutput,
} from './notifications.admin.schemas';

/** admin.notifications (/trpc only): promotion campaigns and their counts. */
export const notificationsAdminRouter = router({
  send: adminProcedure('marketing:write')
    .input(ZSendCampaignInput)
    .output(ZSendCampaignOutput)
    .mutation(async ({ ctx, input }) =>
      ok(await ctx.services.notifications.sendCampaign(input), 'Campaign queued.'),
    ),
  list: adminProcedure('marketing:write')
    .input(ZCampaignListInput)
    .output(ZCampaignListOutput)
    .query(async ({ ctx, input }) => {
      const { items, meta } = await ctx.services.notifications.listCampaigns(input);
      return page(items, meta);
    }),
});
