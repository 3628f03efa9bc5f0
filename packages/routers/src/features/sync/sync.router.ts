import { ok } from '../../envelope';
import { authenticatedProcedure, publicProcedure, router, shopperProcedure } from '../../trpc';
import {
  SYNC_PAGE_DEFAULT,
  SYNC_PAGE_MAX,
  ZSyncChangesInput,
  ZSyncChangesOutput,
} from './changes.schemas';
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
    .query(({ ctx }) => ctx.services.sync.connection.status()),

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
      await ctx.services.sync.connection.heartbeat(input);
      return { success: true as const };
    }),

  changes: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/sync/changes',
        tags,
        protect: false,
        summary: 'Catalogue change feed',
        description: `What changed in the public catalogue (products, categories, banners, currencies, shipping methods, feature flags) since \`since\`, the \`next_cursor\` of an earlier answer. Without \`since\`: every live row as an upsert, paged, then the changes since that first page. Each change is \`{entity, id, op, data}\`: \`upsert\` with the row as its own read endpoint answers it (a product as GET /products/{id}), or \`delete\` with data null (deleted or hidden). One change per row per page, with its latest state; no change is ever skipped. \`limit\` 1–${SYNC_PAGE_MAX} (default ${SYNC_PAGE_DEFAULT}). Ask again while \`has_more\`. An expired or unknown cursor answers 410 SYNC_CURSOR_EXPIRED: start again without \`since\`.`,
      },
      errors: ['SYNC_CURSOR_EXPIRED'],
    })
    .input(ZSyncChangesInput)
    .output(ZSyncChangesOutput)
    .query(async ({ ctx, input }) => ok(await ctx.services.sync.feed.changes(input))),
});
