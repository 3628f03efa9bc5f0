import { authenticatedProcedure, router, shopperProcedure } from '../../trpc';
import { ZHeartbeatInput, ZHeartbeatOutput, ZSyncStatus } from './sync.schemas';

const tags = ['sync'];

export const syncRouter = router({
  status: authenticatedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/system/api-sync/status',
        tags,
        summary: 'Sync status',
        description:
          'Mobile-app connectivity for the admin panel, as a bare object without the envelope. `connected` is true when a heartbeat arrived within 120 s: an explicit POST /system/api-sync/heartbeat, or any authenticated request of a customer (coalesced to one write per server instance every 15 s). Reading this status is not itself a heartbeat.',
      },
    })
    .output(ZSyncStatus)
    .query(({ ctx }) => ctx.services.sync.status()),

  heartbeat: shopperProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/system/api-sync/heartbeat',
        tags,
        summary: 'Send heartbeat',
        description:
          "Reports the app's connectivity, with an optional status and message shown in the admin panel; every authenticated request of a customer also counts as a heartbeat.",
      },
    })
    .input(ZHeartbeatInput)
    .output(ZHeartbeatOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.services.sync.heartbeat(input);
      return { success: true as const };
    }),
});
